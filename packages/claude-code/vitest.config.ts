import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One module registry per worker: core loads once per worker, not once per test file.
    isolate: false,
  },
});
