import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));
// `import ... from "x"` and `export ... from "x"`, not `import type` / `export type`.
const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)";/gms;

/** What loading a module loads: its runtime imports, followed through core's own files. */
function reached(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const name = relative(SRC, file);
    if (files.has(name)) return;
    files.add(name);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(RUNTIME_IMPORT)) {
      if (spec === undefined) continue;
      if (spec.startsWith(".")) visit(join(dirname(file), spec.replace(/\.js$/, ".ts")));
      else packages.add(spec);
    }
  };
  visit(join(SRC, entry));
  return { files, packages };
}

describe("the recall entry (@memfiles/core/recall) a hook process loads", () => {
  const { files, packages } = reached("recall-entry.ts");

  it.each([
    // Folder indexes load every module of their folder: the entry imports each module itself.
    "text/index.ts",
    "store/index.ts",
    "recall/index.ts",
    "guards/index.ts",
    "index.ts",
  ])("never loads %s", (file) => {
    expect(files.has("recall-entry.ts")).toBe(true);
    expect(files.has(file)).toBe(false);
  });

  // secretlint is imported by the first secret scan (`guards/secretlint-scan.ts`), not by a
  // process that only recalls; zod (~40 ms of CPU to load) by a write reading MEMORY.md's record.
  it.each([
    "zod",
    "@anthropic-ai/sdk",
    "simple-git",
    "chrono-node",
    "gray-matter",
    "@secretlint/core",
    "@secretlint/secretlint-rule-preset-recommend",
    // Its profiler (and `node:perf_hooks`) is turned off by the first scan, which loads it.
    "@secretlint/profiler",
  ])("never loads %s", (name) => {
    expect(packages.has("minisearch")).toBe(true);
    expect([...packages].filter((spec) => spec === name || spec.startsWith(`${name}/`))).toEqual(
      [],
    );
  });
});
