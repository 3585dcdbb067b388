import { type BoundaryStore, boundaryStore } from "./boundary-store.js";

/** What {@link scopedWriteStore} wraps and gives: the parts of a `MemoryStore` writes use. */
export type ScopedWriteStore = BoundaryStore;

/**
 * The boundary for one project (`boundaryStore(store, { project })`), under its earlier name:
 * global memories and `project`'s are seen and changed, another project's never.
 *
 * @param store - The memory folder (a `MemoryStore`).
 * @param project - The current project, or `undefined` (global memories only).
 * @returns A store to pass to `remember` and `forget`.
 * @example await forget({ store: scopedWriteStore(store, "billing-api"), query: "invoice" })
 */
export function scopedWriteStore(
  store: ScopedWriteStore,
  project: string | undefined,
): ScopedWriteStore {
  return boundaryStore(store, { project });
}
