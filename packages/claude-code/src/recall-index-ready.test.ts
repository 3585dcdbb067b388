// recallIndexReady in process (the hook entry's runs are in recall-index-build.test.ts): it reads
// the stored index's opening through the store, so a link in its place is rebuilt, never read.
import { rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { flushRecallIndexes, MemoryStore, openRecallIndex } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { factFile, hookFolders } from "../test/memory-folder.js";
import { HOOK_BUILD_MAX_FILES, recallIndexReady } from "./recall-index-build.js";

describe("recallIndexReady reads the stored index through the store's guard", () => {
  it.each([
    ["a stored index", true, false],
    ["a link to an index outside the folder", false, true],
  ])("%s: ready %s", async (_name, ready, linked) => {
    const { root } = await hookFolders();
    for (let at = 2; at <= HOOK_BUILD_MAX_FILES; at++) {
      await writeFile(join(root, `garden-${at}.md`), factFile(`Garden ${at}`, "Garden", "Tulips."));
    }
    const store = new MemoryStore({ root, layout: "fact" });
    await openRecallIndex(store);
    await flushRecallIndexes();
    const index = join(root, ".memfiles/recall-index.json");
    if (linked) {
      const outside = join(root, "..", "recall-index.json");
      await rename(index, outside);
      await symlink(outside, index);
    }
    const builds: unknown[] = [];
    const context = {
      store,
      layout: "fact" as const,
      startIndexBuild: (request: unknown) => builds.push(request),
      log: async () => undefined,
    };
    expect(await recallIndexReady(context, "user-prompt-submit")).toBe(ready);
    expect(builds).toHaveLength(ready ? 0 : 1);
  });
});
