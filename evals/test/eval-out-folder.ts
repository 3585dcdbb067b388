// Vitest global setup (after the run's temporary folder is made): the CLIs write report.html and
// append to history.jsonl, so tests point both at a folder inside the run's own temporary folder,
// never at evals/out, and the run's teardown removes it with the rest.
import { join } from "node:path";
import { HISTORY_FILE_ENV, OUT_DIR_ENV } from "../src/report/run-history.js";

export default function setup(): void {
  const runFolder = process.env.MEMFILES_TEST_RUN_FOLDER;
  if (runFolder === undefined) {
    throw new Error(
      "evals' eval-out setup runs after scripts/vitest-temp-folder.mjs: name it second in globalSetup.",
    );
  }
  const out = join(runFolder, "eval-out");
  process.env[OUT_DIR_ENV] = out;
  process.env[HISTORY_FILE_ENV] = join(out, "history.jsonl");
}
