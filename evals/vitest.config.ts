import { tmpdir } from "node:os";
import { join } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// The CLIs write report.html and append to history.jsonl; tests keep both out of evals/out.
const out = join(tmpdir(), `memfiles-eval-out-${process.pid}`);

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why).
    globalSetup: ["../scripts/vitest-temp-folder.mjs"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // `pnpm mutate` copies the package into .stryker-tmp/ while it runs; those copies are not tests.
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
    // Tests assert results, never speed (speed is `pnpm bench`); a 5 s default failed correct
    // tests at load average 15-20 on the shared 2-core machine, so a slow machine is not a failure.
    testTimeout: 30_000,
    // One module registry per worker: core, the runner and the graders load once per worker
    // instead of once per test file (most of this package's CPU time was imports). No test file
    // mocks a module; the ones that stub the environment unstub it after each test.
    isolate: false,
    // Tests must never reach the network: the machine cannot reach the Anthropic API.
    env: {
      ANTHROPIC_API_KEY: "",
      ANTHROPIC_BASE_URL: "",
      MEMFILES_EVAL_OUT: out,
      MEMFILES_EVAL_HISTORY: join(out, "history.jsonl"),
    },
  },
});
