import { lstatSync } from "node:fs";
import { sep } from "node:path";
import { FolderWatch } from "../file-system/folder-watch.js";
import { safeParseMemoryPath } from "./memory-path.js";

/** One memory file as a walk found it: its path, where it is, and its change time (ms). */
export type WatchedFile = { path: string; absolute: string; changedAt: number };

/**
 * The memory files of a folder as a walk would list them now (`files`, each with its change
 * time), and the memory paths the folder's events named since the view was last asked (`named`:
 * changed, added or removed since; present or not). A path gone since the view was last asked is
 * one of `named` (a removal or rename is an event).
 */
export type FolderView = { files: ReadonlyMap<string, WatchedFile>; named: ReadonlySet<string> };

const NONE: ReadonlySet<string> = new Set();

type Watched = { watch: FolderWatch; files: Map<string, WatchedFile> | undefined };

// One watch per memory folder (its real path) in this process, shared by every store on it: the
// view is the folder's, not a store's. `null`: the folder cannot be watched (not Linux, a network
// or FUSE mount, a folder holding a link): every write walks.
const watched = new Map<string, Watched | null>();

/**
 * The memory files of `realRoot` as a walk made now would list them, with their change times (the
 * later of mtime and ctime, ms), and the paths named since the last call, taken from the folder's
 * last walk and its events since
 * (docs/decisions/0102): the folder's watch delivers every event of a change that finished before
 * this call (`FolderWatch.changes`), each named file is stat'ed alone, and a file no event named
 * has the stat the walk saw. `undefined` when that cannot be told (no watch, no walk kept, a
 * folder or link named, events the kernel may have dropped, a stat that fails): the caller walks,
 * through {@link watchBeforeWalk}.
 *
 * @param realRoot - The memory folder's real path.
 * @returns The view, or `undefined`.
 */
export async function currentFolderView(realRoot: string): Promise<FolderView | undefined> {
  const entry = watched.get(realRoot);
  if (entry === undefined || entry === null || entry.files === undefined) return undefined;
  const files = entry.files;
  const changes = await entry.watch.changes();
  if (changes === undefined) return { files, named: NONE };
  const named = changes === "all" ? undefined : applyNamed(realRoot, files, changes);
  if (named !== undefined) return { files, named };
  entry.files = undefined;
  return undefined;
}

/**
 * Called right before a walk of every file of `realRoot`: watches the folder (the first time in
 * this process) and takes every event so far, so each change after this call is named by an
 * event. The walk's files are then handed to the returned function, which keeps them as the view
 * {@link currentFolderView} brings up to date. `undefined` when the folder cannot be watched.
 *
 * @param realRoot - The memory folder's real path.
 * @returns `keep(files)`, or `undefined`.
 */
export async function watchBeforeWalk(
  realRoot: string,
): Promise<((files: Map<string, WatchedFile>) => void) | undefined> {
  let entry = watched.get(realRoot);
  if (entry === undefined) {
    const watch = FolderWatch.start(realRoot);
    entry = watch === undefined ? null : { watch, files: undefined };
    watched.set(realRoot, entry);
  }
  if (entry === null) return undefined;
  const kept = entry;
  kept.files = undefined;
  // Everything counts as changed until the first answer: taken now, so the walk after it is the
  // view's start and every change from here on is an event.
  await kept.watch.changes();
  return (files) => {
    kept.files = files;
  };
}

/** Stops every folder watch of the stores in this process (a test's or a bench's fresh start). */
export function forgetWatchedFolders(): void {
  for (const entry of watched.values()) entry?.watch.close();
  watched.clear();
}

// Each named path stat'ed alone, as the walk would take it (a `.md` memory path; the index and
// other names are not memory files): the memory paths named, or `undefined` when the view cannot
// hold one: a link (its target's change raises no event at its name) or a stat that fails.
function applyNamed(
  realRoot: string,
  files: Map<string, WatchedFile>,
  changes: ReadonlySet<string>,
): ReadonlySet<string> | undefined {
  const named = new Set<string>();
  for (const path of changes) {
    if (!path.endsWith(".md") || !safeParseMemoryPath(path).success) continue;
    const absolute = realRoot + sep + path.split("/").join(sep);
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(absolute, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (stats === undefined) files.delete(path);
    else if (stats.isSymbolicLink() || !stats.isFile()) return undefined;
    else files.set(path, { path, absolute, changedAt: Math.max(stats.mtimeMs, stats.ctimeMs) });
    named.add(path);
  }
  return named;
}
