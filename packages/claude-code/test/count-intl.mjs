// `node --import` into a hook process by hook-main.test.ts: counts the `Intl.Segmenter` and
// `Intl.DateTimeFormat` objects the process makes (the first of each loads ICU data, milliseconds
// of CPU) and appends `{ Segmenter, DateTimeFormat }` as JSON to MEMFILES_TEST_INTL_LOG at exit.
import { appendFileSync } from "node:fs";

const made = { Segmenter: 0, DateTimeFormat: 0 };
for (const name of Object.keys(made)) {
  // Made with or without `new` (`Intl.DateTimeFormat()` is a call).
  const count = (make) => {
    made[name]++;
    return make();
  };
  Intl[name] = new Proxy(Intl[name], {
    construct: (target, args) => count(() => Reflect.construct(target, args)),
    apply: (target, self, args) => count(() => Reflect.apply(target, self, args)),
  });
}
process.on("exit", () =>
  appendFileSync(process.env.MEMFILES_TEST_INTL_LOG, `${JSON.stringify(made)}\n`),
);
