import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Tests must never reach the network: the machine cannot reach the Anthropic API.
    env: { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "" },
  },
});
