import { createHash } from "node:crypto";
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeParseMemoryPath } from "./memory-path.js";
import { MemoryPathError } from "./memory-path-error.js";
import { MemoryStore } from "./memory-store.js";

// Pieces that each try a way out of the folder (or into its internal state); joined at random.
const HOSTILE_SEGMENTS = [
  "..",
  ".",
  "",
  "escape",
  "secret.md",
  "dangling.md",
  "inner",
  "internal",
  "topics",
  "a.md",
  "b",
  "%2e%2e",
  "%2E%2E%2F",
  "..%2f",
  "%252e%252e",
  "..\\..",
  "\\",
  "\u0000",
  "x\u0000.md",
  "C:",
  "~",
  ".memfiles",
  "MEMORY.md",
  "memory.md",
  "\uFF0E\uFF0E",
  "\u2024\u2024",
  "a\nb.md",
  " ",
  "x.md ",
  "/etc",
  "outside",
  "victim.md",
  ".git",
  "..md",
  "x.md/..",
];

// Paths that look ordinary but cross the links set up below (escape/, inner/, internal/).
const plausiblePath = fc
  .tuple(
    fc.array(fc.constantFrom("topics", "inner", "escape", "internal"), { maxLength: 2 }),
    fc.constantFrom("a.md", "secret.md", "dangling.md", "MEMORY.md", "victim.md"),
  )
  .map(([folders, name]) => [...folders, name].join("/"));

const hostilePath = fc.oneof(
  { arbitrary: plausiblePath, weight: 1 },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom("", "/", "./", "../", "~/", "C:\\"),
        fc.array(fc.oneof(fc.constantFrom(...HOSTILE_SEGMENTS), fc.string({ maxLength: 6 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom("/", "/", "/", "\\", "/./"),
        fc.constantFrom("", ".md", ".md", ".md", "/", "%00.md", ".md\u0000", "/.."),
      )
      .map(([prefix, segments, separator, suffix]) => prefix + segments.join(separator) + suffix),
  },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.webPath(), weight: 1 },
);

const operation = fc.oneof(
  { arbitrary: fc.constant("read" as const), weight: 1 },
  { arbitrary: fc.constant("write" as const), weight: 2 },
  { arbitrary: fc.constant("delete" as const), weight: 1 },
);

let sandbox: string;
let root: string;
let outside: string;

async function snapshot(folder: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  async function visit(current: string): Promise<void> {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const key = relative(folder, path);
      if (entry.isSymbolicLink()) result[key] = `link:${await readlink(path)}`;
      else if (entry.isDirectory()) {
        result[key] = "folder";
        await visit(path);
      } else {
        const stats = await lstat(path);
        const hash = createHash("sha1")
          .update(await readFile(path))
          .digest("hex");
        result[key] = `file:${stats.size}:${hash}`;
      }
    }
  }
  await visit(folder);
  return result;
}

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-guard-"));
  root = join(sandbox, "memory");
  outside = join(sandbox, "outside");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(join(root, ".memfiles"), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(outside, "secret.md"), "secret");
  await writeFile(join(outside, "victim.md"), "victim");
  await symlink(outside, join(root, "escape"));
  await symlink(join(outside, "secret.md"), join(root, "secret.md"));
  await symlink(join(outside, "none.md"), join(root, "dangling.md"));
  await symlink(join(outside, "victim.md"), join(root, "MEMORY.md"));
  await symlink("topics", join(root, "inner"));
  await symlink(".memfiles", join(root, "internal"));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

// 3,000 generated cases, each a real read, write or delete on disk under the store lock: ~1.7 s
// alone, several times that on a busy 2-core machine; the limit is 60 s.
describe("path guard property", { timeout: 60_000 }, () => {
  it("thousands of generated hostile paths: every call is refused with MemoryPathError or stays inside the root", async () => {
    const before = await snapshot(sandbox);
    const store = new MemoryStore({ root });
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(hostilePath, operation, async (path, operation) => {
        const lexical = safeParseMemoryPath(path);
        const run =
          operation === "read"
            ? () => store.read(path)
            : operation === "write"
              ? () => store.write(path, "---\ndescription: probe\n---\n", "new")
              : // A stale token: the whole guard runs, and the file is kept for later writes to meet.
                () => store.delete(path, "0123456789ab");
        try {
          await run();
          accepted++;
          // Anything accepted on disk must have passed the lexical guard.
          expect(lexical.success).toBe(true);
        } catch (error) {
          if (!(error instanceof MemoryPathError)) throw error;
          refused++;
        }
      }),
      { numRuns: 3_000 },
    );
    const after = await snapshot(sandbox);
    const outsideBefore = Object.entries(before).filter(
      ([key]) => !key.startsWith(`memory${sep}`) && key !== "memory",
    );
    const outsideAfter = Object.entries(after).filter(
      ([key]) => !key.startsWith(`memory${sep}`) && key !== "memory",
    );
    expect(outsideAfter).toEqual(outsideBefore);
    // Everything new inside the root is a memory file at an allowed path, the index, or internal state.
    for (const key of Object.keys(after)) {
      if (key in before || !key.startsWith(`memory${sep}`)) continue;
      const inside = key.slice(`memory${sep}`.length).split(sep).join("/");
      const allowed =
        inside === "MEMORY.md" ||
        inside.startsWith(".memfiles") ||
        after[key] === "folder" ||
        safeParseMemoryPath(inside).success;
      expect({ inside, allowed }).toEqual({ inside, allowed: true });
    }
    process.stdout.write(`hostile paths: ${accepted} calls accepted, ${refused} refused\n`);
    expect(accepted + refused).toBe(3_000);
    expect(refused).toBeGreaterThan(1_000);
    expect(accepted).toBeGreaterThan(0);
  });
});
