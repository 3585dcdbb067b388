import MiniSearch from "minisearch";
import { newestFirst } from "../store/newest-first.js";
import type { MemoryRow } from "../store/types.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { queryWords } from "../text/query-words.js";
import { isTooShortTerm, splitSearchTerms } from "../text/search-terms.js";
import { QUERY_STOP_WORDS } from "../text/stop-words.js";
import { bestMatches, type PostingsSearchOptions } from "./postings-search.js";

function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return isTooShortTerm(lower) || QUERY_STOP_WORDS.has(lower) ? null : lower;
}

/**
 * The rows' search: name, path and description; prefix match for terms of 4+ chars, light
 * fuzziness for 6+. The pre-filter's index is built and searched with these alone.
 */
export const ROW_SEARCH: PostingsSearchOptions = {
  fields: ["name", "path", "description"],
  boost: { name: 2, description: 1.5, path: 1 },
  tokenize: splitSearchTerms,
  processTerm,
  prefix: (term) => term.length >= 4,
  fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
};

// The ids (paths) of the best `keep` rows for `query`, in minisearch's order. The query's terms
// are its words as recall's plan reads them (`queryWords`: the stop words of its language out),
// the rows' as `processTerm` reads them.
function bestRows(search: MiniSearch<MemoryRow>, query: string, keep: number): unknown[] {
  const words = new Set(queryWords(query));
  const queryTerm = (term: string) => (words.has(term) ? processTerm(term) : null);
  const options = { ...ROW_SEARCH, processTerm: queryTerm };
  const best = bestMatches(search as MiniSearch<never>, query, keep, options);
  return (best ?? search.search(query, { processTerm: queryTerm }))
    .slice(0, keep)
    .map((hit) => hit.id);
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
  return rankRows(rows, query, keep).sort((a, b) => compareCodeUnits(a.path, b.path));
}

/**
 * The rows in the order the pre-filter prefers them: those matching the query best first (as
 * {@link prefilterRows} scores them), then the most recently updated (then by path).
 *
 * @param rows - Index rows to rank.
 * @param query - Any text: the latest user message, or a transcript's words.
 * @param keep - How many rows to return at most; default all of them.
 * @returns At most `keep` rows, best first.
 * @example rankRows(rows, "where do I deploy?")[0]?.path // "topics/hosting.md"
 */
export function rankRows(
  rows: MemoryRow[],
  query: string | undefined,
  keep: number = rows.length,
): MemoryRow[] {
  // Without a query (a session's start) the order is by date alone: indexing 10,000 rows for
  // no search cost SessionStart ~230 ms of CPU.
  const index = query !== undefined && query.trim() !== "" ? searchIndex(rows) : undefined;
  const byPath = index?.byPath ?? new Map(rows.map((row) => [row.path, row]));
  const chosen = new Set<string>();
  if (index !== undefined && query !== undefined) {
    for (const id of bestRows(index.search, query, keep)) chosen.add(id as string);
  }
  if (chosen.size < keep) {
    for (const row of newestFirst(rows)) {
      if (chosen.size >= keep) break;
      chosen.add(row.path);
    }
  }
  return [...chosen].flatMap((path) => byPath.get(path) ?? []);
}

type SearchIndex = {
  search: MiniSearch<MemoryRow>;
  /** What each indexed row was indexed with (name and description), by path. */
  texts: Map<string, string>;
  /** The rows as last given, by path. */
  byPath: Map<string, MemoryRow>;
  /**
   * The rows as last given, when every one was frozen and they were sorted by path (they cannot
   * have changed since, and the next such listing is compared with them by identity).
   */
  frozen: readonly MemoryRow[] | undefined;
};

// The last index built, kept across calls and brought up to date row by row (a rebuild
// after one changed description cost 1.2 s at 10,000 files, 10.7 s at 50,000).
let lastIndex: SearchIndex | undefined;

function indexedText(row: MemoryRow): string {
  return `${row.name}\u0000${row.description}`;
}

function newSearch(): MiniSearch<MemoryRow> {
  return new MiniSearch<MemoryRow>({
    idField: "path",
    fields: [...ROW_SEARCH.fields],
    processTerm: ROW_SEARCH.processTerm,
    tokenize: ROW_SEARCH.tokenize,
    searchOptions: {
      boost: { ...ROW_SEARCH.boost },
      prefix: ROW_SEARCH.prefix,
      fuzzy: ROW_SEARCH.fuzzy,
      combineWith: "OR",
    },
  });
}

/**
 * The search index over the rows. The last one is updated in place: a new row is added, a changed
 * one replaced, a removed one discarded (minisearch `add`, `replace`, `discard`); it is built anew
 * only when more than half the rows differ (another folder, say).
 */
