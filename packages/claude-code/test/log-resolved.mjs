// `node --import` into a hook process by hook-main.test.ts: appends the URL of every module the
// process resolves (one a line) to the file named by MEMFILES_TEST_RESOLVED_LOG.
import { register } from "node:module";

const hooks = `
import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.MEMFILES_TEST_RESOLVED_LOG, result.url + "\\n");
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
