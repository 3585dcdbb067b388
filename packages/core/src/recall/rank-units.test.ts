import MiniSearch, { type Query } from "minisearch";
import { describe, expect, it } from "vitest";
import { splitSearchTerms, stemmedSearchTerm } from "../text/search-terms.js";
import {
  COMMON_TERM_MIN_UNITS,
  COMMON_TERM_SHARE,
  type FileDocument,
  fileIndexOptions,
  type IndexedUnit,
  searchUnits,
  type UnitSearch,
  unitIndexOptions,
} from "./rank-units.js";

type TestFile = { file: string; entities: string; units: Array<{ text: string; date: string }> };
type WholeUnit = { id: number; text: string; file: string; entities: string; date: string };

// The oracle: one minisearch index holding every unit with its file's fields, as the recall index
// held them before file fields were indexed once per file.
function wholeSearch(files: readonly TestFile[]): MiniSearch<WholeUnit> {
  const search = new MiniSearch<WholeUnit>({
    ...(unitIndexOptions() as object),
    fields: ["text", "file", "entities", "date"],
  });
  let id = 0;
  for (const file of files) {
    for (const unit of file.units) {
      search.add({ id: id++, ...unit, file: file.file, entities: file.entities });
    }
  }
  return search;
}

function splitSearch(files: readonly TestFile[]): UnitSearch {
  const units = new MiniSearch<IndexedUnit>(unitIndexOptions());
  const fileSearch = new MiniSearch<FileDocument>(fileIndexOptions());
  const held: number[][] = [];
  let id = 0;
  for (const file of files) {
    const ids = file.units.map(() => id++);
    if (ids.length === 0) continue;
    fileSearch.add({ id: held.length, file: file.file, entities: file.entities });
    held.push(ids);
    file.units.forEach((unit, at) => {
      units.add({ id: ids[at] as number, ...unit });
    });
  }
  return { units, files: fileSearch, unitsOf: (fileId) => held[fileId] };
}

const FIELDS = ["text", "file", "entities", "date"];

// The oracle's common-word rule, on the one index: each word searched in the fields where at most
// COMMON_TERM_SHARE of the units hold it; the whole query when no word is narrowed or none is left.
function narrowedWhole(whole: MiniSearch<WholeUnit>, query: string): Query {
  if (whole.documentCount < COMMON_TERM_MIN_UNITS) return query;
  const internals = whole as unknown as {
    _index: { get(term: string): Map<number, Map<number, number>> | undefined };
    _fieldIds: Record<string, number>;
  };
  const limit = COMMON_TERM_SHARE * whole.documentCount;
  const queries: Query[] = [];
  let narrowed = false;
  let reaching = false;
  for (const word of splitSearchTerms(query)) {
    const term = stemmedSearchTerm(word);
    if (term === null) continue;
    const sizes = FIELDS.map(
      (field) => internals._index.get(term)?.get(internals._fieldIds[field] ?? -1)?.size ?? 0,
    );
    const common = FIELDS.filter((_field, at) => (sizes[at] ?? 0) > limit);
    const elsewhere = sizes.some((size) => size > 0 && size <= limit);
    reaching ||= elsewhere;
    if (common.length === 0) queries.push(word);
    else {
      narrowed = true;
      if (elsewhere)
        queries.push({ queries: [word], fields: FIELDS.filter((f) => !common.includes(f)) });
    }
  }
  return narrowed && reaching ? { queries, combineWith: "OR" } : query;
}

const scores = (hits: ReadonlyArray<{ id: unknown; score: number }>) =>
  Object.fromEntries(hits.map((hit) => [String(hit.id), hit.score]));

// Equal scores, up to the rounding of a sum taken in another order.
function expectSameScores(
  got: ReadonlyArray<{ id: unknown; score: number }>,
  want: ReadonlyArray<{ id: unknown; score: number }>,
): void {
  const gotScores = scores(got);
  const wantScores = scores(want);
  expect(Object.keys(gotScores).sort()).toEqual(Object.keys(wantScores).sort());
  for (const [id, score] of Object.entries(wantScores)) {
    expect(Math.abs((gotScores[id] ?? Number.NaN) - score)).toBeLessThanOrEqual(1e-9 * score);
  }
}

// COMMON_TERM_MIN_UNITS units of one file named "notes": "user" in every one, "hosting" in three,
// "hetzner" and "notes" in one.
const TEXTS = [
  "the user rents a server at hetzner for hosting, see notes",
  "the user compares hosting plans",
  "the user moved hosting to fly",
];

function notesFiles(count = COMMON_TERM_MIN_UNITS): TestFile[] {
  const texts = [
    ...TEXTS,
    ...Array.from({ length: count - TEXTS.length }, (_, at) => `the user likes tea number ${at}`),
  ];
  return [{ file: "notes", entities: "", units: texts.map((text) => ({ text, date: "" })) }];
}

