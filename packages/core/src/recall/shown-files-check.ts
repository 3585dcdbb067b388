import { rowFromText } from "../store/memory-row.js";
import type { FileStamp, ListStampsOptions, MemoryRow } from "../store/types.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import { markClearedRows } from "./cleared-rows.js";
import {
  isRecallIndexStore,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
  RecallIndex,
  type RecallIndexStore,
  readRecallIndexLog,
} from "./recall-index.js";
import type { RecallStore } from "./recall-store.js";
import { readInScope } from "./scope.js";
import { fileScope, inScope } from "./scope-rule.js";

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
 * changed files and stores the index again). The files in the index's log (not yet in its first
 * line) are taken from it and stat'ed too; a log it cannot trust (a damaged or torn line, a file
 * twice) is no usable stored index: the full check folds it in once, so the next call is quick
 * again. A file neither shown, logged nor new is not checked: a hand edit to it counts from the
 * next full refresh (any prompt's recall).
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
  // Read first, so a whole save in between only makes the first line newer.
  const log = (await store.readInternal(RECALL_INDEX_LOG).catch(() => undefined)) ?? "";
  const read = loggedRows(log);
  if (read === undefined) return undefined;
  const { logged, reread } = read;
  // A file a store wrote since its last entry (`changedLogLine`) is read now, as the index would
  // read it; its stamp is unknown, so any settled stamp is trusted for it.
  for (const path of reread) {
    const file = await Promise.resolve()
      .then(() => store.read(path))
      .catch(() => undefined);
    if (file === undefined || (file.exists && file.notText !== undefined)) return undefined;
    if (!file.exists) logged.set(path, undefined);
    else {
      const row = rowFromText(path, file.content, store.maxChars, store.layout);
      const scope = fileScope(row.path, row.scope);
      logged.set(path, scope === undefined ? { row } : { row, scope });
    }
  }
  const text = await store
    .readInternal(RECALL_INDEX_FILE, { firstLine: true })
    .catch(() => undefined);
  const index = text === undefined ? undefined : RecallIndex.parseFiles(text, store);
  if (index === undefined) return undefined;
  // The first line's files with the log's over them: a logged file the block does not show (its
  // `updated:` moved up, its `scope:` changed) has its row from the log. Each logged file is
  // stat'ed like a shown one, so a line older than the first line (a whole save between the two
  // reads) or than the file is not trusted.
  const stampOf = (path: string) =>
    logged.has(path) ? logged.get(path)?.stamp : index.files.get(path)?.stamp;
  const known = new Set(index.files.keys());
  let rows = index.rows({ project });
  if (logged.size > 0) {
    rows = rows.filter((row) => !logged.has(row.path));
    for (const [path, file] of logged) {
      if (file === undefined) known.delete(path);
      else {
        known.add(path);
        if (inScope(file.scope, project)) rows.push(Object.freeze({ ...file.row }));
      }
    }
    rows.sort((a, b) => compareCodeUnits(a.path, b.path));
  }
  // A row is shown as the first line's screen cleared it when that line lists the same name and
  // description (`clearedRow`): a logged file's row that differs is screened.
  const cleared = (row: Pick<MemoryRow, "path" | "name" | "description">) => index.clearedRow(row);
  const viewOf = (listed?: ReadonlyMap<string, string>): RecallStore =>
    markClearedRows(
      {
        list: async () => rows.filter((row) => listed === undefined || listed.has(row.path)),
        read: async (path) => {
          const result = await readInScope(store, path, project);
          return result.inScope ? result.file : { path, exists: false, version: "new" };
        },
        // The block asks the tombstones of the view's store, and reads its files by its layout:
        // without them the quick path showed a forgotten line put back (decision 0107).
        readInternal: (path: string) => store.readInternal(path),
        layout: store.layout,
      },
      cleared,
    );
  let shown = new Set<string>();
  const first = await render(viewOf(), (paths) => {
    shown = new Set(paths);
  });
  const stamped = new Set(shown);
  for (const [path, file] of logged) if (file !== undefined) stamped.add(path);
  const stamps = await stampOnly.listStamps(known, { stampOnly: stamped });
  const listed = new Map<string, string>();
  for (const file of stamps) {
    if (!known.has(file.path)) return undefined;
    listed.set(file.path, file.stamp);
  }
  for (const path of stamped) {
    const stamp = listed.get(path);
    if (stamp === undefined || stamp === "") return undefined;
    if (!reread.has(path) && stamp !== stampOf(path)) return undefined;
  }
  // A store that stamps every file anyway (a database's version tokens in one query) has each one
  // compared: a write to a file the block does not show is seen there without a log line.
  for (const [path, stamp] of listed) {
    if (stamp !== "" && !stamped.has(path) && stamp !== stampOf(path)) return undefined;
  }
  if (listed.size === known.size) return first;
  // A file not shown was deleted: the block again without it, trusted if it shows no other file.
  const checked = shown;
  const again = await render(viewOf(listed), (paths) => {
    shown = new Set(paths);
  });
  return [...shown].every((path) => checked.has(path)) ? again : undefined;
}

/** A logged file's row as the block lists it, and the stamp it was indexed at (absent: read now). */
type LoggedRow = { row: MemoryRow; scope?: string; stamp?: string };

/**
 * The log's files by path (`undefined`: removed) and the files to read again (a store wrote them
 * after their last entry, or that entry's stamp is `""`), or `undefined` when the log cannot be trusted without reading the
 * files: a damaged or torn line, or a file's entry logged twice (two processes may append in
 * another order than they read). An entry after a `changed` line was indexed after that write
 * began, and its stamp is checked like any other.
 */
function loggedRows(
  log: string,
): { logged: Map<string, LoggedRow | undefined>; reread: Set<string> } | undefined {
  const read = readRecallIndexLog(log);
  if (read === undefined || read.torn) return undefined;
  const logged = new Map<string, LoggedRow | undefined>();
  const reread = new Set<string>();
  for (const { path, file, changed } of read.files) {
    // An entry stamped "" was indexed within its file's 2 s of untrusted stat: read it again too.
    if (changed === true || file?.stamp === "") {
      reread.add(path);
      continue;
    }
    if (logged.has(path)) return undefined;
    reread.delete(path);
    logged.set(path, file);
  }
  return { logged, reread };
}
