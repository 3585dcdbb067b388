import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import type { MemoryRow } from "../store/types.js";
import { bestMatches, documentColumns, type PostingsIndex, postingsOf } from "./postings-search.js";
import { matchRows, ROW_SEARCH, rankRows } from "./prefilter.js";
import {
  type FileDocument,
  fileIndexOptions,
  type IndexedUnit,
  searchUnits,
  UNIT_SEARCH_OPTIONS,
  unitIndexOptions,
} from "./rank-units.js";

const OPTIONS = ROW_SEARCH;

function indexOf(rows: readonly MemoryRow[]): MiniSearch<MemoryRow> {
  const search = new MiniSearch<MemoryRow>({
    logger: () => {},
    idField: "path",
    fields: [...OPTIONS.fields],
    processTerm: OPTIONS.processTerm,
    tokenize: OPTIONS.tokenize,
    searchOptions: {
      boost: { ...OPTIONS.boost },
      prefix: OPTIONS.prefix,
      fuzzy: OPTIONS.fuzzy,
      combineWith: "OR",
    },
  });
  search.addAll(rows);
  return search;
}

const SUBJECTS = ["hosting", "editor", "database", "travel", "cooking", "garden", "finance"];

// Rows as the benchmark's folders describe them: many of one pattern, so many tie on score.
function benchRows(count: number): MemoryRow[] {
  return Array.from({ length: count }, (_, index) => {
    const subject = SUBJECTS[index % SUBJECTS.length] as string;
    const path = index % 2 === 0 ? `fact-${index}.md` : `topics/${subject}-${index}.md`;
    return {
      path,
      name: `${subject} ${index}`,
      description:
        index % 2 === 0
          ? `The user's ${subject} choice #${index}: what and why.`
          : `Notes on ${subject} #${index}: decisions so far and why. Read for ${subject} questions.`,
      chars: 100,
    };
  });
}

const QUERIES = [
  "Does the user still use Hetzner or Fly.io for hosting?",
  "Which editor did the user switch to?",
  "hostng databse",
  "host host hosting",
  "what and why",
  "the of and",
  "",
  "finance questions decisions",
  "choice #12",
  "decision question",
];

describe("bestMatches", () => {
  it.each([1, 30, 5_000])("gives minisearch's best %i, in its order", (keep) => {
    const rows = benchRows(2_000);
    const search = indexOf(rows);
    for (const query of QUERIES) {
      const want = search
        .search(query)
        .slice(0, keep)
        .map((hit) => ({ id: hit.id, score: hit.score }));
      expect(bestMatches(search as MiniSearch<never>, query, keep, OPTIONS), query).toEqual(want);
    }
  });

  // The pre-filter's writes: a row replaced, discarded, added (its postings then name discarded
  // documents until a vacuum). minisearch's search removes such a posting as it meets it, and
  // scores the documents after it in that field as held by one fewer: the same index, in the same
  // state, must give the same bits and be left the same.
  it.each<[string, (search: MiniSearch<MemoryRow>, rows: MemoryRow[]) => void]>([
    [
      "a row replaced",
      (search, rows) => search.replace({ ...(rows[8] as MemoryRow), name: "hosting hosting" }),
    ],
    ["a row discarded", (search, rows) => search.discard((rows[0] as MemoryRow).path)],
    [
      "rows discarded, replaced and added",
      (search, rows) => {
        for (const row of rows.filter((_row, at) => at % 23 === 1)) search.discard(row.path);
        for (const row of rows.filter((_row, at) => at % 29 === 2)) {
          search.replace({ ...row, description: `${row.description} hosting hosting databases` });
        }
        search.add({ path: "new.md", name: "hosting editor", description: "new", chars: 1 });
      },
    ],
  ])("gives minisearch's own results after a write: %s", (_name, write) => {
    const rows = benchRows(400).map((row, at) =>
      at % 5 === 0 ? { ...row, name: `${row.name} hosting hosting hostings` } : row,
    );
    const search = indexOf(rows);
    const twin = indexOf(rows);
    write(search, rows);
    write(twin, rows);
    const queries = [...QUERIES, "hosti hostng", "hosting databases hostings"];
    // Twice: the second time over postings the first cleaned up.
    for (const query of [...queries, ...queries]) {
      const want = twin.search(query).map((hit) => ({ id: hit.id, score: hit.score }));
      expect(bestMatches(search as MiniSearch<never>, query, 5_000, OPTIONS), query).toEqual(want);
    }
    expect(JSON.stringify(search)).toBe(JSON.stringify(twin));
  });
});

