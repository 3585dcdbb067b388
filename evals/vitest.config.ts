import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // `pnpm mutate` copies the package into .stryker-tmp/ while it runs; those copies are not tests.
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
    // Tests must never reach the network: the machine cannot reach the Anthropic API.
    env: { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "" },
  },
});
