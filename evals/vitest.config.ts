import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why); the
    // CLIs' report and history inside it (the second setup), not in evals/out.
    globalSetup: ["../scripts/vitest-temp-folder.mjs", "./test/eval-out-folder.ts"],
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
    },
  },
});
