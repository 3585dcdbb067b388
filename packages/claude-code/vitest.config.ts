import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why).
    globalSetup: ["../../scripts/vitest-temp-folder.mjs"],
    // Tests assert results, never speed (speed is `pnpm bench`); as in core's config, a 5 s default
    // failed correct tests at the shared 2-core machine's load, so a slow machine is not a failure.
    testTimeout: 30_000,
    // One module registry per worker: core loads once per worker, not once per test file.
    isolate: false,
  },
});
