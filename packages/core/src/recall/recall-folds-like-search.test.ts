import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import type { MemoryStore } from "../store/memory-store.js";
import { foldSearchText } from "../text/index.js";

// Recall folds a query as `memfiles search`, `forget` and the MCP search tool do
// (`foldSearchText`): case and accents ignored, in both directions, in every language a row names.
const CASES = [
  {
    language: "German accents and ß",
    line: "fährt im Sommer nach Köln zur Großmutter",
    queries: [
      "Koln",
      "koln trip",
      "KÖLN",
      "grossmutter",
      "Großmutter",
      "GROẞMUTTER",
      "fahrt nach Koln",
    ],
  },
  {
    language: "Turkish dotless and dotted i",
    line: "İstanbul'da yaşıyorum, Iğdır'lıyım",
    queries: ["IĞDIR", "ığdır", "Iğdır", "igdir", "ıstanbul", "istanbul", "İSTANBUL", "Istanbul"],
  },
  {
    language: "Greek accents and final sigma",
    line: "ο Νίκος μένει στην οδό Σταδίου",
    queries: ["ΝΙΚΟΣ", "νικος", "Νίκος", "ΟΔΟ ΣΤΑΔΙΟΥ", "σταδιου"],
  },
  {
    language: "French accents written decomposed (NFD)",
    line: "a bu un cafe\u0301 au lait à Besanc\u0327on",
    queries: ["café", "CAFE", "besancon", "Besançon"],
  },
];

const ROWS = CASES.flatMap(({ language, line, queries }) =>
  queries.map((query) => ({ language, line, query })),
);

async function folder(line: string): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(
    "topics/travel.md",
    `---\nname: travel\ndescription: Trips.\n---\n[stated 2026/05/08] ${line}\n[stated 2026/05/08] likes hiking in Norway\n`,
    "new",
  );
  return store;
}

describe("recall folds like search", () => {
  it.each(ROWS)("$language: $query recalls the line", async ({ line, query }) => {
    const recalled = await recallForPrompt({ store: await folder(line), query });
    expect(recalled.units.map((unit) => unit.text)).toContain(line);
  });

  it.each(ROWS)("$language: $query is found by the search rule", ({ line, query }) => {
    const folded = foldSearchText(line);
    for (const word of foldSearchText(query)
      .split(" ")
      .filter((word) => word !== "trip")) {
      expect(folded).toContain(word);
    }
  });
});
