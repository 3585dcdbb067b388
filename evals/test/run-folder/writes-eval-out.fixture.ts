import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { OUT_DIR_ENV } from "../../src/report/run-history.js";

// What `pnpm eval` and `pnpm eval:ab` do without --out: write the report where the env says.
it("writes a report where the CLIs write theirs", async () => {
  const out = process.env[OUT_DIR_ENV] as string;
  await mkdir(out, { recursive: true });
  await writeFile(join(out, "report.html"), "<html></html>\n");
  expect(await readFile(join(out, "report.html"), "utf8")).toBe("<html></html>\n");
});
