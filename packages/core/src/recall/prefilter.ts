import MiniSearch from "minisearch";
import type { MemoryRow } from "../store/types.js";
import { compareCodeUnits, QUERY_STOP_WORDS, splitWords } from "../text/index.js";

function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower.length < 2 || QUERY_STOP_WORDS.has(lower) ? null : lower;
}

/**
 * Keeps the `keep` index rows that best match a query, by BM25 over name, path and description
 * (minisearch, prefix match for terms of 4+ chars, light fuzziness for 6+). With no query or no
 * match, the most recently updated rows fill the rest (then by path). Rows come back sorted by
 * path so the same query always gives the same bytes.
 *
 * @param rows - Index rows to choose from.
 * @param query - The latest user message (any text).
 * @param keep - How many rows to return at most.
 * @returns At most `keep` rows, sorted by path.
 * @example prefilterRows(rows, "where do I deploy?", 30)
 */
export function prefilterRows(
  rows: MemoryRow[],
  query: string | undefined,
  keep: number,
): MemoryRow[] {
  const chosen = new Set<string>();
  if (query !== undefined && query.trim() !== "") {
    for (const hit of searchIndex(rows).search(query)) {
      if (chosen.size >= keep) break;
      chosen.add(hit.id as string);
    }
  }
  if (chosen.size < keep) {
    const byRecency = [...rows].sort(
      (a, b) =>
        compareCodeUnits(b.updated ?? "", a.updated ?? "") || compareCodeUnits(a.path, b.path),
    );
    for (const row of byRecency) {
      if (chosen.size >= keep) break;
      chosen.add(row.path);
    }
  }
  return rows
    .filter((row) => chosen.has(row.path))
    .sort((a, b) => compareCodeUnits(a.path, b.path));
}

let lastIndex: { signature: string; search: MiniSearch<MemoryRow> } | undefined;

/** The search index over the rows; the last one is kept while the rows are unchanged. */
function searchIndex(rows: MemoryRow[]): MiniSearch<MemoryRow> {
  const signature = rows
    .map((row) => `${row.path}\u0000${row.name}\u0000${row.description}`)
    .join("\n");
  if (lastIndex?.signature === signature) return lastIndex.search;
  const search = new MiniSearch<MemoryRow>({
    idField: "path",
    fields: ["name", "path", "description"],
    processTerm,
    tokenize: splitWords,
    searchOptions: {
      boost: { name: 2, description: 1.5, path: 1 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: "OR",
    },
  });
  search.addAll(rows);
  lastIndex = { signature, search };
  return search;
}
