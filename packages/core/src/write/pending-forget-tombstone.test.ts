import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { killedAtTombstoneWrite } from "../../test/killed-store.js";
import { readTombstones, TombstoneIndex } from "../guards/tombstones.js";
import { forget } from "../layouts/forget.js";
import { remember } from "../layouts/remember.js";
import { memfilesMemoryTool } from "../memory-tool/index.js";
import { MemoryStore, PENDING_FORGET_FILE } from "../store/index.js";

// A subject forget writes its journal, then its tombstone, then the files. Killed between the
// journal and the tombstone, the next call finished the journal (the line removed) with no
// tombstone, so nothing kept the fact out and no `kept` was recorded (decision 0112's Open). The
// journal now carries the tombstone; every call that finishes a journal writes it (decision 0121).
const NOW = new Date("2026-12-07T12:00:00Z");
const FACT = "deploys on Fly.io";
const PROFILE =
  "---\nname: profile\ndescription: who the user is\n---\n[stated 2026/12/01] works as a nurse\n[stated 2026/12/01] deploys on Fly.io\n";

const NEXT_CALLS: Array<[string, (store: MemoryStore) => Promise<unknown>]> = [
  [
    "remember",
    (store) => remember({ store, path: "profile.md", fact: "types on Colemak", now: NOW }),
  ],
  ["forget", (store) => forget({ store, query: "nurse shifts", now: NOW })],
  [
    "the memory tool's create",
    async (store) =>
      memfilesMemoryTool({ store, now: NOW }).run({
        command: "create",
        path: "/memories/topics/keyboard.md",
        file_text: "types on Colemak\n",
      }),
  ],
];

describe("a forget killed between its journal and its tombstone", () => {
  it.each(NEXT_CALLS)("is finished with its tombstone by the next %s", async (_name, next) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-killed-tombstone-"));
    await writeFile(join(root, "profile.md"), PROFILE);
    const store = new MemoryStore({ root, layout: "subject" });
    await expect(
      forget({ store: killedAtTombstoneWrite(store), query: "Fly.io", now: NOW }),
    ).rejects.toThrow("killed");
    const journal = await store.readInternal(PENDING_FORGET_FILE);
    await next(store);
    const tombstones = await readTombstones(store);
    expect({
      journalLeft: journal !== undefined,
      lineLeft: (await readFile(join(root, "profile.md"), "utf8")).includes(FACT),
      // One tombstone hides the fact (the next forget may add its own, of other words).
      tombstones: tombstones.filter((tombstone) => new TombstoneIndex([tombstone]).find(FACT))
        .length,
      kept: tombstones.every((tombstone) => tombstone.kept !== undefined),
      hidden: new TombstoneIndex(tombstones).find(FACT) !== undefined,
      journalNow: await store.readInternal(PENDING_FORGET_FILE),
    }).toEqual({
      journalLeft: true,
      lineLeft: false,
      tombstones: 1,
      kept: true,
      hidden: true,
      journalNow: undefined,
    });
  });
});
