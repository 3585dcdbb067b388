import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import type { MemoryRow } from "../store/types.js";
import { bestMatches } from "./postings-search.js";
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

  it("declines an index holding a discarded document its postings still name", () => {
    const rows = benchRows(200);
    const search = indexOf(rows);
    search.discard(rows[0]?.path ?? "");
    expect(bestMatches(search as MiniSearch<never>, "hosting", 30, OPTIONS)).toBeUndefined();
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
};

const byScore = (hits: Scored): Scored =>
  hits
    .map(({ id, score }) => ({ id, score }))
    .sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));

// A unit search whose units hold only `text` and `date` (files without words), or only their
// file's `file` and `entities` (units without words); fewer units than the common-word rule needs.
function unitCaller(side: "own" | "file"): Caller {
  const units = new MiniSearch<IndexedUnit>(unitIndexOptions());
  const files = new MiniSearch<FileDocument>(fileIndexOptions());
  // The oracle: one document per unit with the fields scored.
  const whole = new MiniSearch<{
    id: number;
    text: string;
    date: string;
    file: string;
    entities: string;
  }>({
    ...(unitIndexOptions() as object),
    fields: side === "own" ? ["text", "date"] : ["file", "entities"],
  });
  const held: number[][] = [];
  let id = 0;
  for (let at = 0; at < 300; at++) {
    const subject = SUBJECTS[at % SUBJECTS.length] as string;
    const file = side === "file" ? `${subject}-${at} Notes on ${subject} #${at}: what and why` : "";
    const entities = side === "file" && at % 3 === 0 ? `Marta ${subject}` : "";
    const ids: number[] = [];
    for (let line = 0; line < 1 + (at % 5); line++) {
      const text =
        side === "own"
          ? `fact ${line} about ${subject} ${at}: hosting choice ${(at + line) % 7}`
          : "";
      const date = side === "own" ? `2026 ${["may", "june"][line % 2]}` : "";
      units.add({ id, text, date });
      whole.add({ id, text, date, file, entities });
      ids.push(id++);
    }
    files.add({ id: held.length, file, entities });
    held.push(ids);
  }
  const search = { units, files, unitsOf: (fileId: number) => held[fileId] };
  return {
    got: (query) => byScore(searchUnits(search, query)),
    want: (query) => byScore(whole.search(query, UNIT_SEARCH_OPTIONS)),
    exact: side === "own",
  };
}

const CALLERS: Array<[string, () => Caller]> = [
  [
    "the pre-filter's rows",
    () => {
      const search = indexOf(benchRows(1_000));
      return {
        got: (query) => bestMatches(search as MiniSearch<never>, query, 5_000, OPTIONS) ?? [],
        want: (query) => search.search(query).map(({ id, score }) => ({ id, score })),
        exact: true,
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
    for (const query of [...QUERIES, "Marta hosting hosting 2026 june", "hosti hostng"]) {
      const got = caller.got(query);
      const want = caller.want(query);
      matched += got.length;
      if (caller.exact) {
        expect(got, query).toEqual(want);
        continue;
      }
      expect(got.map((hit) => hit.id).sort(), query).toEqual(want.map((hit) => hit.id).sort());
      const wanted = new Map(want.map((hit) => [hit.id, hit.score]));
      for (const { id, score } of got) {
        const expected = wanted.get(id) ?? Number.NaN;
        expect(Math.abs(score - expected), `${query}: ${id}`).toBeLessThanOrEqual(1e-12 * expected);
      }
    }
    expect(matched).toBeGreaterThan(100);
  });
});