function searchIndex(rows: MemoryRow[]): SearchIndex {
  const index = lastIndex;
  if (index?.frozen !== undefined) {
    // The same frozen rows as last time (a recall index's unchanged listing): nothing to compare.
    if (sameRows(index.frozen, rows)) return index;
    // After a write, only the rows that are new objects are looked at.
    const changes = changesByIdentity(index.frozen, rows);
    if (changes !== undefined && changes.removed.length + changes.fresh.length <= rows.length / 2) {
      for (const path of changes.removed) {
        index.search.discard(path);
        index.texts.delete(path);
        index.byPath.delete(path);
      }
      for (const row of changes.fresh) {
        index.byPath.set(row.path, row);
        const text = indexedText(row);
        if (index.texts.get(row.path) === text) continue;
        if (index.texts.has(row.path)) index.search.replace(row);
        else index.search.add(row);
        index.texts.set(row.path, text);
      }
      index.frozen = [...rows];
      return index;
    }
  }
  const wanted = new Map(rows.map((row) => [row.path, row]));
  const frozen =
    rows.every((row) => Object.isFrozen(row)) && sortedByPath(rows) ? [...rows] : undefined;
  if (index !== undefined) {
    const removed = [...index.texts.keys()].filter((path) => !wanted.has(path));
    const changed = rows.filter((row) => index.texts.get(row.path) !== indexedText(row));
    if (removed.length + changed.length <= rows.length / 2) {
      for (const path of removed) {
        index.search.discard(path);
        index.texts.delete(path);
      }
      for (const row of changed) {
        if (index.texts.has(row.path)) index.search.replace(row);
        else index.search.add(row);
        index.texts.set(row.path, indexedText(row));
      }
      index.byPath = wanted;
      index.frozen = frozen;
      return index;
    }
  }
  const search = newSearch();
  search.addAll(rows);
  lastIndex = {
    search,
    texts: new Map(rows.map((row) => [row.path, indexedText(row)])),
    byPath: wanted,
    frozen,
  };
  return lastIndex;
}

function sortedByPath(rows: readonly MemoryRow[]): boolean {
  let previous: string | undefined;
  for (const { path } of rows) {
    if (previous !== undefined && compareCodeUnits(previous, path) >= 0) return false;
    previous = path;
  }
  return true;
}

/**
 * What changed from `before` to `rows`, both sorted by path, found by a merge walk that skips the
 * rows kept as the same frozen objects: the paths gone, and the rows that are new objects (a path
 * added, or its row remade). `undefined` when `rows` is not sorted by path or a new row is not
 * frozen (its identity would not say it is unchanged next time).
 */
function changesByIdentity(
  before: readonly MemoryRow[],
  rows: readonly MemoryRow[],
): { removed: string[]; fresh: MemoryRow[] } | undefined {
  const removed: string[] = [];
  const fresh: MemoryRow[] = [];
  let at = 0;
  let previous: MemoryRow | undefined;
  let previousKept = false;
  for (const row of rows) {
    // Paths before `row` that `rows` no longer holds.
    let old = before[at];
    while (old !== undefined && old !== row && compareCodeUnits(old.path, row.path) < 0) {
      removed.push(old.path);
      old = before[++at];
    }
    const kept = old === row;
    // Two kept rows keep the order they had in `before`; any other pair is checked.
    if (previous !== undefined && !(kept && previousKept)) {
      if (compareCodeUnits(previous.path, row.path) >= 0) return undefined;
    }
    if (!kept) {
      if (!Object.isFrozen(row)) return undefined;
      fresh.push(row);
    }
    if (kept || old?.path === row.path) at++;
    previous = row;
    previousKept = kept;
  }
  for (const old of before.slice(at)) removed.push(old.path);
  return { removed, fresh };
}

/**
 * Whether two listings hold the same row objects in the same order (frozen rows: the same rows).
 *
 * @param a - A listing.
 * @param b - Another listing.
 * @returns `true` when every row is the same object.
 */
function sameRows(a: readonly MemoryRow[], b: readonly MemoryRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return false;
  return true;
}

/**
 * The rows whose name, path or description match a query, best first, scored as
 * {@link prefilterRows} scores them (BM25, minisearch); unlike {@link rankRows}, rows that do not
 * match are never added. The keyword fallback of the side-query recall strategy.
 *
 * @param rows - Catalog rows to search.
 * @param query - Any text (the latest user message).
 * @param keep - How many rows to return at most.
 * @returns At most `keep` matching rows, best first; `[]` for an empty query or no match.
 * @example matchRows(rows, "how do I deploy?", 5).map((row) => row.path) // ["topics/tools.md"]
 */
export function matchRows(rows: MemoryRow[], query: string, keep: number): MemoryRow[] {
  if (query.trim() === "" || rows.length === 0) return [];
  const { search, byPath } = searchIndex(rows);
  return bestRows(search, query, keep).flatMap((id) => byPath.get(id as string) ?? []);
}