// Files of several units each, a description and entity words shared by some, dates as words,
// and a file with no unit (its fields must count for nothing).
function mixedFiles(fileCount: number): TestFile[] {
  const subjects = ["hosting", "garden", "travel", "music", "database"];
  const files: TestFile[] = [{ file: "empty hosting notes", entities: "Marta", units: [] }];
  for (let at = 0; at < fileCount; at++) {
    const subject = subjects[at % subjects.length] as string;
    const lines = 1 + (at % 7);
    files.push({
      file: `${subject}-${at} Notes on ${subject}: what the user prefers and why`,
      entities: at % 3 === 0 ? `Marta Lisbon ${subject}` : "",
      units: Array.from({ length: lines }, (_, line) => ({
        text: `fact ${line} about ${subject} ${at}: prefers option ${(at + line) % 13}${line === 2 ? " hosted at hetzner" : ""}`,
        date: `2026 ${["may", "june", "july"][(at + line) % 3]}`,
      })),
    });
  }
  return files;
}

const QUERIES = [
  "Which hosting option does the user prefer for the database?",
  "Where does Marta live? Lisbon?",
  "hetzner hosting hosting",
  "What happened in June 2026?",
  "user",
  "prefer",
  "garden notes",
  "nothing matches zyxw",
  "host",
  // More than 32 terms: "hosting" is the 34th, so its bit is in each unit's second mask word.
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu amber bronze cobalt denim ember fjord granite hosting",
];

describe("searchUnits", () => {
  it.each([
    ["below the common-word floor", 40],
    ["above it", 400],
  ])("scores as one index of every unit with its file's fields, %s", (_name, fileCount) => {
    const files = mixedFiles(fileCount);
    const whole = wholeSearch(files);
    const split = splitSearch(files);
    expect(split.units.documentCount >= COMMON_TERM_MIN_UNITS).toBe(fileCount === 400);
    for (const query of QUERIES) {
      const got = searchUnits(split, query);
      expectSameScores(got, whole.search(narrowedWhole(whole, query)));
      expect(got.map((hit) => hit.score)).toEqual(
        [...got.map((hit) => hit.score)].sort((a, b) => b - a),
      );
    }
  });

  it("leaves out a word in more than the common share of units", () => {
    expect(COMMON_TERM_SHARE).toBeLessThan(1);
    const files = notesFiles();
    expectSameScores(
      searchUnits(splitSearch(files), "Where does the user do hosting?"),
      wholeSearch(files).search("hosting"),
    );
  });

  it("searches a word common in one field in its other fields", () => {
    const files = notesFiles();
    const hits = searchUnits(splitSearch(files), "hetzner notes");
    expectSameScores(
      hits,
      wholeSearch(files).search({
        queries: ["hetzner", { queries: ["notes"], fields: ["text", "entities", "date"] }],
        combineWith: "OR",
      }),
    );
    expect(hits.map((hit) => hit.id)).toEqual([0]);
  });

  it("searches the whole query in an index of fewer units", () => {
    const files = notesFiles(COMMON_TERM_MIN_UNITS - 1);
    const query = "Where does the user do hosting?";
    expectSameScores(searchUnits(splitSearch(files), query), wholeSearch(files).search(query));
  });

  it.each([
    ["only common words", "user"],
    ["no common word", "hetzner hosting"],
  ])("searches the whole query when it has %s", (_name, query) => {
    const files = notesFiles();
    expectSameScores(searchUnits(splitSearch(files), query), wholeSearch(files).search(query));
  });

  // The file search's documents are counted by short id from its columns, which keep a removed
  // document's id: a removed file must count for nothing even where `unitsOf` still answers for it.
  it.each([
    ["below the common-word floor", 40],
    ["above it", 400],
  ])("counts only the files the file search holds after a removal, %s", (_name, fileCount) => {
    const files = mixedFiles(fileCount);
    const split = splitSearch(files);
    const whole = wholeSearch(files);
    // Searched once first, so the columns hold every file before one is removed.
    searchUnits(split, QUERIES[0] as string);
    let unitId = 0;
    let fileId = 0;
    for (const [at, file] of files.entries()) {
      const ids = file.units.map(() => unitId++);
      if (ids.length === 0) continue;
      if (at === 5) {
        split.files.remove({ id: fileId, file: file.file, entities: file.entities });
        file.units.forEach((unit, place) => {
          split.units.remove({ id: ids[place] as number, ...unit });
          whole.remove({
            id: ids[place] as number,
            ...unit,
            file: file.file,
            entities: file.entities,
          });
        });
      }
      fileId++;
    }
    for (const query of QUERIES) {
      expectSameScores(searchUnits(split, query), whole.search(narrowedWhole(whole, query)));
    }
  });

  it("keeps the scope filter", () => {
    const hits = searchUnits(splitSearch(notesFiles()), "user hosting", (id) => id !== 0);
    expect(hits.map((hit) => hit.id).sort()).toEqual([1, 2]);
  });
});
