import type { FileStamp, ListStampsOptions } from "../store/types.js";
import {
  isRecallIndexStore,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
  RecallIndex,
  type RecallIndexStore,
} from "./recall-index.js";
import type { RecallStore } from "./recall-store.js";
import { readInScope } from "./scope.js";

/** Makes a block from a view of the memory and says which index lines it shows. */
export type RenderFromView<T> = (
  view: RecallStore,
  onShown: (paths: readonly string[]) => void,
) => Promise<T>;

type StampOnlyStore = RecallIndexStore & {
  listStamps(known?: ReadonlySet<string>, options?: ListStampsOptions): Promise<FileStamp[]>;
};

/**
 * A block rendered from the stored recall index's rows, checked against one directory walk and
 * the stamps of the files it shows only (not one stat per file): what a process that starts
 * often (a session-start hook) prints at 10,000 files. A shown file edited since the index was
 * stored, a shown file deleted, a file the index does not hold, or no usable stored index: the
 * answer is `undefined`, and the caller renders from the up-to-date index instead (which reads the
 * changed files and stores the index again). Writes still in the index's log (not yet in its first
 * line) are no usable stored index either: the full check folds them in once, so the next call is
 * quick again. A file neither shown nor new is not checked: a hand edit to it counts from the next
 * full refresh (any prompt's recall).
 *
 * @param store - The memory, not a scoped view (a `MemoryStore`); any other store gets `undefined`.
 * @param project - The current project (`undefined`: global memories only), as `boundaryStore`.
 * @param render - Renders from a view; called once, or twice when a file not shown was deleted.
 * @returns What `render` returned, or `undefined` when the quick answer cannot be trusted.
 * @throws File-system errors of the walk or of `render` pass through.
 */
export async function renderCheckingShownFiles<T>(
  store: RecallStore,
  project: string | undefined,
  render: RenderFromView<T>,
): Promise<T | undefined> {
  if (!isRecallIndexStore(store)) return undefined;
  const stampOnly = store as StampOnlyStore;
  // A logged file the block does not show (its `updated:` moved up, its `scope:` changed) would
  // stay out: the first line is older than the log. Read first, so a whole save in between only
  // makes the first line newer.
  const log = await store.readInternal(RECALL_INDEX_LOG).catch(() => undefined);
  if (log !== undefined && log !== "") return undefined;
  const text = await store
    .readInternal(RECALL_INDEX_FILE, { firstLine: true })
    .catch(() => undefined);
  const index = text === undefined ? undefined : RecallIndex.parseFiles(text, store);
  if (index === undefined) return undefined;
  const viewOf = (listed?: ReadonlyMap<string, string>): RecallStore => ({
    list: async () =>
      index.rows({ project }).filter((row) => listed === undefined || listed.has(row.path)),
    read: async (path) => {
      const result = await readInScope(store, path, project);
      return result.inScope ? result.file : { path, exists: false, version: "new" };
    },
  });
  let shown = new Set<string>();
  const first = await render(viewOf(), (paths) => {
    shown = new Set(paths);
  });
  const known = new Set(index.files.keys());
  const stamps = await stampOnly.listStamps(known, { stampOnly: shown });
  const listed = new Map<string, string>();
  for (const file of stamps) {
    if (!known.has(file.path)) return undefined;
    listed.set(file.path, file.stamp);
  }
  for (const path of shown) {
    const stamp = listed.get(path);
    if (stamp === undefined || stamp === "" || stamp !== index.files.get(path)?.stamp)
      return undefined;
  }
  if (listed.size === known.size) return first;
  // A file not shown was deleted: the block again without it, trusted if it shows no other file.
  const checked = shown;
  const again = await render(viewOf(listed), (paths) => {
    shown = new Set(paths);
  });
  return [...shown].every((path) => checked.has(path)) ? again : undefined;
}
