import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { killedAtTombstoneWrite } from "../../test/killed-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { searchShown } from "../guards/search-shown.js";
import { forget } from "../layouts/forget.js";
import { memfilesMemoryTool } from "../memory-tool/index.js";
import { MemoryStore, PENDING_FORGET_FILE } from "../store/index.js";
import { forgottenShownCheck, showWithoutForgotten } from "./index.js";

// A forget killed after its journal and before its tombstone left the line in its file until the
// next write finished it; every reader showed it to a model meanwhile (a new user's trial: the
// prompt hook recalled "Anna is allergic to peanuts" right after "forget peanuts"). The journal's
// tombstone hides it on every reader, through the one check (`forgottenShownCheck`).
const NOW = new Date("2026-12-08T12:00:00Z");
const PROFILE =
  "---\nname: anna\ndescription: Anna, a friend\n---\n[stated 2026/12/01] Anna is allergic to peanuts\n[stated 2026/12/01] Anna lives in Madrid\n";

type Reader = (store: MemoryStore) => Promise<string>;

const READERS: Array<[string, Reader]> = [
  [
    "recall (the prompt hook)",
    async (store) => (await recallForPrompt({ store, query: "is Anna allergic to peanuts?" })).text,
  ],
  [
    "show (MCP read, memfiles show)",
    async (store) =>
      showWithoutForgotten(store, await readFile(join(store.root, "people/anna.md"), "utf8")),
  ],
  [
    "search (MCP search, memfiles search)",
    async (store) => {
      const content = await readFile(join(store.root, "people/anna.md"), "utf8");
      const matches = await searchShown(
        [{ path: "people/anna.md", description: "Anna, a friend", content }],
        ["Anna"],
        await forgottenShownCheck(store),
      );
      return matches.map((match) => match.text).join("\n");
    },
  ],
  [
    "the memory tool's view",
    async (store) => {
      const reply = await memfilesMemoryTool({ store, now: NOW }).run({
        command: "view",
        path: "/memories/people/anna.md",
      });
      return typeof reply === "string" ? reply : JSON.stringify(reply);
    },
  ],
];

describe("a forget killed after its journal: no reader shows what it removes", () => {
  it.each(READERS)("%s", async (_name, read) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-pending-forget-read-"));
    await mkdir(join(root, "people"));
    await writeFile(join(root, "people/anna.md"), PROFILE);
    const store = new MemoryStore({ root, layout: "subject" });
    await expect(
      forget({ store: killedAtTombstoneWrite(store), query: "peanuts", now: NOW }),
    ).rejects.toThrow("killed");
    expect(await store.readInternal(PENDING_FORGET_FILE)).toBeDefined();
    expect(await readFile(join(root, "people/anna.md"), "utf8")).toContain("peanuts");
    const shown = await read(store);
    expect({ peanuts: shown.includes("peanuts"), madrid: shown.includes("Madrid") }).toEqual({
      peanuts: false,
      madrid: true,
    });
  });
});
