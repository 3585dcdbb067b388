import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { budgetedRecall } from "../recall/budgeted-recall.js";
import { MemoryStore } from "../store/index.js";
import { foldForScan } from "./secret-guard.js";

// A person may paste one very long line into a memory file. The secret screen folds every text it
// reads (`foldForScan`) before recall shows it: that work must grow with the text's length, not its
// square. Vitest's test timeout is the guard here, not a timed assertion: folding the million
// characters below took minutes when each character flattened the growing copy again.

describe("foldForScan on a very long text", () => {
  it("folds a million characters, each mapped back to where it came from", () => {
    // Double spaces and a non-ASCII bullet: both ask for a folded copy.
    const words = 100_000;
    const text = `• ${"longword  ".repeat(words)}ends`;
    const folded = foldForScan(text);
    expect(folded).toBeDefined();
    expect(folded?.text).toBe(`• ${"longword ".repeat(words)}ends`);
    expect(folded?.starts).toHaveLength(folded?.text.length ?? 0);
    expect(folded?.ends).toHaveLength(folded?.text.length ?? 0);
    // The one space after the last "longword" stands for the two characters of its run.
    const last = (folded?.text.length ?? 0) - "ends".length - 1;
    expect(folded?.starts[last]).toBe(text.length - "ends".length - 2);
    expect(folded?.ends[last]).toBe(text.length - "ends".length);
  });
});

// The trial's file: a subject-layout file with one hand-written line of 20,000 words (180 KB)
// beside short facts and a bullet. Every recall that fills a budget still answers with the fact.
const SURFACES: Array<[string, (store: MemoryStore, query: string) => Promise<string>]> = [
  [
    "recallForPrompt (the prompt hook)",
    async (store, query) => (await recallForPrompt({ store, query })).text,
  ],
  [
    "budgetedRecall (chat's budget strategy)",
    async (store, query) => (await budgetedRecall({ store, query })).note,
  ],
];

describe.each(SURFACES)("%s with a line of 20,000 words in a file", (_name, recall) => {
  it("recalls the short fact beside it", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-long-line-"));
    await mkdir(join(root, "topics"));
    await writeFile(
      join(root, "topics/odd.md"),
      "---\nname: odd\ndescription: odd things\nupdated: 2026/12/07\n---\n" +
        "[stated 2026/12/01] keeps a kayak named Zephyrine\n" +
        "[stated 2026/12/02] • owns a tortoise called Quillbert\n" +
        `[stated 2026/12/05] • ${"longword ".repeat(20_000)}ends with Xylophonist\n`,
    );
    const note = await recall(new MemoryStore({ root }), "what about Zephyrine?");
    expect(note).toContain("keeps a kayak named Zephyrine");
  });
});
