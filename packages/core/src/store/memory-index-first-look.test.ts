import { statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  handFileText as fileText,
  handFilePaths as paths,
} from "../../test/fixtures/hand-files.js";
import { remember } from "../layouts/index.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import { MEMORY_INDEX_RECORD_FILE } from "./memory-index-record.js";
import { forgetWatchedFolders } from "./watched-folder.js";

// A new store's first look at every file (a new process: the recall index's stamps, list(),
// readAll()) serves its first write's hand-change patch instead of a second walk, within its
// limits (docs/decisions/0094). Each case is a way that shortcut could miss a file another writer
// changed; after the writes, MEMORY.md must be what a whole rebuild makes.

const roots: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

type Folder = {
  root: string;
  layout: StoreLayout;
  /** A new store on the folder: a new process. */
  open: () => MemoryStore;
  /** A person's editor writes `path` in place (its folder's mtime stays). */
  byHand: (path: string, description: string) => Promise<void>;
  write: (store: MemoryStore, path: string, description: string) => Promise<void>;
};

const realNow = performance.now.bind(performance);

const CASES = [
  {
    name: "an edit before the look, then remember",
    run: async ({ open, byHand, layout }: Folder) => {
      await byHand(paths(layout).bikes, "Bikes, and where I ride.");
      const store = open();
      await store.list();
      expect((await remember({ store, path: paths(layout).tools, fact: "uses Helix" })).ok).toBe(
        true,
      );
    },
    holds: ["Bikes, and where I ride."],
  },
  {
    name: "an edit after the look, then two writes of that store",
    run: async ({ open, byHand, write, layout }: Folder) => {
      const store = open();
      await store.list();
      await write(store, paths(layout).tools, "Editors.");
      await byHand(paths(layout).bikes, "Bikes, and where I ride.");
      await write(store, paths(layout).tools, "Editors I use.");
    },
    holds: ["Bikes, and where I ride.", "Editors I use."],
  },
  {
    name: "a write that began before any look, an edit, then a second write",
    run: async ({ open, byHand, write, layout }: Folder) => {
      const store = open();
      // The first write's patch cannot be taken from a look; its rebuild walks the folder inside
      // the write, a walk no later write may take as a look from before it.
      await rm(join(store.root, ".memfiles", MEMORY_INDEX_RECORD_FILE));
      await write(store, paths(layout).tools, "Editors.");
      await byHand(paths(layout).bikes, "Bikes, and where I ride.");
      await write(store, paths(layout).tools, "Editors I use.");
    },
    holds: ["Bikes, and where I ride.", "Editors I use."],
  },
  {
    name: "a file another process wrote after the look, then a write",
    run: async ({ open, write, layout }: Folder) => {
      const store = open();
      await store.list();
      await write(open(), paths(layout).boats, "Boats I sail.");
      await write(store, paths(layout).tools, "Editors.");
    },
    holds: ["Boats I sail.", "Editors."],
  },
  {
    name: "an edit after the look, a write, then a new process's write",
    run: async ({ open, byHand, write, layout }: Folder) => {
      const store = open();
      await store.list();
      await byHand(paths(layout).bikes, "Bikes, and where I ride.");
      await write(store, paths(layout).tools, "Editors.");
      await write(open(), paths(layout).tools, "Editors I use.");
    },
    holds: ["Bikes, and where I ride.", "Editors I use."],
  },
] as const;

async function folder(layout: StoreLayout): Promise<Folder> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-index-first-look-"));
  roots.push(root);
  const write = async (store: MemoryStore, path: string, description: string) => {
    const before = await store.read(path);
    const name = path.replace(/^.*\//, "").replace(/\.md$/, "");
    const written = await store.write(path, fileText(layout, name, description), before.version);
    expect(written.ok).toBe(true);
  };
  const byHand = async (path: string, description: string) => {
    const name = path.replace(/^.*\//, "").replace(/\.md$/, "");
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), fileText(layout, name, description), "utf8");
  };
  const open = () => {
    // A new process has no watch of the folder (docs/decisions/0102): it looks or walks.
    forgetWatchedFolders();
    return new MemoryStore({ root, layout });
  };
  const first = open();
  await write(first, paths(layout).tools, "Uses Vim.");
  await write(first, paths(layout).bikes, "Bikes I own.");
  return { root, layout, open, byHand, write };
}

