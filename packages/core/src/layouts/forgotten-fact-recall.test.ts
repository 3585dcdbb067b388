import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { budgetedRecall } from "../recall/budgeted-recall.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forget } from "./forget.js";

// A forgotten fact that came back (a `git checkout`, a backup) is left out of recall, and only it:
// the other facts of its fact file are still recalled (decision 0059). Each layout keeps the same
// two facts; the user forgets one, the file is restored, and each recall surface is asked.
const FORGOTTEN = "The user rides a Brompton to work.";
const KEPT = "The user keeps spare tubes in the hallway cupboard.";
const QUERY = "Brompton spare tubes hallway cupboard";

const FOLDERS: Array<[folder: string, layout: StoreLayout, path: string, text: string]> = [
  [
    "subject lines",
    "subject",
    "topics/bike.md",
    `---\nname: bike\ndescription: The user's bike.\nupdated: 2026/01/01\n---\n[stated 2026/01/01] ${FORGOTTEN}\n[stated 2026/01/01] ${KEPT}\n`,
  ],
  [
    "fact file of two lines",
    "fact",
    "bike.md",
    `---\nname: Bike\ndescription: The user's bike.\ntype: user\n---\n${FORGOTTEN}\n${KEPT}\n`,
  ],
  [
    "fact file of bullets and a Why line",
    "fact",
    "bike.md",
    `---\nname: Bike\ndescription: The user's bike.\ntype: user\n---\n- ${FORGOTTEN}\n- ${KEPT}\n  **Why:** they had two flats.\n`,
  ],
];

const SURFACES: Array<[name: string, recall: (store: MemoryStore) => Promise<string[]>]> = [
  [
    "budgetedRecall",
    async (store) => (await budgetedRecall({ store, query: QUERY })).units.map((unit) => unit.text),
  ],
  [
    "recallForPrompt",
    async (store) =>
      (await recallForPrompt({ store, query: QUERY })).units.map((unit) => unit.text),
  ],
];

const ROWS = FOLDERS.flatMap(([folder, layout, path, text]) =>
  SURFACES.map(([surface, recall]) => ({ folder, layout, path, text, surface, recall })),
);

describe("recall leaves out a forgotten fact that came back, and only it", () => {
  it.each(ROWS)("$surface, $folder", async ({ layout, path, text, recall }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-forgotten-recall-"));
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
    const store = new MemoryStore({ root, layout });
    const result = await forget({ store, query: "Brompton" });
    expect(result.removed.map((line) => line.line)).toEqual([expect.stringContaining(FORGOTTEN)]);
    expect(await readFile(join(root, path), "utf8")).not.toContain("Brompton");
    await writeFile(join(root, path), text);
    const shown = await recall(store);
    expect({
      forgotten: shown.some((unit) => unit.includes("Brompton")),
      kept: shown.some((unit) => unit.includes(KEPT)),
    }).toEqual({ forgotten: false, kept: true });
  });
});
