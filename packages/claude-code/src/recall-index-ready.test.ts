// recallIndexReady in process (the hook entry's runs are in recall-index-build.test.ts): it reads
// the stored index's opening through the store, so a link in its place is rebuilt, never read.
import { appendFile, mkdir, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { flushRecallIndexes, MemoryStore, openRecallIndex } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { factFile, hookFolders } from "../test/memory-folder.js";
import {
  HOOK_BUILD_MAX_FILES,
  HOOK_COMPACT_LOG_LINES,
  recallIndexReady,
} from "./recall-index-build.js";

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

describe("recallIndexReady has a long log folded in by the detached process", () => {
  it.each([
    ["one line short", HOOK_COMPACT_LOG_LINES - 1, false, 0],
    ["long", HOOK_COMPACT_LOG_LINES, false, 1],
    ["long, while a build holds the lock", HOOK_COMPACT_LOG_LINES, true, 0],
  ])(
    "a log %s: recalls now, %i lines, locked %s, %i builds started",
    async (_name, lines, locked, started) => {
      const { root } = await hookFolders();
      const store = new MemoryStore({ root, layout: "fact" });
      await openRecallIndex(store);
      await flushRecallIndexes();
      const line = `${JSON.stringify({ changed: "deploy-host.md" })}\n`;
      await appendFile(join(root, ".memfiles/recall-index.log"), line.repeat(lines));
      if (locked)
        await mkdir(join(root, ".memfiles/claude-code/recall-index-build.lock"), {
          recursive: true,
        });
      const builds: unknown[] = [];
      const context = {
        store,
        layout: "fact" as const,
        startIndexBuild: (request: unknown) => builds.push(request),
        log: async () => undefined,
      };
      expect(await recallIndexReady(context, "user-prompt-submit")).toBe(true);
      expect(builds).toEqual(started === 0 ? [] : [{ root, layout: "fact" }]);
    },
  );
});
