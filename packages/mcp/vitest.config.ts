import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why).
    globalSetup: ["../../scripts/vitest-temp-folder.mjs"],
    // PGlite's WASM on V8's baseline compiler only: the optimizing tier recompiles PGlite's hot
    // functions in background threads, about 2 s of CPU per process that a test's few queries
    // never earn back (the same code runs; only how V8 compiles it differs).
    execArgv: ["--liftoff-only"],
    // Tests assert results, never speed (speed is `pnpm bench`). Most tests here run the server end
    // to end (an MCP client and server, the write pass, PGlite's WASM for the pg tests): well under
    // a second alone, but vitest's 5 s default failed correct tests while the whole of `pnpm test`
    // shared 2 cores. A limit that only guards against a hang, as core's and evals' do.
    testTimeout: 60_000,
    // One module registry per worker: core and its guards load once per worker instead of once per
    // test file (most of a test file's CPU time was imports). No test file mocks a module.
    isolate: false,
  },
});
