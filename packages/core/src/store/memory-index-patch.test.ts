import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MemoryBackend, memoryBackend } from "../../test/memory-backend.js";
import { BackendStore } from "./backend/backend-store.js";
import { FolderStore } from "./folder-store.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";
import { parseMemoryIndex } from "./memory-index.js";

// A write patches its one line of MEMORY.md (`patchedMemoryIndex`), in a long-lived store (it
// wrote the index) and in a new one (a one-shot process: the record in .memfiles/ says the index is
// as memfiles wrote it, docs/decisions/0080). The proof is that after every write, removal or
// rename the file equals, byte for byte, what the whole rebuild gives, with a person's edit of
// MEMORY.md or another process's write between steps.

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

const operation: fc.Arbitrary<Op> = fc.oneof(
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

// What happens before a step: nothing, a person's edit of MEMORY.md (words added to a link line,
// or a line of their own), or another process's write (a new store, so through the record).
const BETWEEN = ["nothing", "hand-words", "hand-line", "other-process"] as const;
type Step = { op: Op; fresh: boolean; between: (typeof BETWEEN)[number]; other: Op };
const step: fc.Arbitrary<Step> = fc.record({
  op: operation,
  // A new store for this step: a one-shot process (CLI remember, a hook).
  fresh: fc.boolean(),
  between: fc.constantFrom("nothing", "nothing", ...BETWEEN),
  other: operation,
});

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

// Where the memory lives: a folder, or a backend (PostgreSQL / PGlite keep the index in a table;
// the in-memory one stands for them here). `open` is a new store object, as a new process makes.
type Place = {
  open: () => MemoryStore;
  index: () => Promise<string>;
  setIndex: (text: string) => Promise<void>;
  seed: (path: string, text: string) => Promise<void>;
  lists: () => { mock: { calls: unknown[] }; mockRestore: () => void };
};

const roots: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function folderPlace(layout: StoreLayout): Promise<Place> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-index-patch-"));
  roots.push(root);
  return {
    open: () => new MemoryStore({ root, layout }),
    index: () => readFile(join(root, "MEMORY.md"), "utf8").catch(() => ""),
    setIndex: (text) => writeFile(join(root, "MEMORY.md"), text, "utf8"),
    seed: async (path, text) => {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text, "utf8");
    },
    lists: () => vi.spyOn(FolderStore.prototype, "list"),
  };
}

function backendPlace(layout: StoreLayout): Place {
  const backend: MemoryBackend = memoryBackend();
  return {
    open: () => new MemoryStore({ backend, layout }),
    index: async () => backend.index ?? "",
    setIndex: async (text) => {
      backend.index = text;
    },
    seed: async (path, text) => {
      backend.files.set(path, text);
    },
    lists: () => vi.spyOn(BackendStore.prototype, "list"),
  };
}

const PLACES = { folder: folderPlace, backend: backendPlace } as const;

// A person's edit of MEMORY.md: words typed after the first link line, or a line of their own.
function handEdited(text: string, kind: "hand-words" | "hand-line"): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const [entry] = parseMemoryIndex(text);
  if (kind === "hand-words" && entry !== undefined) {
    return text.replace(entry.line, `${entry.line} and words I typed`);
  }
  const ending = text === "" || text.endsWith("\n") ? "" : eol;
  return `${text}${ending}A note of my own.${eol}`;
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
  const cases = (["folder", "backend"] as const).flatMap((place) =>
    (["subject", "fact"] as const).flatMap((layout) =>
      STARTS.map((start) => ({ place, layout, ...start })),
    ),
  );
  it.each(cases)(
    "$place, $layout layout, $name",
    async ({ place: placeName, layout, index, files, edit }) => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const place = await PLACES[placeName](layout);
          let store = place.open();
          for (let at = 0; at < files; at++) {
            const name = `more/f-${String(at).padStart(3, "0")}.md`;
            await place.seed(name, fileText(layout, `f${at}`, "More."));
          }
          if (index !== undefined) await place.setIndex(index);
          if (edit) {
            await place.seed("topics/b.md", fileText(layout, "b", "What b holds."));
            await place.seed("people/ann.md", fileText(layout, "Ann", undefined));
            await store.rebuildIndex();
            const rebuilt = await place.index();
            const edited = rebuilt
              .replace("What b holds.", "my words for b")
              .replace("(no description)", "Ann from work");
            await place.setIndex(edited);
          }
          const lists = place.lists();
          let rebuilds = 0;
          let handEdits = 0;
          // One store write (by `by`) and its proof: MEMORY.md is the whole rebuild of the text
          // before it. Only these calls count as rebuilds (a list() of the folder).
          const checked = async (by: MemoryStore, op: Op) => {
            const before = await place.index();
            const listed = lists.mock.calls.length;
            if (!(await apply(by, layout, op))) return;
            rebuilds += lists.mock.calls.length - listed;
            const after = await place.index();
            expect(after).toBe(rebuiltMemoryIndex(await by.list(), before, layout));
          };
          for (const { op, fresh, between, other } of steps) {
            if (between === "hand-words" || between === "hand-line") {
              await place.setIndex(handEdited(await place.index(), between));
              handEdits++;
            } else if (between === "other-process") {
              await checked(place.open(), other);
            }
            if (fresh) store = place.open();
            await checked(store, op);
          }
          lists.mockRestore();
          // Below the line budget only the first write rebuilds (no MEMORY.md, or a person's), and
          // one after each edit of a person's: every other text, in a new store too, came from
          // the patch, not from a fallback.
          if (files === 0) expect(rebuilds).toBeLessThanOrEqual(1 + handEdits);
        }),
        { numRuns: files === 0 ? 15 : 4, seed: 37 },
      );
    },
    // Up to 15 runs of 12 steps over a real folder, each step a write and a whole rebuild to
    // compare with: several seconds a case on a busy 2-core machine.
    120_000,
  );
});
