import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryBackend } from "../../test/memory-backend.js";
import { BackendStore } from "./backend/backend-store.js";
import { FolderStore } from "./folder-store.js";
import { MemoryStore, NEW_VERSION } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";
import { parseMemoryIndex } from "./memory-index.js";
import { MEMORY_INDEX_RECORD_FILE } from "./memory-index-record.js";

// A new file in a fact folder whose MEMORY.md is cut to its line budget (decision 0122): the
// index is patched from the rows of the files it lists, not rebuilt from every file's header, and
// is byte for byte what the rebuild gives. The cut keeps the newest files by their `updated` day,
// then path: of 300 files dated day 0 to 299, the newest that fit (195) are listed.
const FILES = 300;

/** Day `index` of 2026, as `updated:` writes it. */
const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);

function factText(name: string, updated: string | undefined): string {
  const dated = updated === undefined ? "" : `updated: ${updated}\n`;
  return `---\nname: ${name}\ndescription: About ${name}.\ntype: user\n${dated}---\nThe user noted ${name}.\n`;
}

const noteFile = (index: number) => ({
  path: `note-${String(index).padStart(3, "0")}.md`,
  text: factText(`note ${index}`, day(index)),
});

// Where the memory lives: a folder, or a backend (PostgreSQL / PGlite, the in-memory one standing
// for them). `settle` makes the seeded files older than the index's record, as a folder left
// alone since its last write is.
type Place = {
  store: MemoryStore;
  /** A new store on the same memory, as a new process opens it. */
  reopen: () => MemoryStore;
  /**
   * Dates the index's record at `path`'s change time: the file the last write made counts as
   * changed since the index was in step (within the store's 2 s racy window), as it does for the
   * next process when the write patched from its first look; the seeded files, older than the
   * window by then, do not.
   */
  inStepAt: (path: string) => Promise<void>;
  seed: (path: string, text: string) => Promise<void>;
  index: () => Promise<string>;
  settle: () => Promise<void>;
  lists: () => { mock: { calls: unknown[] }; mockRestore: () => void };
};

const roots: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

const PLACES: Record<"folder" | "backend", () => Promise<Place>> = {
  folder: async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-index-cut-new-"));
    roots.push(root);
    return {
      store: new MemoryStore({ root, layout: "fact" }),
      reopen: () => new MemoryStore({ root, layout: "fact" }),
      seed: (path, text) => writeFile(join(root, path), text),
      index: () => readFile(join(root, "MEMORY.md"), "utf8"),
      // The clock held: the files are older than the record's racy window, so no file but the
      // written one counts as changed by another writer.
      settle: async () => {
        const ahead = new Date(Date.now() + 3_000);
        await utimes(join(root, ".memfiles", MEMORY_INDEX_RECORD_FILE), ahead, ahead);
      },
      lists: () => vi.spyOn(FolderStore.prototype, "list"),
      inStepAt: async (path) => {
        const { ctime } = await stat(join(root, path));
        await utimes(join(root, ".memfiles", MEMORY_INDEX_RECORD_FILE), ctime, ctime);
      },
    };
  },
  backend: async () => {
    const backend = memoryBackend();
    return {
      store: new MemoryStore({ backend, layout: "fact" }),
      reopen: () => new MemoryStore({ backend, layout: "fact" }),
      seed: async (path, text) => {
        backend.files.set(path, text);
      },
      index: async () => backend.index ?? "",
      settle: async () => {},
      lists: () => vi.spyOn(BackendStore.prototype, "list"),
      inStepAt: async () => {},
    };
  },
};

// `updated` of the new file, from the day of the oldest file listed.
const CASES: Array<{
  name: string;
  path: string;
  updated: (oldest: number) => string | undefined;
  listed: boolean;
}> = [
  { name: "newer than every listed file", path: "new.md", updated: () => day(320), listed: true },
  { name: "older than every listed file", path: "new.md", updated: () => day(5), listed: false },
  {
    name: "on the oldest listed day, its path first",
    path: "a-new.md",
    updated: (oldest) => day(oldest),
    listed: true,
  },
  {
    name: "on the oldest listed day, its path last",
    path: "z-new.md",
    updated: (oldest) => day(oldest),
    listed: false,
  },
  { name: "with no updated: day", path: "new.md", updated: () => undefined, listed: false },
];

