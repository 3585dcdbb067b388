import type { MemoryRow } from "@memfiles/core";
import {
  budgetCatalog,
  DEFAULT_SIDE_QUERY_MAX_TOKENS,
  formatSelectRequest,
} from "@memfiles/core/internal";
import type { CountTokens } from "./evidence-recall.js";

/** The folder sizes the bench measures the side query's request at, in files. */
export const SIDE_QUERY_FILES: readonly number[] = [10_000, 50_000];

/** The side query's request size at one folder size. */
export type SideQuerySize = {
  files: number;
  /** Tokens of the request with every catalog line. */
  unbudgetedTokens: number;
  /** Tokens of the request core sends (catalog pre-filtered to the budget). */
  sentTokens: number;
  /** Catalog lines sent. */
  sentFiles: number;
  budgetTokens: number;
};

/**
 * The side query's request (its user message) at 10,000 and 50,000 files (or `sizes`), made by repeating a real
 * memory's catalog rows (their names and descriptions, paths made unique), with and without the
 * catalog budget, queried with a question.
 *
 * @param rows - A memory's catalog rows (at least one).
 * @param query - A question.
 * @param count - The token estimator.
 * @param sizes - The folder sizes, in files (default {@link SIDE_QUERY_FILES}).
 * @returns One figure per folder size.
 */
export function sideQuerySizes(
  rows: readonly MemoryRow[],
  query: string,
  count: CountTokens,
  sizes: readonly number[] = SIDE_QUERY_FILES,
): SideQuerySize[] {
  if (rows.length === 0) return [];
  return sizes.map((files) => {
    const catalog = Array.from({ length: files }, (_, index) => {
      const row = rows[index % rows.length] as MemoryRow;
      return { ...row, path: `${String(index).padStart(6, "0")}-${row.path}` };
    });
    const sent = budgetCatalog(catalog, query, DEFAULT_SIDE_QUERY_MAX_TOKENS, formatSelectRequest);
    return {
      files,
      unbudgetedTokens: count(formatSelectRequest(query, catalog)),
      sentTokens: count(formatSelectRequest(query, sent)),
      sentFiles: sent.length,
      budgetTokens: DEFAULT_SIDE_QUERY_MAX_TOKENS,
    };
  });
}
