import type { MemoryRow } from "../store/types.js";
import type { RecallStore } from "./recall-store.js";
import { scopeOf } from "./scope.js";

/** Whether the recall index's secret screen cleared a row as it is listed (decision 0085). */
export type ClearedRows = (row: Pick<MemoryRow, "path" | "name" | "description">) => boolean;

const CLEARED_ROWS = Symbol("memfiles.clearedRows");

/**
 * Marks a view whose `list()` gives rows of a stored recall index (the session start's quick
 * check) with which of them that index's screen cleared, so the memory block shows them without
 * screening their paths and descriptions again (decision 0098).
 *
 * @param view - The view object; it is returned, marked.
 * @param cleared - `true` for a row the index cleared as listed (`RecallIndex.clearedRow`).
 * @returns `view`.
 */
export function markClearedRows<View extends RecallStore>(view: View, cleared: ClearedRows): View {
  Object.defineProperty(view, CLEARED_ROWS, { value: cleared });
  return view;
}

/**
 * Which rows a view lists as its recall index cleared them: a request's view
 * (`boundaryStore(...).forRequest`) asks the index it lists from, a view marked by
 * {@link markClearedRows} its mark; any other store clears nothing, and every row is screened.
 *
 * @param store - The store or view the memory block lists.
 * @returns The predicate, or `undefined` when no row is known cleared.
 */
export function clearedRowsOfView(store: RecallStore): ClearedRows | undefined {
  const marked = (store as { [CLEARED_ROWS]?: ClearedRows })[CLEARED_ROWS];
  if (marked !== undefined) return marked;
  const { index } = scopeOf(store);
  return index === undefined ? undefined : (row) => index.clearedRow(row);
}