describe("a new file in a MEMORY.md cut to its line budget", () => {
  const cases = (["folder", "backend"] as const).flatMap((place) =>
    CASES.map((each) => ({ place, ...each })),
  );
  it.each(cases)(
    "$place, a new file $name",
    async ({ place: placeName, path, updated, listed }) => {
      const place = await PLACES[placeName]();
      for (let at = 0; at < FILES; at++) {
        const { path: seeded, text } = noteFile(at);
        await place.seed(seeded, text);
      }
      await place.store.rebuildIndex();
      await place.settle();
      const before = parseMemoryIndex(await place.index()).map((entry) => entry.path);
      const oldest = FILES - before.length;
      expect([
        before.includes(noteFile(oldest).path),
        before.includes(noteFile(oldest - 1).path),
      ]).toEqual([true, false]);
      const lists = place.lists();
      const text = factText("new", updated(oldest));
      expect((await place.store.write(path, text, NEW_VERSION)).ok).toBe(true);
      // Patched: no listing of every file.
      expect(lists.mock.calls).toHaveLength(0);
      lists.mockRestore();
      const after = await place.index();
      expect(after).toBe(rebuiltMemoryIndex(await place.store.list(), after, "fact"));
      const paths = parseMemoryIndex(after).map((entry) => entry.path);
      expect({ hasNew: paths.includes(path), count: paths.length }).toEqual({
        hasNew: listed,
        count: before.length,
      });
      expect(after).toContain(`(${FILES + 1 - before.length} more files in this folder`);
    },
  );
});

// A new file right after another write of a new file, by a new store (a one-shot process): the
// file the last write made counts as changed since the index was in step (its change time is
// within the racy window of the record), so the patch checks it. It still ranks above a file
// left out unless it is the oldest listed, which only the rebuild can place; a backend's stored
// index has no such window.
describe("a new file after the last write made one", () => {
  const SEQUENCES = [
    { name: "the last one newest", first: () => day(330), folderRebuilds: false },
    {
      name: "the last one the oldest listed",
      first: (oldest: number) => day(oldest),
      folderRebuilds: true,
    },
  ];
  const cases = (["folder", "backend"] as const).flatMap((place) =>
    SEQUENCES.map((each) => ({ place, ...each })),
  );
  it.each(cases)("$place, $name", async ({ place: placeName, first, folderRebuilds }) => {
    const place = await PLACES[placeName]();
    for (let at = 0; at < FILES; at++) {
      const { path: seeded, text } = noteFile(at);
      await place.seed(seeded, text);
    }
    // The seeded files left older than the racy window (2 s) before the first write.
    if (placeName === "folder") await new Promise((resolve) => setTimeout(resolve, 2_500));
    await place.store.rebuildIndex();
    await place.settle();
    const oldest = FILES - parseMemoryIndex(await place.index()).length;
    expect(
      (await place.store.write("a-last.md", factText("last", first(oldest)), NEW_VERSION)).ok,
    ).toBe(true);
    await place.inStepAt("a-last.md");
    const again = place.reopen();
    const lists = place.lists();
    expect((await again.write("new.md", factText("new", day(320)), NEW_VERSION)).ok).toBe(true);
    expect(lists.mock.calls.length > 0).toBe(placeName === "folder" && folderRebuilds);
    lists.mockRestore();
    const after = await place.index();
    expect(after).toBe(rebuiltMemoryIndex(await again.list(), after, "fact"));
    expect(parseMemoryIndex(after).map((entry) => entry.path)).toContain("new.md");
  });
});

// A person's edit of a listed file since the index was in step, that dates it before every file
// left out (its line unchanged): the patch cannot tell it now ranks below a file left out, so the
// index is rebuilt; a patch would keep it listed over the file left out.
it("a new file after a person dated a listed file back: the rebuild's index", async () => {
  const place = await PLACES.folder();
  for (let at = 0; at < FILES; at++) {
    const { path: seeded, text } = noteFile(at);
    await place.seed(seeded, text);
  }
  // The seeded files left older than the racy window (2 s) before the edit.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  await place.store.rebuildIndex();
  const newest = noteFile(FILES - 1);
  await place.seed(
    newest.path,
    newest.text.replace(`updated: ${day(FILES - 1)}`, `updated: ${day(1)}`),
  );
  await place.inStepAt(newest.path);
  const store = place.reopen();
  expect((await store.write("new.md", factText("new", day(5)), NEW_VERSION)).ok).toBe(true);
  const after = await place.index();
  expect(after).toBe(rebuiltMemoryIndex(await store.list(), after, "fact"));
  expect(parseMemoryIndex(after).map((entry) => entry.path)).not.toContain(newest.path);
});
