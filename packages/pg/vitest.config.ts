import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // PGlite starts a WASM Postgres per test (about a second on a shared 2-core machine).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
