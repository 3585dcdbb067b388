import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FolderStore } from "./folder-store.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";

// A write patches its one line of MEMORY.md (`patchedMemoryIndex`); the proof is that after every
// write, removal or rename the file equals, byte for byte, what the whole rebuild gives.

const PATHS = [
  "a.md",
  "topics/b.md",
  "topics/c d (x).md",
  "people/ann.md",
  "topics/b-2.md",
  "z.md",
];

type Op =
  | { kind: "write"; path: string; name: string; description: string | undefined }
  | { kind: "remove"; path: string }
  | { kind: "rename"; from: string; to: string };

const NAMES = ["Alpha", "b [draft]", "Ann  Lee", "c\\d", "zeta"];
const DESCRIPTIONS = [
  undefined,
  "",
  "What the user said.",
  "Two  spaces,   kept as one.",
  "Ünïcode — dash",
];

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("write" as const),
    path: fc.constantFrom(...PATHS),
    name: fc.constantFrom(...NAMES),
    description: fc.constantFrom(...DESCRIPTIONS),
  }),
  fc.record({ kind: fc.constant("remove" as const), path: fc.constantFrom(...PATHS) }),
  fc.record({
    kind: fc.constant("rename" as const),
    from: fc.constantFrom(...PATHS),
    to: fc.constantFrom(...PATHS),
  }),
);

function fileText(layout: StoreLayout, name: string, description: string | undefined): string {
  const described = description === undefined ? "" : `description: ${description}\n`;
  const kind = layout === "fact" ? "type: user\n" : "";
  return `---\nname: ${name}\n${described}${kind}---\n[stated 2026/01/02] noted ${name}\n`;
}

// The folders a sequence starts from: a person's MEMORY.md in each form a rebuild keeps.
const HAND = [
  "# My memory",
  "",
  "- [b](topics/b.md) - the words I gave b",
  "- [Ann](people/ann.md): Ann from work",
  "My own notes: call mom on Sunday.",
  "- [Team wiki](https://wiki.example.com) — our wiki",
  "",
].join("\n");
const STARTS: Array<{ name: string; index: string | undefined; files: number; edit?: true }> = [
  { name: "no MEMORY.md", index: undefined, files: 0 },
  { name: "a hand-made MEMORY.md", index: HAND, files: 0 },
  {
    name: "a hand-made MEMORY.md with CRLF and a byte order mark",
    index: `\uFEFF${HAND.replace(/\n/g, "\r\n")}`,
    files: 0,
  },
  { name: "an index at its line budget", index: HAND, files: 190 },
  // A rebuilt index whose link lines a person then edited.
  { name: "a rebuilt MEMORY.md with link lines edited", index: undefined, files: 0, edit: true },
];

const roots: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function indexText(root: string): Promise<string> {
  return readFile(join(root, "MEMORY.md"), "utf8").catch(() => "");
}

// Whether the step wrote or removed a file (a removal of a missing file leaves MEMORY.md alone).
async function apply(store: MemoryStore, layout: StoreLayout, step: Op): Promise<boolean> {
  if (step.kind === "write") {
    const before = await store.read(step.path);
    const text = fileText(layout, step.name, step.description);
    return (await store.write(step.path, text, before.version)).ok;
  }
  const from = await store.read(step.kind === "remove" ? step.path : step.from);
  if (!from.exists) return false;
  if (step.kind === "rename") {
    if (step.from === step.to) return false;
    const to = await store.read(step.to);
    await store.write(step.to, from.content, to.version);
  }
  return (await store.delete(from.path, from.version)).ok;
}

describe("a write patches MEMORY.md to what the whole rebuild gives", () => {
  const cases = (["subject", "fact"] as const).flatMap((layout) =>
    STARTS.map((start) => ({ layout, ...start })),
  );
  it.each(cases)(
    "$layout layout, $name",
    async ({ layout, index, files, edit }) => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          const root = await mkdtemp(join(tmpdir(), "memfiles-index-patch-"));
          roots.push(root);
          const store = new MemoryStore({ root, layout });
          if (files > 0) await mkdir(join(root, "more"), { recursive: true });
          for (let at = 0; at < files; at++) {
            const name = `more/f-${String(at).padStart(3, "0")}.md`;
            await writeFile(join(root, name), fileText(layout, `f${at}`, "More."), "utf8");
          }
          if (index !== undefined) await writeFile(join(root, "MEMORY.md"), index, "utf8");
          if (edit) {
            await mkdir(join(root, "topics"), { recursive: true });
            await mkdir(join(root, "people"), { recursive: true });
            await writeFile(join(root, "topics/b.md"), fileText(layout, "b", "What b holds."));
            await writeFile(join(root, "people/ann.md"), fileText(layout, "Ann", undefined));
            await store.rebuildIndex();
            const rebuilt = await indexText(root);
            const edited = rebuilt
              .replace("What b holds.", "my words for b")
              .replace("(no description)", "Ann from work");
            await writeFile(join(root, "MEMORY.md"), edited, "utf8");
          }
          const lists = vi.spyOn(FolderStore.prototype, "list");
          let rebuilds = 0;
          for (const step of ops) {
            const before = await indexText(root);
            const listed = lists.mock.calls.length;
            if (!(await apply(store, layout, step))) continue;
            rebuilds += lists.mock.calls.length - listed;
            const after = await indexText(root);
            expect(after).toBe(rebuiltMemoryIndex(await store.list(), before, layout));
          }
          lists.mockRestore();
          // Below the line budget only the first write rebuilds (no MEMORY.md, or a person's): every
          // later text came from the patch, not from a fallback.
          if (files === 0) expect(rebuilds).toBeLessThanOrEqual(1);
        }),
        { numRuns: files === 0 ? 15 : 4, seed: 37 },
      );
    },
    120_000,
  );
});
