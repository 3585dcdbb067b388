import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One module registry per worker: core and its guards load once per worker instead of once per
    // test file (most of a test file's CPU time was imports). No test file mocks a module.
    isolate: false,
  },
});
