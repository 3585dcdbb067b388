import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why).
    globalSetup: ["../../scripts/vitest-temp-folder.mjs"],
    // PGlite's WASM on V8's baseline compiler only: the optimizing tier recompiles PGlite's hot
    // functions in background threads, about 2 s of CPU per process that a test's few queries
    // never earn back (the same code runs; only how V8 compiles it differs).
    execArgv: ["--liftoff-only"],
    // PGlite starts a WASM Postgres (a few seconds alone, 40 s and more while the whole of
    // `pnpm test` shares 2 cores): the ceilings guard against hangs, they are not speed checks.
    testTimeout: 120_000,
    // One file at a time: each starts its own PGlite, and two at once on 2 shared cores starve
    // the other packages' tests (turbo also runs this package after core's tests).
    fileParallelism: false,
    // One module registry for the run: core and PGlite's loader load once, not once per test file.
    // No test file mocks a module.
    isolate: false,
    hookTimeout: 180_000,
  },
});
