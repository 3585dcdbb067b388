import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  handFileText as fileText,
  handFilePaths as paths,
} from "../../test/fixtures/hand-files.js";
import { folderWatchUsers } from "../file-system/folder-watch.js";
import { MemoryStore } from "../store/index.js";
import { LAYOUT_NAMES } from "../store/layout-names.js";
import { forgetWatchedFolders } from "../store/watched-folder.js";
import { forgetOpenRecallIndexes, openRecallIndex } from "./recall-index.js";

// A long-lived process's recall index and its store's folder view (docs/decisions/0048, 0102)
// watch the memory folder through one watch: one set of watchers and one canary, and either user
// letting go keeps the other's events (docs/decisions/0111).

const roots: string[] = [];
afterEach(async () => {
  forgetOpenRecallIndexes();
  forgetWatchedFolders();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function longLived(layout: (typeof LAYOUT_NAMES)[number]) {
  const root = await mkdtemp(join(tmpdir(), "memfiles-shared-watch-"));
  roots.push(root);
  const store = new MemoryStore({ root, layout });
  const { tools, bikes, boats } = paths(layout);
  for (const [path, words] of [
    [tools, "Uses Vim."],
    [bikes, "Bikes I own."],
    [boats, "Boats I sail."],
  ] as const) {
    const before = await store.read(path);
    expect((await store.write(path, fileText(layout, path, words), before.version)).ok).toBe(true);
  }
  // Asked twice: a long-lived index, which watches the folder.
  await openRecallIndex(store);
  await openRecallIndex(store);
  return { root, store };
}

const recalls = async (store: MemoryStore, words: string) =>
  (await openRecallIndex(store)).query(words).some((unit) => unit.text.includes(words));

describe("a memory folder's recall index and store share its one watch", () => {
  it.each(LAYOUT_NAMES)("%s layout: two users, one set of watchers", async (layout) => {
    const { root } = await longLived(layout);
    const watchers = layout === "subject" ? 2 : 1;
    expect(folderWatchUsers(root)).toEqual({ users: 2, folders: watchers });
  });

  it.each(LAYOUT_NAMES)(
    "%s layout: the store letting go keeps the recall index's events",
    async (layout) => {
      const { root, store } = await longLived(layout);
      forgetWatchedFolders();
      expect(folderWatchUsers(root)?.users).toBe(1);
      const path = join(root, paths(layout).bikes);
      await writeFile(path, (await readFile(path, "utf8")).replace("noted", "rides a gravel bike"));
      expect(await recalls(store, "rides a gravel bike")).toBe(true);
    },
  );

  it.each(LAYOUT_NAMES)(
    "%s layout: the recall index letting go keeps the store's view",
    async (layout) => {
      const { root, store } = await longLived(layout);
      forgetOpenRecallIndexes();
      expect(folderWatchUsers(root)?.users).toBe(1);
      const path = join(root, paths(layout).bikes);
      await writeFile(path, fileText(layout, paths(layout).bikes, "Bikes, and where I ride."));
      const { tools } = paths(layout);
      const before = await store.read(tools);
      expect(
        (await store.write(tools, fileText(layout, tools, "Editors."), before.version)).ok,
      ).toBe(true);
      expect(await readFile(join(root, "MEMORY.md"), "utf8")).toContain("Bikes, and where I ride.");
    },
  );
});
