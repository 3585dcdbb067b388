import { estimateTokens } from "../cost/cache-minimum.js";
import type { MemoryRow } from "../store/types.js";
import { compareCodeUnits } from "../text/index.js";
import { rankRows } from "./prefilter.js";

/**
 * Most estimated tokens of the side query's request (its user message: the request and the
 * catalog) by default. At the seed design's ~20 tokens an index line this is ~1,000 files; a
 * folder past it sends its best-matching 1,000-odd lines, not 350,000 tokens at 10,000 files.
 */
export const DEFAULT_SIDE_QUERY_MAX_TOKENS = 20_000;

/**
 * The catalog rows the side query sends within a token budget: all of them when the request fits;
 * else the rows that match the request best (the pre-filter's `rankRows`: BM25 over name, path and
 * description, then the most recent), as many as fit, sorted by path again.
 *
 * @param catalog - Catalog rows, sorted by path.
 * @param query - The latest user message.
 * @param maxTokens - Most estimated tokens of the formatted request.
 * @param format - Formats the request (the side query's `formatSelectRequest`).
 * @returns The rows to send, sorted by path.
 * @example budgetCatalog(rows, "how do I deploy?", 20_000, formatSelectRequest).length
 */
export function budgetCatalog(
  catalog: MemoryRow[],
  query: string,
  maxTokens: number,
  format: (query: string, catalog: readonly MemoryRow[]) => string,
): MemoryRow[] {
  if (estimateTokens(format(query, catalog)) <= maxTokens) return catalog;
  const ranked = rankRows(catalog, query);
  const base = format(query, []).length;
  // A line's length barely depends on its number, so sum lengths once (numbers at their widest),
  // then check the formatted request and drop the last rows while it is over.
  const width = String(ranked.length).length;
  let chars = base;
  let low = 0;
  for (const row of ranked) {
    chars += format(query, [row]).length - base + width;
    if (tokensOfChars(chars) > maxTokens) break;
    low += 1;
  }
  while (low > 0 && estimateTokens(format(query, sorted(ranked.slice(0, low)))) > maxTokens)
    low -= 1;
  return sorted(ranked.slice(0, low));
}

function sorted(rows: MemoryRow[]): MemoryRow[] {
  return rows.sort((a, b) => compareCodeUnits(a.path, b.path));
}

/** Tokens `estimateTokens` gives a text of `chars` chars (it depends on the length only). */
function tokensOfChars(chars: number): number {
  return estimateTokens(" ".repeat(chars));
}
