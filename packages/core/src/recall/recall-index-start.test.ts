import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { MemoryStore } from "../store/index.js";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_FILE,
  RecallIndex,
  recallIndexStartFits,
} from "./recall-index.js";

async function storedIndex(): Promise<{ store: MemoryStore; text: string }> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-index-start-"));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  await writeFile(
    join(root, "diet.md"),
    "---\nname: Diet\ndescription: The user's diet\ntype: user\n---\nThe user is vegetarian.\n",
  );
  const store = new MemoryStore({ root, layout: "fact" });
  await store.writeInternal("probe", "");
  await openRecallIndex(store);
  await flushRecallIndexes();
  forgetOpenRecallIndexes();
  return { store, text: await readFile(join(root, ".memfiles", RECALL_INDEX_FILE), "utf8") };
}

// Each stored text beside whether the open reads it (`parseFiles`): the start's answer must agree.
const CASES: Array<{ name: string; change: (text: string) => string; layout?: "subject" }> = [
  { name: "the index as stored", change: (text) => text },
  { name: "another format", change: (text) => text.replace(/^\{"format":\d+/, '{"format":0') },
  {
    name: "another ranking version",
    change: (text) => text.replace(/"ranking":\d+/, '"ranking":-1'),
  },
  { name: "another size cap", change: (text) => text.replace(/"maxChars":\d+/, '"maxChars":1') },
  { name: "another layout", change: (text) => text, layout: "subject" },
  { name: "not JSON", change: (text) => `x${text}` },
  { name: "empty", change: () => "" },
];

describe("recallIndexStartFits: a stored index's first bytes say whether the open reads it", () => {
  it.each(CASES)("$name", async ({ change, layout }) => {
    const { store, text } = await storedIndex();
    const changed = change(text);
    const asked = layout === undefined ? store : { layout, maxChars: store.maxChars };
    const reads = RecallIndex.parseFiles(changed, asked) !== undefined;
    expect(recallIndexStartFits(changed.slice(0, 256), asked)).toBe(reads);
  });

  it("no stored index is one the open builds", () => {
    expect(recallIndexStartFits(undefined, { layout: "fact", maxChars: 1 })).toBe(false);
  });
});
