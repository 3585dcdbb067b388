import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // `pnpm mutate` copies the package into .stryker-tmp/ while it runs; those copies are not tests.
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
    // Tests assert results, never speed (speed is `pnpm bench`); a 5 s default failed correct
    // tests at load average 15-20 on the shared 2-core machine, so a slow machine is not a failure.
    testTimeout: 30_000,
  },
});
