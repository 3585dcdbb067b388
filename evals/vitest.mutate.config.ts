import { configDefaults, defineConfig } from "vitest/config";

// `pnpm mutate` over the graders runs the graders' own tests: Stryker copies only this package into
// its sandbox, so tests that read the repository's scenarios/ or recordings/ cannot run there.
export default defineConfig({
  test: {
    include: ["src/graders/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
    env: { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "" },
  },
});
