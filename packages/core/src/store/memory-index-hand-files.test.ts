import { mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  handFileText as fileText,
  handFilePaths as paths,
} from "../../test/fixtures/hand-files.js";
import { FolderWatch } from "../file-system/folder-watch.js";
import { forget, remember } from "../layouts/index.js";
import { FolderStore } from "./folder-store.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { rebuiltMemoryIndex } from "./keep-index-descriptions.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import { MEMORY_INDEX_RECORD_FILE } from "./memory-index-record.js";
import { forgetWatchedFolders } from "./watched-folder.js";

// A file another writer changed (a person's editor, git, a sync tool) is taken into MEMORY.md by
// the next write, in a new process (the record of docs/decisions/0080) and in a long-lived store,
// by patching its line: no whole rebuild (docs/decisions/0089). A long-lived store's later writes
// take the folder's view from its watch (docs/decisions/0102): those rows hold the clock (the
// record dated 3 s ahead), so no change time is new enough and only the folder's events can say
// what changed.

const roots: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

// What another writer does between two memfiles writes, and the line MEMORY.md must then hold.
const DRIFTS = [
  {
    drift: "a file added by hand",
    change: async (root: string, layout: StoreLayout) => {
      const path = join(root, paths(layout).bikes);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, fileText(layout, "bikes", "My road bike and its service."), "utf8");
    },
    holds: ["My road bike and its service."],
    lacks: [],
  },
  {
    drift: "a description edited by hand",
    change: async (root: string, layout: StoreLayout) => {
      const path = join(root, paths(layout).bikes);
      const text = await readFile(path, "utf8");
      await writeFile(path, text.replace("Bikes I own.", "Bikes, and where I ride."), "utf8");
    },
    holds: ["Bikes, and where I ride."],
    lacks: ["Bikes I own."],
  },
  {
    drift: "a file removed by hand",
    change: async (root: string, layout: StoreLayout) => rm(join(root, paths(layout).bikes)),
    holds: [],
    lacks: ["Bikes I own."],
  },
  {
    drift: "a file renamed by hand",
    change: async (root: string, layout: StoreLayout) =>
      rename(join(root, paths(layout).bikes), join(root, paths(layout).moved)),
    holds: ["cycling.md)"],
    lacks: ["bikes.md)"],
  },
  {
    drift: "an edit that sets the mtime back (cp -p)",
    change: async (root: string, layout: StoreLayout) => {
      const path = join(root, paths(layout).bikes);
      const text = await readFile(path, "utf8");
      await writeFile(path, text.replace("Bikes I own.", "Bikes, and where I ride."), "utf8");
      await utimes(path, new Date("2020-01-01"), new Date("2020-01-01"));
    },
    holds: ["Bikes, and where I ride."],
    lacks: ["Bikes I own."],
  },
  {
    drift: "70 files added by hand",
    change: async (root: string, layout: StoreLayout) => {
      for (let file = 0; file < 70; file++) {
        const path = join(root, paths(layout).bikes.replace("bikes", `bike-${file}`));
        await writeFile(path, fileText(layout, `bike-${file}`, `Bike number ${file}.`), "utf8");
      }
    },
    holds: ["Bike number 0.", "Bike number 69."],
    lacks: [],
  },
] as const;

async function storeWrite(store: MemoryStore, layout: StoreLayout): Promise<void> {
  const path = paths(layout).tools;
  const before = await store.read(path);
  expect((await store.write(path, fileText(layout, "tools", "Editors."), before.version)).ok).toBe(
    true,
  );
}

