import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import type { MemoryRow } from "../store/types.js";
import { bestMatches } from "./postings-search.js";
import { matchRows, ROW_SEARCH, rankRows } from "./prefilter.js";

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