describe("a new store's first look serves its first write, and misses no other writer's change", () => {
  const cases = LAYOUT_NAMES.flatMap((layout) => CASES.map((entry) => ({ layout, ...entry })));
  it.each(cases)("$layout layout, $name", async ({ layout, run, holds }) => {
    const given = await folder(layout);
    const before = await readFile(join(given.root, "MEMORY.md"), "utf8");
    await run(given);
    const after = await readFile(join(given.root, "MEMORY.md"), "utf8");
    const listed = await given.open().list();
    expect(after).toBe(rebuiltMemoryIndex(listed, before, layout));
    for (const words of holds) expect(after).toContain(words);
    expect((await given.open().check()).ok).toBe(true);
  });

  it.each(LAYOUT_NAMES)(
    "%s layout: a write patched from the look leaves a record dated at the look",
    async (layout) => {
      const given = await folder(layout);
      const store = given.open();
      // The look seems to begin 1.5 s before it does: the record must be dated then, not when it
      // landed, so a change in between is inside the next write's window.
      const early = vi.spyOn(performance, "now").mockImplementation(() => realNow() - 1_500);
      await store.list();
      early.mockRestore();
      await given.write(store, paths(layout).tools, "Editors.");
      const record = statSync(join(given.root, ".memfiles", MEMORY_INDEX_RECORD_FILE));
      const written = statSync(join(given.root, "MEMORY.md"));
      expect(written.mtimeMs - record.mtimeMs).toBeGreaterThanOrEqual(1_500);
      await given.byHand(paths(layout).bikes, "Bikes, and where I ride.");
      await given.write(given.open(), paths(layout).tools, "Editors I use.");
      const index = await readFile(join(given.root, "MEMORY.md"), "utf8");
      expect(index).toBe(rebuiltMemoryIndex(await given.open().list(), index, layout));
      expect(index).toContain("Bikes, and where I ride.");
    },
  );
});

// Files older than the record's racy window: a look lists them as unchanged, so what a write
// takes from the look shows (a file changed within the window is read again whatever the look
// says). The clock is held, not waited for: the record is dated 2 s and 1 ms past the file
// system's time after the folders were made, and the hand edits come once that time has moved.
const AGED = [
  {
    name: "the first write patches from the look, so a change after it waits for the next write",
    run: async (given: Folder) => {
      const { tools } = paths(given.layout);
      const store = given.open();
      await store.list();
      await given.byHand(paths(given.layout).bikes, "Bikes, and where I ride.");
      await given.write(store, tools, "Editors.");
      const first = await readFile(join(given.root, "MEMORY.md"), "utf8");
      expect(first).toContain("Editors.");
      expect(first).toContain("Bikes I own.");
      await given.write(given.open(), tools, "Editors I use.");
    },
  },
  {
    name: "a look older than it may serve is not used: the write looks again",
    run: async (given: Folder) => {
      const store = given.open();
      // The look seems to begin 6 s before the write: past LOOK_SERVES_MS (5 s).
      const early = vi.spyOn(performance, "now").mockImplementation(() => realNow() - 6_000);
      await store.list();
      early.mockRestore();
      await given.byHand(paths(given.layout).bikes, "Bikes, and where I ride.");
      await given.write(store, paths(given.layout).tools, "Editors.");
    },
  },
  {
    name: "a look serves one write: the store's next write looks again",
    run: async (given: Folder) => {
      const store = given.open();
      await store.list();
      await given.write(store, paths(given.layout).tools, "Editors.");
      await given.byHand(paths(given.layout).bikes, "Bikes, and where I ride.");
      await given.write(store, paths(given.layout).tools, "Editors I use.");
    },
  },
  {
    name: "a walk inside the store's own write is no look: its next write looks again",
    run: async (given: Folder) => {
      const store = given.open();
      // No record: the first write rebuilds, walking the folder inside the write.
      await rm(join(given.root, ".memfiles", MEMORY_INDEX_RECORD_FILE));
      await given.write(store, paths(given.layout).tools, "Editors.");
      await given.byHand(paths(given.layout).bikes, "Bikes, and where I ride.");
      await given.write(store, paths(given.layout).tools, "Editors I use.");
    },
  },
] as const;

describe("which look serves a write, with files older than the racy window", () => {
  const cases = LAYOUT_NAMES.flatMap((layout) => AGED.map((entry) => ({ layout, ...entry })));
  it.each(cases)("$layout layout: $name", async ({ layout, run }) => {
    const given = await folder(layout);
    await given.write(given.open(), paths(layout).boats, "Boats I sail.");
    const fileSystemNow = async () => {
      const clock = join(given.root, ".memfiles", "clock");
      await writeFile(clock, "");
      return statSync(clock).mtimeMs;
    };
    const made = await fileSystemNow();
    const ahead = new Date(made + 2_001);
    await utimes(join(given.root, ".memfiles", MEMORY_INDEX_RECORD_FILE), ahead, ahead);
    // The file system's clock ticks coarsely (a few ms): an edit must land 1 ms past `made`, inside
    // the record's window.
    while ((await fileSystemNow()) < made + 1)
      await new Promise((resolve) => setImmediate(resolve));
    await run(given);
    const index = await readFile(join(given.root, "MEMORY.md"), "utf8");
    expect(index).toBe(rebuiltMemoryIndex(await given.open().list(), index, layout));
    expect(index).toContain("Bikes, and where I ride.");
  });
});
