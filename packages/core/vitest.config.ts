import { configDefaults, defineConfig } from "vitest/config";

// `pnpm mutate` copies the package into .stryker-tmp/ while it runs; those copies are not tests.
const exclude = [...configDefaults.exclude, ".stryker-tmp/**"];
// Files that mock a module for the whole file: they get a module registry of their own.
const OWN_MODULES = [
  "src/file-system/read-file-bounded.test.ts",
  "src/write/secret-scan-once.test.ts",
  "src/store/write-failures.test.ts",
  "src/write/write-interrupted.test.ts",
  "src/recall/memory-block-rows.test.ts",
  "src/store/kept-read.test.ts",
  "src/store/memory-index-record.test.ts",
  "src/store/memory-index-record-durable.test.ts",
];

export default defineConfig({
  test: {
    // Every run in a temporary folder of its own, removed at the end (the script says why).
    globalSetup: ["../../scripts/vitest-temp-folder.mjs"],
    // Tests assert results, never speed (speed is `pnpm bench`); a 5 s default failed correct
    // tests at load average 15-20 on the shared 2-core machine, so a slow machine is not a failure.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "core",
          exclude: [...exclude, ...OWN_MODULES],
          // One module registry per worker: the store, the guards and secretlint load once per
          // worker instead of once per test file (most of this package's CPU time was imports).
          isolate: false,
        },
      },
      { extends: true, test: { name: "core (own modules)", include: OWN_MODULES, exclude } },
    ],
  },
});
