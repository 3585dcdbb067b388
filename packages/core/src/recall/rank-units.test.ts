import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import {
  COMMON_TERM_MIN_UNITS,
  COMMON_TERM_SHARE,
  type IndexedUnit,
  searchUnits,
  unitIndexOptions,
} from "./rank-units.js";

// COMMON_TERM_MIN_UNITS units of one file named "notes": "user" in every one, "hosting" in three,
// "hetzner" and "notes" in one.
const TEXTS = [
  "the user rents a server at hetzner for hosting, see notes",
  "the user compares hosting plans",
  "the user moved hosting to fly",
];

function unitSearch(count = COMMON_TERM_MIN_UNITS): MiniSearch<IndexedUnit> {
  const texts = [
    ...TEXTS,
    ...Array.from({ length: count - TEXTS.length }, (_, at) => `the user likes tea number ${at}`),
  ];
  const search = new MiniSearch<IndexedUnit>(unitIndexOptions());
  search.addAll(texts.map((text, id) => ({ id, text, file: "notes", entities: "", date: "" })));
  return search;
}

const scores = (hits: ReturnType<typeof searchUnits>) =>
  Object.fromEntries(hits.map((hit) => [hit.id, hit.score]));

describe("searchUnits", () => {
  it("leaves out a word in more than the common share of units", () => {
    expect(COMMON_TERM_SHARE).toBeLessThan(1);
    const search = unitSearch();
    expect(scores(searchUnits(search, "Where does the user do hosting?"))).toEqual(
      scores(search.search("hosting")),
    );
  });

  it("searches a word common in one field in its other fields", () => {
    const search = unitSearch();
    expect(scores(searchUnits(search, "hetzner notes"))).toEqual(
      scores(
        search.search({
          queries: ["hetzner", { queries: ["notes"], fields: ["text", "entities", "date"] }],
          combineWith: "OR",
        }),
      ),
    );
    expect(Object.keys(scores(searchUnits(search, "hetzner notes")))).toEqual(["0"]);
  });

  it("searches the whole query in an index of fewer units", () => {
    const search = unitSearch(COMMON_TERM_MIN_UNITS - 1);
    const query = "Where does the user do hosting?";
    expect(scores(searchUnits(search, query))).toEqual(scores(search.search(query)));
  });

  it.each([
    ["only common words", "user"],
    ["no common word", "hetzner hosting"],
  ])("searches the whole query when it has %s", (_name, query) => {
    const search = unitSearch();
    expect(scores(searchUnits(search, query))).toEqual(scores(search.search(query)));
  });

  it("keeps the scope filter", () => {
    const search = unitSearch();
    const hits = searchUnits(search, "user hosting", { filter: (hit) => hit.id !== 0 });
    expect(hits.map((hit) => hit.id).sort()).toEqual([1, 2]);
  });
});