describe("documentColumns", () => {
  // What the columns must hold: every document of minisearch's maps, by short id.
  function expectColumnsOf(search: MiniSearch<MemoryRow>, step: string): void {
    const index = postingsOf(search as MiniSearch<never>) as PostingsIndex;
    const { ids, lengths, fields } = documentColumns(index);
    expect(index._documentIds.size).toBeGreaterThan(0);
    for (const [shortId, id] of index._documentIds) {
      expect(ids[shortId], `${step}: ${shortId}`).toBe(id);
      const want = index._fieldLength.get(shortId) ?? [];
      expect(
        Array.from(lengths.subarray(shortId * fields, shortId * fields + want.length)),
      ).toEqual(want);
    }
  }

  it("holds an index's documents as they are added, removed and discarded", () => {
    const rows = benchRows(600);
    const search = indexOf(rows.slice(0, 400));
    expectColumnsOf(search, "built");
    search.addAll(rows.slice(400));
    expectColumnsOf(search, "added");
    search.remove(rows[4] as MemoryRow);
    expectColumnsOf(search, "removed");
    search.discard((rows[7] as MemoryRow).path);
    search.add({ ...(rows[7] as MemoryRow), description: "back" });
    expectColumnsOf(search, "discarded and added again");
    search.removeAll();
    // Other documents under the short ids numbered anew.
    search.addAll(rows.slice(-10));
    expectColumnsOf(search, "all removed, some added");
    search.removeAll();
    search.addAll(benchRows(700).reverse());
    expectColumnsOf(search, "all removed, more added than before");
  });
});

describe("the pre-filter's ranking from the postings", () => {
  it("keeps and orders the rows as minisearch's search, after rows change too", () => {
    const rows = benchRows(1_500);
    for (const query of QUERIES) {
      const want = indexOf(rows)
        .search(query)
        .slice(0, 30)
        .map((hit) => hit.id);
      expect(
        matchRows(rows, query, 30).map((kept) => kept.path),
        query,
      ).toEqual(want);
      if (want.length >= 30) {
        expect(
          rankRows(rows, query, 30).map((kept) => kept.path),
          query,
        ).toEqual(want);
      }
    }
    const changed = rows.map((row, at) =>
      at % 100 === 0 ? { ...row, description: `${row.description} Moved to Hetzner.` } : row,
    );
    // The pre-filter replaces a changed row in its index (its postings stay until searched).
    const updated = indexOf(rows);
    for (const [at, row] of changed.entries()) if (at % 100 === 0) updated.replace(row);
    for (const query of QUERIES) {
      const want = updated
        .search(query)
        .slice(0, 30)
        .map((hit) => hit.id);
      expect(
        matchRows(changed, query, 30).map((kept) => kept.path),
        `changed: ${query}`,
      ).toEqual(want);
    }
  });
});

type Scored = Array<{ id: unknown; score: number }>;
type Caller = {
  /** What the caller gives for a query, best first (ties by id). */
  got(query: string): Scored;
  /** minisearch 7.2's own search of the same documents. */
  want(query: string): Scored;
  /** Same bits; otherwise up to the rounding of a sum taken in another order. */
  exact: boolean;
  /** Documents added (step 1), then some removed (step 2), in both indexes. */
  change(step: number): void;
};

const byScore = (hits: Scored): Scored =>
  hits
    .map(({ id, score }) => ({ id, score }))
    .sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));

type WholeUnit = { id: number; text: string; date: string; file: string; entities: string };

