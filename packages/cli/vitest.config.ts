import { configDefaults, defineConfig } from "vitest/config";

// Files that mock a module for the whole file: they get a module registry of their own.
const OWN_MODULES = ["src/commands/cost.test.ts", "src/typed-words-screen.test.ts"];

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why).
    globalSetup: ["../../scripts/vitest-temp-folder.mjs"],
    // Tests assert results, never speed (speed is `pnpm bench`); as in core's config, a 5 s default
    // failed correct tests at the shared 2-core machine's load, so a slow machine is not a failure.
    testTimeout: 30_000,
    // PGlite's WASM on V8's baseline compiler only: the optimizing tier recompiles PGlite's hot
    // functions in background threads, about 2 s of CPU per process that a test's few queries
    // never earn back (the same code runs; only how V8 compiles it differs).
    execArgv: ["--liftoff-only"],
    projects: [
      {
        extends: true,
        test: {
          name: "cli",
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          // One module registry per worker: core and its guards load once per worker instead of
          // once per test file (most of a test file's CPU time was imports).
          isolate: false,
        },
      },
      { extends: true, test: { name: "cli (own modules)", include: OWN_MODULES } },
    ],
  },
});
