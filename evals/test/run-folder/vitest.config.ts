import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import evals from "../../vitest.config.js";

// evals' own config, running only the fixture: `run-folder.test.ts` runs it in a TMPDIR of its own.
export default defineConfig({
  ...evals,
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: { ...evals.test, include: ["test/run-folder/writes-eval-out.fixture.ts"] },
});
