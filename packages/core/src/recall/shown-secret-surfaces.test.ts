import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  SHOWN_SECRET_CASES,
  shownAfterHandEdit,
  shownSecretFolder,
  shownSecretLine,
  shownUnderClearedFlags,
} from "../../test/shown-secret-cases.js";
import { boundaryStore } from "../boundary/boundary-store.js";
import { memoryBlock, recallForPrompt } from "../boundary/recall-for-prompt.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { budgetedRecall } from "./budgeted-recall.js";
import { buildSystem } from "./build-system.js";

// `buildSystem`'s memory block (its last system block), from the store or a request's view.
async function builtBlock(store: MemoryStore | Awaited<ReturnType<typeof requestView>>) {
  return (await buildSystem({ store, basePrompt: "Help." })).at(-1)?.text ?? "";
}
const requestView = (store: MemoryStore) =>
  boundaryStore(store, { allProjects: true }).forRequest(undefined, { rowsOnly: true });

// Core's surfaces that print memory to a model, each as the text it sends. The same cases run
// through MCP (`mcp/src/shown-secrets.test.ts`) and the `memfiles` command
// (`cli/src/commands/shown-secrets.test.ts`).
const SURFACES: Array<
  [string, (store: MemoryStore, path: string, words: string) => Promise<string>]
> = [
  [
    "memory tool view of the file",
    async (store, path) =>
      String(
        await memfilesMemoryTool({ store }).run({ command: "view", path: `/memories/${path}` }),
      ),
  ],
  [
    "memory tool view of the folder",
    async (store) =>
      String(await memfilesMemoryTool({ store }).run({ command: "view", path: "/memories" })),
  ],
  [
    "recallForPrompt",
    async (store, _path, words) => (await recallForPrompt({ store, query: words })).text,
  ],
  [
    "budgetedRecall",
    async (store, _path, words) => (await budgetedRecall({ store, query: words })).note,
  ],
  ["memoryBlock (SessionStart)", async (store) => (await memoryBlock({ store })).text],
  [
    "memoryBlock checking the shown files only",
    async (store) => (await memoryBlock({ store, checkShownOnly: true })).text,
  ],
  ["buildSystem of the store", (store) => builtBlock(store)],
  ["buildSystem of a request's view", async (store) => builtBlock(await requestView(store))],
];

const CASES = (["subject", "fact"] as const).flatMap((layout) =>
  SHOWN_SECRET_CASES.flatMap((testCase) =>
    SURFACES.map(
      ([surface, shown]) =>
        [`${surface}: ${testCase.name} (${layout})`, layout, testCase, shown] as const,
    ),
  ),
);

describe("a secret a person wrote into a file, or into its name, is never shown", () => {
  it.each(CASES)("%s", async (name, layout: StoreLayout, testCase, shown) => {
    const root = await shownSecretFolder(testCase, layout);
    const store = new MemoryStore({ root, layout });
    const path = testCase.path(layout);
    const before = await readFile(join(root, path), "utf8");
    const text = await shown(store, path, testCase.words);
    // The surface showed the file (its words, its description or its masked name), so the check
    // below is not vacuous.
    expect(text).toMatch(/deploy|\[redacted\]/i);
    for (const secret of testCase.hidden) expect(text).not.toContain(secret);
    if (name.startsWith("memory tool view of the file")) {
      for (const line of testCase.kept ?? []) expect(text).toContain(line);
    }
    if (testCase.clean && !/memoryBlock|buildSystem|folder/.test(name)) {
      expect(text).toContain(shownSecretLine(testCase, layout).replace(/^\[stated [^\]]+\] /, ""));
      expect(text).not.toContain("[redacted]");
    }
    // Shown, not edited.
    expect(await readFile(join(root, path), "utf8")).toBe(before);
  });
});

// The index's "cleared" flags are a shortcut only: each surface shows the same text with them
// set, dropped, or set by an older build (`shownUnderClearedFlags`).
describe("the recall index's cleared flags change nothing a surface shows", () => {
  afterEach(() => vi.useRealTimers());
  it.each(CASES)("%s", async (_name, layout: StoreLayout, testCase, shown) => {
    const root = await shownSecretFolder(testCase, layout);
    const store = new MemoryStore({ root, layout });
    const path = testCase.path(layout);
    const { flagged, dropped, older } = await shownUnderClearedFlags(root, layout, () =>
      shown(store, path, testCase.words),
    );
    for (const secret of testCase.hidden) expect(flagged).not.toContain(secret);
    expect({ dropped, older }).toEqual({ dropped: flagged, older: flagged });
  });
});

// A file the stored index cleared, then edited by hand to hold a secret: the flag its clean text
// left is trusted neither by the first process after the edit nor by the next one, which reads the
// edit from the index's log (`shownAfterHandEdit`).
describe("a cleared file edited by hand is screened again", () => {
  afterEach(() => vi.useRealTimers());
  it.each(CASES)("%s", async (_name, layout: StoreLayout, testCase, shown) => {
    const path = testCase.path(layout);
    const { edited, stale } = await shownAfterHandEdit(testCase, layout, (root) =>
      shown(new MemoryStore({ root, layout }), path, testCase.words),
    );
    for (const secret of testCase.hidden) {
      expect(edited.shown).not.toContain(secret);
      expect(stale.shown).not.toContain(secret);
    }
    expect([edited.shown, stale.shown]).toEqual([edited.flagged, stale.flagged]);
  });
});
