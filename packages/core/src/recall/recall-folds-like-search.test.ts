import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import type { MemoryStore } from "../store/memory-store.js";
import { foldSearchText } from "../text/index.js";

// Recall folds a query as `memfiles search` and the MCP search tool do (`foldSearchText`): a query
// typed without accents or with "ss" for "ß" finds the line, in both directions.
const LINE = "fährt im Sommer nach Köln zur Großmutter";
const QUERIES = ["Koln", "koln trip", "KÖLN", "grossmutter", "Großmutter", "fahrt nach Koln"];

async function folder(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(
    "topics/travel.md",
    `---\nname: travel\ndescription: Trips.\n---\n[stated 2026/05/08] ${LINE}\n[stated 2026/05/08] likes hiking in Norway\n`,
    "new",
  );
  return store;
}

describe("recall folds like search", () => {
  it.each(QUERIES)("%s recalls the line", async (query) => {
    const recalled = await recallForPrompt({ store: await folder(), query });
    expect(recalled.units.map((unit) => unit.text)).toContain(LINE);
  });

  it.each(QUERIES)("%s is found by the search rule", (query) => {
    const folded = foldSearchText(LINE);
    for (const word of foldSearchText(query)
      .split(" ")
      .filter((word) => word !== "trip")) {
      expect(folded).toContain(word);
    }
  });
});
