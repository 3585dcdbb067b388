import { execFile } from "node:child_process";
import { mkdtemp, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const EVALS = fileURLToPath(new URL("..", import.meta.url));
const VITEST = join(
  dirname(createRequire(import.meta.url).resolve("vitest/package.json")),
  "vitest.mjs",
);

// Starts a second vitest with evals' config (one fixture file): 3-10 s alone, more on the shared
// 2 cores, so 120 s.
it("a test run leaves nothing in TMPDIR, the CLIs' report folder included", {
  timeout: 120_000,
}, async () => {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-run-folder-"));
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: folder, NO_COLOR: "1" };
  // As a run started from a shell: no run folder yet, no report folder named.
  for (const name of [
    "MEMFILES_TEST_RUN_FOLDER",
    "MEMFILES_EVAL_OUT",
    "MEMFILES_EVAL_HISTORY",
    "FORCE_COLOR",
  ]) {
    delete env[name];
  }
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [VITEST, "run", "--config", "test/run-folder/vitest.config.ts"],
    { cwd: EVALS, env },
  );
  expect(stdout).toMatch(/Tests\s+1 passed/);
  expect(await readdir(folder)).toEqual([]);
});
