import { configDefaults, defineConfig } from "vitest/config";

// `pnpm mutate` runs the tests of what it mutates (the significance level, the report's cost rows):
// Stryker copies only this package into its sandbox, so tests that read the repository's
// scenarios/ or recordings/ cannot run there.
export default defineConfig({
  test: {
    include: [
      "src/statistics/**/*.test.ts",
      "src/report/build-eval-report.test.ts",
      "src/report/cache-write-cost.test.ts",
    ],
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
    env: { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "" },
  },
});
