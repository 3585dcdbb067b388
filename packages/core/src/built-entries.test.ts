import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");

// Run as an installed package runs: the built entries (dist/, bundled by scripts/bundle-entries.mjs
// with chunks they share), each imported by its own name.
const CHILD = `
import { MemfilesError } from "@memfiles/errors";
const entries = [
  await import("@memfiles/core"),
  await import("@memfiles/core/internal"),
  await import("@memfiles/core/recall"),
];
const names = new Set(entries.flatMap((entry) => Object.keys(entry)));
const shared = [...names].filter((name) => entries.filter((entry) => name in entry).length > 1);
const differing = shared.filter((name) => {
  const values = entries.filter((entry) => name in entry).map((entry) => entry[name]);
  return values.some((value) => value !== values[0]);
});
const [main, , recall] = entries;
let thrown;
try {
  await new recall.MemoryStore({ root: process.argv[1] }).read("../outside.md");
} catch (error) {
  thrown = {
    name: error.name,
    memfilesError: error instanceof MemfilesError,
    mainEntryClass: error instanceof main.MemoryPathError,
  };
}
console.log(JSON.stringify({ shared: shared.length > 0, differing, thrown }));
`;

describe("the built entries (dist/), as an installed package loads them", () => {
  // One process start with three entries' imports: seconds on a busy 2-core machine.
  it("share one copy of every module: what two entries export is the same value", {
    timeout: 60_000,
  }, async () => {
    expect(existsSync(join(PACKAGE, "dist", "recall-entry.js"))).toBe(true);
    const root = await mkdtemp(join(tmpdir(), "memfiles-entries-"));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--conditions=memfiles-dist", "--input-type=module", "--eval", CHILD, root],
        { cwd: PACKAGE },
      );
      expect(JSON.parse(stdout)).toEqual({
        shared: true,
        differing: [],
        thrown: { name: "MemoryPathError", memfilesError: true, mainEntryClass: true },
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
