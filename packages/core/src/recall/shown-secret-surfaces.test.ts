import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { settleWrittenFiles } from "../../test/recall-writes.js";
import {
  SHOWN_SECRET_CASES,
  shownSecretFolder,
  shownSecretLine,
} from "../../test/shown-secret-cases.js";
import { memoryBlock, recallForPrompt } from "../boundary/recall-for-prompt.js";
import { secretScreenIdentity } from "../guards/secret-screen-identity.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { MemoryStore } from "../store/index.js";
import type { StoreLayout } from "../store/types.js";
import { budgetedRecall } from "./budgeted-recall.js";
import { flushRecallIndexes, forgetOpenRecallIndexes, RECALL_INDEX_FILE } from "./recall-index.js";

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
    if (testCase.clean && !/memoryBlock|folder/.test(name)) {
      expect(text).toContain(shownSecretLine(testCase, layout).replace(/^\[stated [^\]]+\] /, ""));
      expect(text).not.toContain("[redacted]");
    }
    // Shown, not edited.
    expect(await readFile(join(root, path), "utf8")).toBe(before);
  });
});

// The stored index's files' line rewritten: its screen identity and one "cleared" char a file.
async function restampFlags(
  root: string,
  flags: (files: number) => { screen?: string; cleared: string },
): Promise<void> {
  const path = join(root, ".memfiles", RECALL_INDEX_FILE);
  const [first, ...rest] = (await readFile(path, "utf8")).split("\n");
  const line = JSON.parse(first ?? "") as { files: unknown[]; screen: string; cleared: string };
  const { screen, cleared } = flags(line.files.length);
  const rewritten = { ...line, screen: screen ?? line.screen, cleared };
  await writeFile(path, [JSON.stringify(rewritten), ...rest].join("\n"));
  forgetOpenRecallIndexes();
}

// The index's "cleared" flag (decision 0085: the body, its units and the path's names) is a
// shortcut only: each surface shows the same text with every file cleared by this build's screen,
// with none cleared (every text and path screened), and from an index an older build stored, whose
// flags cleared a file by its body alone (all set here: the case's files are clean but for a
// secret in a name or a body): such flags are never trusted, the files are screened again.
describe("the recall index's cleared flags change nothing a surface shows", () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetOpenRecallIndexes();
  });
  it.each(CASES)("%s", async (_name, layout: StoreLayout, testCase, shown) => {
    const root = await shownSecretFolder(testCase, layout);
    settleWrittenFiles();
    const store = new MemoryStore({ root, layout });
    const path = testCase.path(layout);
    const show = async () => {
      const text = await shown(store, path, testCase.words);
      await flushRecallIndexes();
      return text;
    };
    // The index built and stored, each file's flag set by its screen (a surface that reads no
    // index still shows the same text each time).
    await budgetedRecall({ store, query: testCase.words });
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    const flagged = await show();
    for (const secret of testCase.hidden) expect(flagged).not.toContain(secret);
    forgetOpenRecallIndexes();
    expect(await show()).toBe(flagged);
    await restampFlags(root, (files) => ({ cleared: "0".repeat(files) }));
    expect(await show()).toBe(flagged);
    await restampFlags(root, (files) => ({
      screen: secretScreenIdentity(),
      cleared: "1".repeat(files),
    }));
    expect(await show()).toBe(flagged);
  });
});
