import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // `pnpm mutate` copies the package into .stryker-tmp/ while it runs; those copies are not tests.
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
  },
});
