import { defineConfig } from "vitest/config";

// The end-to-end tests with the real Claude Code client (`pnpm test:claude-code`, which installs
// the pinned client first). Their files end in `.e2e.ts`, so a package's own `vitest run` (the
// default `*.test.ts` pattern) never picks them up and `pnpm test` needs no Claude Code download.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.e2e.ts", "**/*.test.ts"],
    // One file at a time: every test starts `claude -p` processes (about 0.4 s of CPU each) and
    // hooks that start Node, on a machine whose two cores other jobs share.
    fileParallelism: false,
    // A test runs up to four `claude -p` sessions in sequence, each 1-3 s of wall time alone and
    // several times that on a busy machine, plus the detached write passes the hooks start.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