// How the next write comes: each surface's write in a new process (a new store), or the store
// that wrote the index (a long-lived process).
const WRITES = [
  {
    write: "store.write, a new process",
    run: storeWrite,
    fresh: true,
  },
  {
    write: "store.delete, a new process",
    run: async (store: MemoryStore, layout: StoreLayout) => {
      expect((await store.delete(paths(layout).tools)).ok).toBe(true);
    },
    fresh: true,
  },
  {
    write: "store.write, the same store (its third write: the folder's watch)",
    run: storeWrite,
    fresh: false,
  },
  {
    // The recall index of the same process watches the folder too, through the one watch.
    write: "store.write, the same store, after another user of its folder's watch closed",
    run: storeWrite,
    fresh: false,
    otherUserClosed: true,
  },
  {
    write: "store.write, the same store, its folder not watched (it walks)",
    run: storeWrite,
    fresh: false,
    unwatched: true,
  },
  {
    write: "remember, a new process",
    run: async (store: MemoryStore, layout: StoreLayout) => {
      const saved = await remember({ store, path: paths(layout).tools, fact: "uses Helix" });
      expect(saved.ok).toBe(true);
    },
    fresh: true,
  },
  {
    write: "forget, a new process",
    run: async (store: MemoryStore) => {
      const result = await forget({ store, query: "noted tools" });
      expect(result.ok && result.removed.length).toBe(1);
    },
    fresh: true,
  },
] as const;

describe("a write takes in files another writer changed since MEMORY.md was in step", () => {
  const cases = LAYOUT_NAMES.flatMap((layout) =>
    DRIFTS.flatMap((drift) => WRITES.map((write) => ({ layout, ...drift, ...write }))),
  );
  it.each(cases)("$layout layout, $drift, then $write", async (entry) => {
    const { layout, change, holds, lacks, run, fresh } = entry;
    const root = await mkdtemp(join(tmpdir(), "memfiles-index-hand-files-"));
    roots.push(root);
    if ("unwatched" in entry) vi.spyOn(FolderWatch, "start").mockReturnValue(undefined);
    let store = new MemoryStore({ root, layout });
    const { tools, bikes } = paths(layout);
    expect((await store.write(tools, fileText(layout, "tools", "Uses Vim."), "new")).ok).toBe(true);
    expect((await store.write(bikes, fileText(layout, "bikes", "Bikes I own."), "new")).ok).toBe(
      true,
    );
    if (!fresh && !("unwatched" in entry)) {
      const ahead = new Date(Date.now() + 3_000);
      await utimes(join(root, ".memfiles", MEMORY_INDEX_RECORD_FILE), ahead, ahead);
    }
    if ("otherUserClosed" in entry) {
      const other = FolderWatch.start(root);
      expect(await other?.changes()).toBe("all");
      other?.close();
    }
    await change(root, layout);
    if (fresh) {
      // A new process has no watch of the folder: it walks.
      forgetWatchedFolders();
      store = new MemoryStore({ root, layout });
    }
    const before = await readFile(join(root, "MEMORY.md"), "utf8");
    await run(store, layout);
    const after = await readFile(join(root, "MEMORY.md"), "utf8");
    const listed = await new MemoryStore({ root, layout }).list();
    expect(after).toBe(rebuiltMemoryIndex(listed, before, layout));
    for (const words of holds) expect(after).toContain(words);
    for (const words of lacks) expect(after).not.toContain(words);
    expect((await new MemoryStore({ root, layout }).check()).ok).toBe(true);
  });

  it.each(LAYOUT_NAMES)(
    "%s layout: a new process's write patches the lines, without listing the folder",
    async (layout) => {
      const root = await mkdtemp(join(tmpdir(), "memfiles-index-hand-files-"));
      roots.push(root);
      const { tools, bikes } = paths(layout);
      const first = new MemoryStore({ root, layout });
      expect((await first.write(tools, fileText(layout, "tools", "Uses Vim."), "new")).ok).toBe(
        true,
      );
      await mkdir(dirname(join(root, bikes)), { recursive: true });
      await writeFile(join(root, bikes), fileText(layout, "bikes", "Bikes I own."), "utf8");
      const lists = vi.spyOn(FolderStore.prototype, "list");
      const store = new MemoryStore({ root, layout });
      const before = await store.read(tools);
      expect(
        (await store.write(tools, fileText(layout, "tools", "Editors."), before.version)).ok,
      ).toBe(true);
      expect(lists).not.toHaveBeenCalled();
      const index = await readFile(join(root, "MEMORY.md"), "utf8");
      expect(index).toContain("Bikes I own.");
      expect(index).toContain("Editors.");
    },
  );
});