// A unit search whose units hold only `text` and `date` (files without words), or only their
// file's `file` and `entities` (units without words); fewer units than the common-word rule needs.
function unitCaller(side: "own" | "file"): Caller {
  const units = new MiniSearch<IndexedUnit>(unitIndexOptions());
  const files = new MiniSearch<FileDocument>(fileIndexOptions());
  // The oracle: one document per unit with the fields scored.
  const whole = new MiniSearch<WholeUnit>({
    ...(unitIndexOptions() as object),
    fields: side === "own" ? ["text", "date"] : ["file", "entities"],
  });
  const held: number[][] = [];
  const added: Array<{ file: FileDocument; units: WholeUnit[] }> = [];
  let id = 0;
  const addFile = (at: number) => {
    const subject = SUBJECTS[at % SUBJECTS.length] as string;
    const file = side === "file" ? `${subject}-${at} Notes on ${subject} #${at}: what and why` : "";
    const entities = side === "file" && at % 3 === 0 ? `Marta ${subject}` : "";
    const made: WholeUnit[] = [];
    for (let line = 0; line < 1 + (at % 5); line++) {
      const text =
        side === "own"
          ? `fact ${line} about ${subject} ${at}: hosting choice ${(at + line) % 7}`
          : "";
      const date = side === "own" ? `2026 ${["may", "june"][line % 2]}` : "";
      made.push({ id: id++, text, date, file, entities });
    }
    for (const unit of made) {
      units.add({ id: unit.id, text: unit.text, date: unit.date });
      whole.add(unit);
    }
    const document = { id: held.length, file, entities };
    files.add(document);
    held.push(made.map((unit) => unit.id));
    added.push({ file: document, units: made });
  };
  for (let at = 0; at < 300; at++) addFile(at);
  const search = { units, files, unitsOf: (fileId: number) => held[fileId] };
  return {
    got: (query) => byScore(searchUnits(search, query)),
    want: (query) => byScore(whole.search(query, UNIT_SEARCH_OPTIONS)),
    exact: side === "own",
    change: (step) => {
      if (step === 1) for (let at = 300; at < 320; at++) addFile(at);
      else {
        for (const { file, units: made } of added.filter((_file, at) => at % 7 === 3)) {
          for (const unit of made) {
            units.remove({ id: unit.id, text: unit.text, date: unit.date });
            whole.remove(unit);
          }
          files.remove(file);
          held[file.id] = [];
        }
      }
    },
  };
}

const CALLERS: Array<[string, () => Caller]> = [
  [
    "the pre-filter's rows",
    () => {
      const rows = benchRows(1_200);
      const search = indexOf(rows.slice(0, 1_000));
      return {
        // As the pre-filter asks: minisearch's own search when the postings' is declined.
        got: (query) =>
          bestMatches(search as MiniSearch<never>, query, 5_000, OPTIONS) ??
          search.search(query).map(({ id, score }) => ({ id, score })),
        want: (query) => search.search(query).map(({ id, score }) => ({ id, score })),
        exact: true,
        change: (step) => {
          if (step === 1) search.addAll(rows.slice(1_000));
          else for (const row of rows.filter((_row, at) => at % 7 === 3)) search.remove(row);
        },
      };
    },
  ],
  ["a unit's own words", () => unitCaller("own")],
  ["a unit's file's name, description and entities", () => unitCaller("file")],
];

describe("every search scored from the postings", () => {
  it.each(CALLERS)("scores as minisearch's own search: %s", (_name, make) => {
    const caller = make();
    let matched = 0;
    for (const step of [0, 1, 2]) {
      if (step > 0) caller.change(step);
      for (const query of [...QUERIES, "Marta hosting hosting 2026 june", "hosti hostng"]) {
        const got = caller.got(query);
        const want = caller.want(query);
        matched += got.length;
        if (caller.exact) {
          expect(got, `${step}: ${query}`).toEqual(want);
          continue;
        }
        expect(got.map((hit) => hit.id).sort(), `${step}: ${query}`).toEqual(
          want.map((hit) => hit.id).sort(),
        );
        const wanted = new Map(want.map((hit) => [hit.id, hit.score]));
        for (const { id, score } of got) {
          const expected = wanted.get(id) ?? Number.NaN;
          expect(Math.abs(score - expected), `${step}: ${query}: ${id}`).toBeLessThanOrEqual(
            1e-12 * expected,
          );
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  });
});
