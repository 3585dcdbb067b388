import { type Dirent, lstatSync, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { mkdir, realpath, rmdir, unlink } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import {
  boundedRead,
  errorCode,
  isInsideOrSame,
  isMissing,
  isResourceLimit,
} from "../file-system/index.js";
import { type MemoryFile, safeParseMemoryFile } from "../format/memory-file.js";
import type { MemoryProblem } from "../format/memory-problem.js";
import { storedForgottenCheck } from "../guards/forgotten-shown.js";
import { fileStem } from "../text/file-stem.js";
import { FolderNames } from "./folder-names.js";
import { isLeftoverTemp, OverMaxBytes, readFileInside, writeFileInside } from "./inside-root.js";
import {
  appendInternalFile,
  type InternalWriteOptions,
  type ReadInternalOptions,
  readInternalFile,
  writeInternalFile,
} from "./internal-files.js";
import {
  cutIndexPaths,
  type MemoryIndexChange,
  patchedMemoryIndex,
  rebuiltMemoryIndex,
} from "./keep-index-descriptions.js";
import { parseMemoryIndex } from "./memory-index.js";
import {
  indexMatchesRecord,
  MEMORY_INDEX_RECORD_FILE,
  memoryIndexRecordText,
  recordedIndexBytes,
} from "./memory-index-record.js";
import {
  isMemoryIndexPath,
  MEMORY_INDEX_FILE,
  resolveMemoryPath,
  safeParseMemoryPath,
} from "./memory-path.js";
import { MemoryPathError } from "./memory-path-error.js";
import { copyRow, rowFromText, versionConflict } from "./memory-row.js";
import { memoryWriteError } from "./memory-write-error.js";
import { plannedWriteHook } from "./planned-write-hook.js";
import { changedLogLine, RECALL_INDEX_FILE, RECALL_INDEX_LOG } from "./recall-index-log.js";
import { indexableRows, patchable } from "./secret-path-rows.js";
import { type CheckParts, IndexDeferral, type StoreEngine } from "./store-engine.js";
import {
  INTERNAL_FOLDER,
  PENDING_FORGET_FILE,
  realRootOf,
  type StoreLockOptions,
  withStoreLock,
} from "./store-lock.js";
import {
  type DecodeTextResult,
  decodeText,
  encodeText,
  restoreLineBreaks,
} from "./text-encoding.js";
import type {
  FileStamp,
  ListStampsOptions,
  MemoryRow,
  ReadAllResult,
  ReadResult,
  StoreLayout,
  WriteResult,
} from "./types.js";
import { NEW_VERSION, versionToken } from "./version-token.js";
import { currentFolderView, type WatchedFile, watchBeforeWalk } from "./watched-folder.js";

const BOM = "\uFEFF";

// A file changed within this window of being cached may change again without moving its mtime on
// a coarse-clock file system (git's "racy clean" problem), so it is re-read until it is older.
const RACY_WINDOW_MS = 2_000;
const STAT_SLICE = 500;
// One options object for every stat of a walk, not one made per file.
const NO_THROW_IF_MISSING = { throwIfNoEntry: false } as const;
// Files changed by another writer that a write patches into MEMORY.md line by line; more (a
// checkout, a restored backup) and the whole index is rebuilt (docs/decisions/0089).
const MAX_HAND_CHANGES = 64;
// A new store's first look at every file (a new process's) serves its first write's hand-change
// patch when that write takes the lock at most this long after the look began (ms): a one-shot
// process (the CLI, a hook, an MCP server's first call) writes within it, even on a busy machine.
// The record that write leaves is dated at the look (docs/decisions/0094).
const LOOK_SERVES_MS = 5_000;

// `read` is what read() answers for the bytes the row came from: a read of the file while its stat
// still equals `key` answers it again instead of reading the file once more.
type CacheEntry = {
  key: string;
  trusted: boolean;
  row: MemoryRow;
  read?: ReadResult & { exists: true };
};
// `link`: found as a symbolic link, so read at its target.
type Candidate = { path: string; absolute: string; link?: true };
// One walk of every file: when it began (`performance.now()`, ms, before the first folder was
// read), the files it found, and each one's change time (the later of mtime and ctime, ms; NaN:
// no file).
type FolderLook = { at: number; files: readonly Candidate[]; changedAt: Float64Array };

const withStats = (candidate: Candidate, stats: Stats) => ({ candidate, stats });

function statKey(stats: Stats): string {
  return `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}:${stats.ino}:${stats.dev}`;
}

// A missing file is a key of its own, so a file created since is a change too.
function lstatKey(path: string): string {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  return stats === undefined ? "missing" : statKey(stats);
}

/**
 * Throws when MEMORY.md is a symbolic link (docs/decisions/0093): the index is never written
 * through a link (it could lead outside the folder), and replacing the link with a plain file
 * would leave the linked file stale without a word. Called before any file changes.
 *
 * @throws {MemoryPathError} naming `MEMORY.md` and how to fix it.
 */
function refuseLinkedIndex(
  indexPath: string,
  stats = lstatSync(indexPath, { throwIfNoEntry: false }),
): void {
  if (stats?.isSymbolicLink() !== true) return;
  throw new MemoryPathError({
    path: MEMORY_INDEX_FILE,
    reason:
      "it is a symbolic link, and memfiles rewrites the index after every change but never through a link",
    hint: `Nothing was written. Put the file itself in the memory folder (replace the link with a copy of what it points to, e.g. cp --remove-destination "$(readlink ${MEMORY_INDEX_FILE})" ${MEMORY_INDEX_FILE}), or remove the link to have the index rebuilt; then try again.`,
  });
}

// Thrown from the temp file's last step to stop the rename; answered as `version_conflict`.
class ChangedSincePlanned extends Error {
  constructor(readonly current: ReadResult) {
    super(`${current.path} changed since the write was planned`);
  }
}

// A file this many times over the cap (in bytes, so UTF-16 text counts too) is not read at all:
// list() reports it, read() refuses it and listStamps() leaves it out, so one huge file cannot
// stall every call that lists, searches or recalls the folder (docs/security.md).
const TOO_LARGE_FACTOR = 16;

function tooLargeReason(size: number, maxChars: number): string {
  return `is ${size} bytes, over ${TOO_LARGE_FACTOR} times the ${maxChars}-char cap`;
}
const TOO_LARGE_HINT = "split it by hand or move it out of the memory folder";

/** Options of {@link FolderStore}: the folder and the rules `MemoryStore` was opened with. */
export type FolderStoreOptions = {
  /** Absolute path of the memory folder. */
  root: string;
  /** Size cap per file in chars. */
  maxChars: number;
  /** The folder's layout (how rows read a body, and whether MEMORY.md keeps hand-written words). */
  layout: StoreLayout;
  /** The cross-process lock's stale and wait limits (ms). */
  lockOptions: StoreLockOptions;
  /** The root's entries as the caller read them (`MemoryStoreOptions.rootEntries`). */
  rootEntries?: readonly Dirent[];
};

/**
 * `MemoryStore` on a folder (the default place): the file-system side of every store call (links,
 * encodings, temp files, the stat-keyed row cache, the generated MEMORY.md file). Paths arrive
 * validated and writes arrive within the cap; `MemoryStore` owns those rules for every place.
 */
export class FolderStore implements StoreEngine {
  readonly root: string;
  readonly maxChars: number;
  readonly layout: StoreLayout;
  readonly #lockOptions: StoreLockOptions;
  readonly #cache = new Map<string, CacheEntry>();
  readonly #folderNames = new FolderNames();
  // MEMORY.md as last seen under the lock, by stat; `generated` when this store wrote or rebuilt it
  // to that text, so a write may patch it (a person's edit since changes the stat).
  #indexSeen: { key: string; text: string; generated: boolean } | undefined;
  // When MEMORY.md was last in step with every file (the record's time, ms), taken under the lock
  // before a write removes the record; a write's patch takes in what changed since.
  #inStepAt: number | undefined;
  // The first walk of every file this store made before any write of its own (a new process's
  // look: the recall index's stamps, list(), readAll()), until its first write takes it.
  #firstLook: FolderLook | "spent" | undefined;
  // The first look, taken by the write now under the lock while it may still serve (see
  // LOOK_SERVES_MS); `undefined` otherwise.
  #writeLook: FolderLook | undefined;
  readonly #deferral = new IndexDeferral();
  // The caller's listing of the root, for the first walk and the reads before it; never used
  // after this store's own lock.
  #rootEntries: readonly Dirent[] | undefined;

  constructor(options: FolderStoreOptions) {
    this.root = options.root;
    this.maxChars = options.maxChars;
    this.layout = options.layout;
    this.#lockOptions = options.lockOptions;
    this.#rootEntries = options.rootEntries;
  }

  async list(): Promise<MemoryRow[]> {
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) {
      this.#cache.clear();
      return [];
    }
    const { rows, found } = await this.#statFiles(realRoot, withStats);
    const stale: Array<{ candidate: Candidate; stats: Stats }> = [];
    for (const entry of found) {
      const cached = this.#cache.get(entry.candidate.path);
      if (cached?.trusted && cached.key === statKey(entry.stats)) rows.push(cached.row);
      else stale.push(entry);
    }
    // boundedRead keeps READ_CONCURRENCY reads in flight: never every file open at once.
    const fresh = await Promise.all(
      stale.map(({ candidate, stats }) => this.#readRow(realRoot, candidate, stats)),
    );
    for (const row of fresh) if (row) rows.push(row);
    return sortedCopies(rows);
  }

  async listStamps(known?: ReadonlySet<string>, options?: ListStampsOptions): Promise<FileStamp[]> {
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) return [];
    // Taken before any stat: a file changed after it is never trusted, whatever the clock says.
    const now = Date.now();
    const tooLarge = this.#tooLargeBytes;
    // Each stat becomes its stamp at once and is dropped: 10,000 kept `Stats` (each with four
    // `Date`s) survive into the old generation, and copying them there was most of a cold walk.
    const stampOf = (candidate: Candidate, stats: Stats): FileStamp | undefined =>
      stats.size > tooLarge
        ? undefined
        : {
            path: candidate.path,
            stamp:
              now - Math.max(stats.mtimeMs, stats.ctimeMs) > RACY_WINDOW_MS ? statKey(stats) : "",
          };
    if (options?.only !== undefined) {
      return this.#statOnly(realRoot, options.only, known).flatMap(
        ({ candidate, stats }) => stampOf(candidate, stats) ?? [],
      );
    }
    const { found: stamps, unstamped } = await this.#statFiles(
      realRoot,
      stampOf,
      known,
      options?.stampOnly,
    );
    for (const candidate of unstamped) stamps.push({ path: candidate.path, stamp: "" });
    return stamps;
  }

  async readAll(): Promise<ReadAllResult> {
    const files = new Map<string, ReadResult & { exists: true }>();
    const parsed = new Map<string, MemoryFile>();
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) {
      this.#cache.clear();
      return { rows: [], files, parsed };
    }
    const { rows, found } = await this.#statFiles(realRoot, withStats);
    // Every file is read (its text is wanted), once: the row comes from the same bytes and the
    // same parse, handed out so the caller does not parse each file again.
    const fresh = await Promise.all(
      found.map(({ candidate, stats }) =>
        this.#readRow(realRoot, candidate, stats, { files, parsed }),
      ),
    );
    for (const row of fresh) if (row) rows.push(row);
    return { rows: sortedCopies(rows), files, parsed };
  }

  // The rows of the given paths that are memory files (regular files, not links), as list()
  // gives them, in no order: each file read unless its cached row's stat is unchanged.
  async #rowsOf(realRoot: string, paths: readonly string[]): Promise<MemoryRow[]> {
    const rows = await Promise.all(
      this.#statOnly(realRoot, new Set(paths)).map(({ candidate, stats }) => {
        const cached = this.#cache.get(candidate.path);
        return cached?.trusted && cached.key === statKey(stats)
          ? cached.row
          : this.#readRow(realRoot, candidate, stats);
      }),
    );
    return rows.flatMap((row) => row ?? []);
  }

  // The given paths that are memory files (regular files, not links), with their stat.
  #statOnly(
    realRoot: string,
    paths: ReadonlySet<string>,
    known?: ReadonlySet<string>,
  ): Array<{ candidate: Candidate; stats: Stats }> {
    const found: Array<{ candidate: Candidate; stats: Stats }> = [];
    for (const path of paths) {
      if (!path.endsWith(".md")) continue;
      if (!this.#cache.has(path) && known?.has(path) !== true) {
        if (!safeParseMemoryPath(path).success) continue;
      }
      const absolute = realRoot + sep + path.split("/").join(sep);
      let stats: Stats | undefined;
      try {
        stats = lstatSync(absolute, { throwIfNoEntry: false });
      } catch {
        // Unreadable: left out, as a file that is not there (a walk reports it).
        continue;
      }
      if (stats?.isFile()) found.push({ candidate: { path, absolute }, stats });
    }
    return found;
  }

  // Every listed file as `keep` makes it of its stat (left out when `keep` gives `undefined`;
  // unstatable ones as rows with problems); cached rows of files no longer there are dropped.
  // With `stampOnly`, the known files outside it are not stat'ed: they come back `unstamped`.
  async #statFiles<T>(
    realRoot: string,
    keep: (candidate: Candidate, stats: Stats) => T | undefined,
    known?: ReadonlySet<string>,
    stampOnly?: ReadonlySet<string>,
  ): Promise<{ rows: MemoryRow[]; found: T[]; unstamped: Candidate[] }> {
    const walked: Candidate[] = [];
    const given = this.#rootEntries;
    this.#rootEntries = undefined;
    // Kept only while it may serve a write: a later walk drops a look that no longer can.
    const kept = this.#firstLook;
    if (kept !== undefined && kept !== "spent" && performance.now() - kept.at > LOOK_SERVES_MS) {
      this.#firstLook = "spent";
    }
    const lookAt =
      this.#firstLook === undefined && stampOnly === undefined ? performance.now() : undefined;
    this.#walk(realRoot, realRoot, "", walked, undefined, undefined, known, given);
    const changedAt = lookAt === undefined ? undefined : new Float64Array(walked.length).fill(NaN);
    const unstamped: Candidate[] = [];
    const candidates =
      stampOnly === undefined
        ? walked
        : walked.filter((candidate) => {
            const skip = known?.has(candidate.path) === true && !stampOnly.has(candidate.path);
            if (skip) unstamped.push(candidate);
            return !skip;
          });
    const rows: MemoryRow[] = [];
    const found: T[] = [];
    // The walked paths, to drop the cached rows of files gone: none to drop in a process that has
    // cached none (a cold one), so no set of 10,000 paths is made.
    const pruned = stampOnly === undefined && this.#cache.size > 0;
    const seen = new Set<string>();
    // Synchronous stat in slices: several times cheaper than 10,000 promise round trips through
    // the thread pool (bench/store.bench.ts), while still yielding to the event loop.
    for (let start = 0; start < candidates.length; start += STAT_SLICE) {
      if (start > 0) await new Promise((resolveSlice) => setImmediate(resolveSlice));
      const end = Math.min(start + STAT_SLICE, candidates.length);
      for (let at = start; at < end; at++) {
        const candidate = candidates[at] as Candidate;
        let stats: Stats | undefined;
        try {
          stats = statSync(candidate.absolute, NO_THROW_IF_MISSING);
        } catch (error) {
          if (isResourceLimit(error)) throw error;
          rows.push(this.#unreadable(candidate.path, error));
          continue;
        }
        if (!stats?.isFile()) continue;
        if (changedAt !== undefined) changedAt[at] = Math.max(stats.mtimeMs, stats.ctimeMs);
        if (pruned) seen.add(candidate.path);
        const kept = keep(candidate, stats);
        if (kept !== undefined) found.push(kept);
      }
    }
    if (pruned)
      for (const path of this.#cache.keys()) if (!seen.has(path)) this.#cache.delete(path);
    // A look with an unreadable stat cannot serve a patch (that file is the rebuild's to list).
    if (lookAt !== undefined && changedAt !== undefined && this.#firstLook === undefined) {
      this.#firstLook = rows.length > 0 ? "spent" : { at: lookAt, files: walked, changedAt };
    }
    return { rows, found, unstamped };
  }

  async read(relative: string): Promise<ReadResult> {
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) return { path: relative, exists: false, version: NEW_VERSION };
    const kept = this.#keptRead(realRoot, relative);
    if (kept !== undefined) return kept;
    const resolved = await resolveMemoryPath(realRoot, relative, {
      rootEntries: this.#rootEntries,
      folderNames: this.#folderNames,
    });
    return this.#readTarget(realRoot, resolved.path, resolved.target).catch((error: unknown) => {
      // A file the store will not open (hard-linked), though its path is allowed: there, and left
      // as it is like a file that is not text (nothing shown, writes refuse it), as list() says.
      if (!(error instanceof MemoryPathError)) throw error;
      const notText = `${error.reason}; it was not read`;
      return { path: resolved.path, exists: true, version: versionToken(""), content: "", notText };
    });
  }

  // The kept answer for a file list() read, while its stat is the one it was read at (same inode,
  // device, size, mtime and ctime, outside the racy window): the same bytes, so the same answer.
  // The stat goes through the path as given; a folder swapped for a link since leads to another
  // inode, so to the full read and its path guard.
  #keptRead(realRoot: string, relative: string): ReadResult | undefined {
    const cached = this.#cache.get(relative);
    if (cached?.read === undefined || !cached.trusted) return undefined;
    let stats: Stats | undefined;
    try {
      stats = lstatSync(realRoot + sep + relative.split("/").join(sep), { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (!stats?.isFile() || statKey(stats) !== cached.key) return undefined;
    return { ...cached.read };
  }

  // `before` is not used: the file is read again under the lock, where the token decides.
  replace(relative: string, content: string, ifVersion: string): Promise<WriteResult> {
    return this.#ownWrite(async () => {
      const realRoot = await this.#realRoot();
      const resolved = await resolveMemoryPath(realRoot, relative);
      // Every write happens under the lock, so a temp file seen now was left by a killed write.
      // Only the folders this write touches are looked at (a whole-tree walk per write would not
      // scale); check() reports the rest.
      const removedTemps = await removeLeftoverTemps([
        dirname(resolved.target),
        realRoot,
        join(realRoot, INTERNAL_FOLDER),
      ]);
      for (const temp of removedTemps) this.#folderNames.removed(temp);
      const current = await this.#readTarget(realRoot, relative, resolved.target);
      if (current.version !== ifVersion) return versionConflict(relative, ifVersion, current);
      if (current.exists && current.notText !== undefined) {
        const reason = `${current.notText}, then try again. It was left as it is, so nothing in it is damaged.`;
        return {
          ok: false,
          code: "not_text",
          message: `Refused to write ${relative}: ${reason}`,
          reason,
        };
      }
      // The file keeps its encoding and its byte order mark (UTF-16 always has one).
      const text =
        current.exists && current.content.startsWith(BOM) && !content.startsWith(BOM)
          ? BOM + content
          : content;
      await plannedWriteHook.run?.(resolved.target);
      // The slow steps (the record, the temp file and its fsync) come first; the version is looked
      // at again right before the rename, so a person's save during them is never replaced.
      await this.#takeIndexRecord(realRoot);
      try {
        const made = await mkdir(dirname(resolved.target), { recursive: true });
        if (made !== undefined) this.#folderNames.wrote(made);
        await writeFileInside(
          realRoot,
          resolved.target,
          encodeText(
            current.exists ? restoreLineBreaks(text, current.lineBreaks, current) : text,
            current.exists ? (current.encoding ?? "utf-8") : "utf-8",
          ),
          {
            beforeRename: async () => {
              const changed = await this.#changedSincePlanned(
                realRoot,
                relative,
                resolved.target,
                ifVersion,
              );
              if (changed !== undefined) throw new ChangedSincePlanned(changed);
            },
          },
        );
      } catch (error) {
        if (error instanceof ChangedSincePlanned) {
          return versionConflict(relative, ifVersion, error.current);
        }
        // The temp file is removed on failure and the rename is atomic: nothing landed.
        throw memoryWriteError(error, relative) ?? error;
      }
      this.#folderNames.wrote(resolved.target);
      // The file as it was, for an index cut to its line budget (`patchedMemoryIndex`).
      const before =
        current.exists && current.notText === undefined
          ? rowFromText(resolved.path, current.content, this.maxChars, this.layout)
          : undefined;
      await this.#refreshIndexAfterWrite(realRoot, resolved, relative, before, !current.exists);
      await this.#logChanged(realRoot, resolved.path);
      return { ok: true, code: "written", version: versionToken(content) };
    });
  }

  async delete(relative: string, ifVersion?: string): Promise<WriteResult> {
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) return { ok: true, code: "deleted", version: NEW_VERSION };
    if ((await refusedLink(realRoot, relative)) !== undefined) {
      return this.#ownWrite(async () => {
        const lockedRoot = await this.#realRoot();
        const link = await refusedLink(lockedRoot, relative);
        if (link === undefined) return this.#deleteLocked(lockedRoot, relative, ifVersion);
        await this.#takeIndexRecord(lockedRoot);
        await unlink(link);
        this.#folderNames.removed(link);
        await this.#removeEmptyFolders(lockedRoot, dirname(link));
        await this.#refreshIndex(lockedRoot);
        await this.#logChanged(lockedRoot, relative);
        return { ok: true, code: "deleted", version: NEW_VERSION };
      });
    }
    const before = await this.read(relative);
    if (ifVersion !== undefined && before.version !== ifVersion) {
      return versionConflict(relative, ifVersion, before);
    }
    if (!before.exists) return { ok: true, code: "deleted", version: NEW_VERSION };
    return this.#ownWrite(async () =>
      this.#deleteLocked(await this.#realRoot(), relative, ifVersion),
    );
  }

  async #deleteLocked(
    realRoot: string,
    relative: string,
    ifVersion?: string,
  ): Promise<WriteResult> {
    const resolved = await resolveMemoryPath(realRoot, relative);
    const current = await this.#readTarget(realRoot, relative, resolved.target);
    if (ifVersion !== undefined && current.version !== ifVersion) {
      return versionConflict(relative, ifVersion, current);
    }
    if (current.exists) {
      await plannedWriteHook.run?.(resolved.target);
      await this.#takeIndexRecord(realRoot);
      if (ifVersion !== undefined) {
        const changed = await this.#changedSincePlanned(
          realRoot,
          relative,
          resolved.target,
          ifVersion,
        );
        if (changed !== undefined) return versionConflict(relative, ifVersion, changed);
      }
      await unlink(resolved.location);
      this.#folderNames.removed(resolved.location);
      await this.#removeEmptyFolders(realRoot, dirname(resolved.location));
    }
    await this.#refreshIndex(realRoot, undefined, { path: resolved.path });
    if (current.exists) await this.#logChanged(realRoot, resolved.path);
    return { ok: true, code: "deleted", version: NEW_VERSION };
  }

  /**
   * The last look before a write's rename or a delete's unlink (docs/decisions/0093): the file as
   * it is now when its version is no longer `ifVersion`, else `undefined`. Stat, read, stat: an
   * editor's save before the first stat changes what is read, one after it changes the stat (a
   * save by rename brings a new inode, one in place a new size or ctime). A stat that moved while
   * the text kept its version (a save of the same text) is looked at again, at most three times.
   * What is left: a save landing between the last stat and the rename (microseconds) is replaced.
   */
  async #changedSincePlanned(
    realRoot: string,
    relative: string,
    target: string,
    ifVersion: string,
  ): Promise<ReadResult | undefined> {
    let current: ReadResult | undefined;
    for (let look = 0; look < 3; look++) {
      const before = lstatKey(target);
      current = await this.#readTarget(realRoot, relative, target);
      if (current.version !== ifVersion) return current;
      if (lstatKey(target) === before) return undefined;
    }
    return current;
  }

  async readIndex(): Promise<string | { content: string; notText: string } | undefined> {
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) return undefined;
    const indexPath = join(realRoot, MEMORY_INDEX_FILE);
    let read: IndexRead;
    try {
      read = await this.#readIndexFile(realRoot, indexPath);
    } catch {
      return undefined;
    }
    if (read === undefined) return undefined;
    if ("tooLarge" in read) return { content: "", notText: this.#notReadReason(read.tooLarge) };
    const { decoded } = read;
    return decoded.ok ? decoded.text : { content: decoded.text, notText: decoded.reason };
  }

  /**
   * MEMORY.md's bytes, decoded as every memory file is: the one read of `readIndex` and the
   * refresh. Only a regular file counts (a link named MEMORY.md is not followed); one over the
   * too-large cap is not read. A read that fails otherwise throws.
   */
  async #readIndexFile(
    realRoot: string,
    indexPath: string,
    stats = lstatSync(indexPath, { throwIfNoEntry: false }),
  ): Promise<IndexRead> {
    if (!stats?.isFile()) return undefined;
    if (stats.size > this.#tooLargeBytes) return { tooLarge: stats.size };
    try {
      const bytes = await readFileInside(realRoot, indexPath, { maxBytes: this.#tooLargeBytes });
      return bytes === undefined ? undefined : { decoded: decodeText(bytes) };
    } catch (error) {
      if (error instanceof OverMaxBytes) return { tooLarge: error.size };
      throw error;
    }
  }

  async checkParts(): Promise<CheckParts> {
    const realRoot = this.#existingRealRoot();
    const index = await this.readIndex();
    const refused = await this.#refusedEntries();
    // A linked index (decision 0093) is one finding, the link: a link inside the folder is no
    // memory path the walk reports, and its text is not read, so it is not compared either.
    const indexLinked =
      realRoot !== undefined &&
      lstatSync(join(realRoot, MEMORY_INDEX_FILE), { throwIfNoEntry: false })?.isSymbolicLink() ===
        true;
    return {
      indexText: typeof index === "string" ? index : (index?.content ?? ""),
      ...refused,
      ...(indexLinked
        ? {
            indexLinked,
            linksOutside: [...new Set([...refused.linksOutside, MEMORY_INDEX_FILE])].sort(),
          }
        : {}),
      leftoverTempFiles:
        realRoot === undefined
          ? []
          : leftoverTemps(realRoot, realRoot).map((path) =>
              relative(realRoot, path).split(sep).join("/"),
            ),
    };
  }

  async readJournal(): Promise<string | undefined> {
    // Reading the journal of a folder that does not exist would create its `.memfiles/`.
    if (this.#existingRealRoot() === undefined) return undefined;
    return this.readInternal(PENDING_FORGET_FILE);
  }

  async rebuildIndex(previous?: string): Promise<void> {
    await this.#ownWrite(async () => this.#refreshIndex(await this.#realRoot(), previous));
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    this.#rootEntries = undefined;
    return withStoreLock(this.root, fn, this.#lockOptions);
  }

  // A write of this store, under the lock: it reports what it adds and removes, so the kept
  // folder listings (look-alikes) are brought up to date instead of read again.
  #ownWrite<T>(write: () => Promise<T>): Promise<T> {
    // A walk from now on is no look before this store's writes: it is not kept.
    if (this.#firstLook === undefined) this.#firstLook = "spent";
    return this.withLock(async () => {
      const look = this.#firstLook;
      this.#firstLook = "spent";
      this.#writeLook =
        look !== undefined && look !== "spent" && performance.now() - look.at <= LOOK_SERVES_MS
          ? look
          : undefined;
      try {
        return await this.#folderNames.whileWriting(write);
      } finally {
        this.#writeLook = undefined;
      }
    });
  }

  async #removeEmptyFolders(realRoot: string, folder: string): Promise<void> {
    for (const removed of await removeEmptyFolders(realRoot, folder)) {
      this.#folderNames.removed(removed);
    }
  }

  deferIndex<T>(fn: () => Promise<T>): Promise<T> {
    return this.#deferral.run(fn, () => this.rebuildIndex());
  }

  readInternal(relativePath: string, options?: ReadInternalOptions): Promise<string | undefined> {
    return readInternalFile(this.root, relativePath, options);
  }

  writeInternal(relativePath: string, text: string, options?: InternalWriteOptions): Promise<void> {
    return writeInternalFile(this.root, relativePath, text, { ...this.#lockOptions, ...options });
  }

  appendInternal(
    relativePath: string,
    text: string,
    options?: InternalWriteOptions,
  ): Promise<void> {
    return appendInternalFile(this.root, relativePath, text, { ...this.#lockOptions, ...options });
  }

  // The root's real path now, asked on every call: a root moved, or replaced by a link, is followed
  // to where it is, and every containment check compares with that. Synchronous: the same
  // realpath(3) as the promise API's, without its thread-pool round trip (~5x the CPU) per read.
  #existingRealRoot(): string | undefined {
    try {
      return realpathSync.native(this.root);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async #refusedEntries(): Promise<Pick<CheckParts, "linksOutside" | "ignoredFiles">> {
    const realRoot = this.#existingRealRoot();
    if (realRoot === undefined) return { linksOutside: [], ignoredFiles: [] };
    const links: string[] = [];
    const ignored: CheckParts["ignoredFiles"] = [];
    this.#walk(realRoot, realRoot, "", [], links, ignored);
    const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return {
      linksOutside: links.sort(byPath),
      ignoredFiles: ignored.sort((a, b) => byPath(a.path, b.path)),
    };
  }

  #realRoot(): Promise<string> {
    return realRootOf(this.root);
  }

  get #tooLargeBytes(): number {
    return this.maxChars * TOO_LARGE_FACTOR;
  }

  /** Why a file (or `MEMORY.md`) of `size` bytes, over {@link #tooLargeBytes}, was not read. */
  #notReadReason(size: number): string {
    return `it ${tooLargeReason(size, this.maxChars)}, so it was not read: ${TOO_LARGE_HINT}`;
  }

  async #readTarget(realRoot: string, path: string, target: string): Promise<ReadResult> {
    // No-follow read, with at most READ_CONCURRENCY reads in flight (resource errors retried).
    let bytes: Buffer | undefined;
    try {
      bytes = await boundedRead(() =>
        readFileInside(realRoot, target, { maxBytes: this.#tooLargeBytes }),
      );
    } catch (error) {
      if (!(error instanceof OverMaxBytes)) throw error;
      // Left as it is, like a file that is not text: nothing to show, and writes refuse it.
      const notText = this.#notReadReason(error.size);
      return { path, exists: true, version: versionToken(""), content: "", notText };
    }
    if (bytes === undefined) return { path, exists: false, version: NEW_VERSION };
    return readResultOf(path, decodeText(bytes));
  }

  // The file landed: a full disk or a read-only MEMORY.md must not report it as not saved (a retry
  // would write it twice). The index is derived data, rebuilt from the folder by the next write;
  // until then check() reports its outdated lines.
  async #refreshIndexAfterWrite(
    realRoot: string,
    resolved: { path: string; target: string },
    relative: string,
    before: MemoryRow | undefined,
    created: boolean,
  ): Promise<void> {
    try {
      // The file's row as `list()` reads it back, for its one line of the index.
      const read = await this.#readTarget(realRoot, relative, resolved.target);
      const row =
        read.exists && read.notText === undefined
          ? rowFromText(resolved.path, read.content, this.maxChars, this.layout)
          : undefined;
      // A file MEMORY.md could not list before (a secret in its name) was not counted in a cut.
      const listable =
        before !== undefined && (await patchable({ path: resolved.path, row: before }));
      await this.#refreshIndex(
        realRoot,
        undefined,
        row && { path: resolved.path, row, created, ...(listable ? { before } : {}) },
      );
    } catch (error) {
      if (memoryWriteError(error, MEMORY_INDEX_FILE) === undefined) throw error;
    }
  }

  // Under the write's lock, after the file landed: a reader that checks only some files' stamps
  // (the session-start block) learns of this one from the recall index's log. One stat and one
  // append, no read of the index; no index stored, no line (the next reader builds it from the
  // files). A failed append, or a crash before it, leaves the line out: the next full check sees
  // the file by its stamp, as it sees a person's edit.
  async #logChanged(realRoot: string, path: string): Promise<void> {
    const stored = join(realRoot, INTERNAL_FOLDER, RECALL_INDEX_FILE);
    if (lstatSync(stored, { throwIfNoEntry: false })?.isFile() !== true) return;
    await appendInternalFile(this.root, RECALL_INDEX_LOG, changedLogLine(path), {
      ...this.#lockOptions,
      createFolder: false,
      // A torn last line already sends every reader to the full check, which sees this write.
      afterWholeLine: true,
    }).catch(() => undefined);
  }

  // With `change` (one file written or removed), its line alone is patched when the current index
  // allows it (`patchedMemoryIndex`): no walk of the folder per write. Otherwise a whole rebuild.
  async #refreshIndex(
    realRoot: string,
    previous?: string,
    change?: MemoryIndexChange & { created?: boolean },
  ): Promise<void> {
    if (this.#deferral.putOff()) return;
    if (
      change !== undefined &&
      (await patchable(change)) &&
      (await this.#patchIndex(realRoot, change))
    )
      return;
    const { rows } = await indexableRows(await this.list());
    const forgotten = await storedForgottenCheck(this);
    let text = rebuiltMemoryIndex(rows, previous ?? "", this.layout, forgotten);
    const indexPath = join(realRoot, MEMORY_INDEX_FILE);
    const stats = lstatSync(indexPath, { throwIfNoEntry: false });
    if (stats?.isFile()) {
      const key = statKey(stats);
      if (this.#indexSeen?.key !== key) await this.#adoptIndexRecord(realRoot);
      let current = this.#indexSeen?.key === key ? this.#indexSeen.text : undefined;
      if (current === undefined) {
        const read = await this.#readIndexFile(realRoot, indexPath, stats);
        // Not read, so a person's lines in it could not be kept: left as it is, as every too-large file.
        if (read !== undefined && "tooLarge" in read) return;
        const decoded = read?.decoded ?? decodeText(Buffer.alloc(0));
        // Not text (invalid UTF-8, NUL): a refresh would turn a person's lines into U+FFFD. A
        // rebuild from given text (forget taking out its lines) is asked for, so it goes ahead.
        if (!decoded.ok && previous === undefined) return;
        current = decoded.text;
      }
      text = rebuiltMemoryIndex(rows, previous ?? current, this.layout, forgotten);
      this.#indexSeen = { key, text: current, generated: current === text };
      if (current === text) {
        await this.#writeIndexRecord(text);
        return;
      }
    } else if (stats?.isSymbolicLink()) {
      refuseLinkedIndex(indexPath, stats);
    } else if (stats) {
      return; // A folder or special file named MEMORY.md is left alone; check() reports the index.
    }
    // Atomic (readers never see half an index) but not fsync'd: the index is derived data, never
    // read back as truth, rebuilt by the next write; check() reports one left stale by a crash.
    await this.#writeIndex(realRoot, indexPath, text);
  }

  async #writeIndex(
    realRoot: string,
    indexPath: string,
    text: string,
    lookedAgo?: () => number,
  ): Promise<void> {
    this.#indexSeen = undefined;
    await writeFileInside(realRoot, indexPath, text, { fsync: false });
    this.#folderNames.wrote(indexPath);
    const stats = lstatSync(indexPath, { throwIfNoEntry: false });
    if (stats?.isFile()) this.#indexSeen = { key: statKey(stats), text, generated: true };
    await this.#writeIndexRecord(text, lookedAgo);
  }

  get #indexRules() {
    return { layout: this.layout, maxChars: this.maxChars };
  }

  // After MEMORY.md landed (or was found to be the rebuild's text): the lasting record that it is
  // memfiles' own (docs/decisions/0080), so a new process may patch it. Derived state: a record
  // that fails to land leaves none, and the next process rebuilds. Its mtime is when the index was
  // in step with every file: when it lands, or, for a patch taken from an earlier look, that long
  // before it as `lookedAgo()` says (ms).
  async #writeIndexRecord(text: string, lookedAgo?: () => number): Promise<void> {
    await this.writeInternal(
      MEMORY_INDEX_RECORD_FILE,
      memoryIndexRecordText(text, this.#indexRules),
      { fsync: false, ...(lookedAgo === undefined ? {} : { backdateMs: lookedAgo() }) },
    ).catch(() => undefined);
  }

  // Under the lock, before a memory file changes: the record is adopted, then removed, so a crash
  // before the index and a new record land leaves none, and the next write rebuilds.
  async #takeIndexRecord(realRoot: string): Promise<void> {
    refuseLinkedIndex(join(realRoot, MEMORY_INDEX_FILE));
    // The record's time is when the index was last in step with every file (docs/decisions/0089).
    this.#inStepAt = recordTime(realRoot);
    await this.#adoptIndexRecord(realRoot);
    // Not caught: a record that cannot be removed stops the write before anything lands.
    await this.writeInternal(MEMORY_INDEX_RECORD_FILE, "", { removeWhenEmpty: true });
  }

  // A record left by another process, naming MEMORY.md's bytes as they are, makes the index this
  // store's own: its line may be patched, and it is read even past the too-large limit (memfiles
  // wrote it, so it holds no more of a person's than a rebuild keeps).
  async #adoptIndexRecord(realRoot: string): Promise<void> {
    const indexPath = join(realRoot, MEMORY_INDEX_FILE);
    const stats = lstatSync(indexPath, { throwIfNoEntry: false });
    const seen = this.#indexSeen;
    const known =
      seen?.generated === true && stats?.isFile() === true && seen.key === statKey(stats);
    if (!known && stats?.isFile()) {
      const record = await this.readInternal(MEMORY_INDEX_RECORD_FILE).catch(() => undefined);
      const size = await recordedIndexBytes(record, this.#indexRules);
      if (size === stats.size) {
        const bytes = await readFileInside(realRoot, indexPath, { maxBytes: size }).catch(
          () => undefined,
        );
        const decoded =
          bytes !== undefined && (await indexMatchesRecord(record, bytes, this.#indexRules))
            ? decodeText(bytes)
            : undefined;
        if (decoded?.ok) {
          this.#indexSeen = { key: statKey(stats), text: decoded.text, generated: true };
        }
      }
    }
  }

  // Whether MEMORY.md was patched for `change` (or already said it); false leaves it to a rebuild.
  // Only an index this store generated and nobody changed since: a person's edit to a link line
  // looks like a generated one, and only a rebuild from the files undoes it.
  async #patchIndex(
    realRoot: string,
    { created, ...change }: MemoryIndexChange & { created?: boolean },
  ): Promise<boolean> {
    const indexPath = join(realRoot, MEMORY_INDEX_FILE);
    const stats = lstatSync(indexPath, { throwIfNoEntry: false });
    const seen = this.#indexSeen;
    if (!stats?.isFile() || seen?.generated !== true || seen.key !== statKey(stats)) return false;
    const since = this.#inStepAt;
    this.#inStepAt = undefined;
    if (since === undefined) return false;
    const look = this.#writeLook;
    this.#writeLook = undefined;
    const others = await this.#changedSince(realRoot, since, seen.text, change.path, look);
    if (others === undefined) return false;
    // A file another writer named after a secret gets no line (decision 0088): a whole rebuild.
    for (const other of others) if (!(await patchable(other))) return false;
    const forgotten = await storedForgottenCheck(this);
    // A new file in an index cut to its line budget is patched from the rows of the files the
    // index lists (about 200 reads, not a listing of every file): see `patchedMemoryIndex`. Files
    // changed since that it lists are checked there (the file the last write made, say); any
    // other change since is a rebuild.
    const listedPaths = created === true ? cutIndexPaths(seen.text) : undefined;
    const listedSet = new Set(listedPaths);
    if (
      listedPaths !== undefined &&
      others.every((other) => other.row !== undefined && listedSet.has(other.path))
    ) {
      change.listed = await this.#rowsOf(realRoot, listedPaths);
      change.changedSince = others.map((other) => other.path);
      others.length = 0;
    }
    let text: string | undefined = seen.text;
    for (const other of [...others, change]) {
      text =
        text === undefined ? undefined : patchedMemoryIndex(text, other, this.layout, forgotten);
    }
    if (text === undefined) return false;
    // The record was removed before the file changed: an unchanged index gets it back. Patched
    // from the look, the index is in step with the files as they were when the look began: the
    // record is dated then, so the next write takes in what changed since.
    const lookedAgo = look === undefined ? undefined : () => performance.now() - look.at;
    if (text === seen.text) await this.#writeIndexRecord(text, lookedAgo);
    else await this.#writeIndex(realRoot, indexPath, text, lookedAgo);
    return true;
  }

  // The files another writer (a person's editor, git, a sync tool) changed since the index was last
  // in step (`since`, the record's time, ms), each as the patch of its line: a file whose change
  // time is not older than that (less the racy window, so a change during the last write counts),
  // and a linked path no longer in the folder. One stat per file, no read of the others; with
  // `look` (the store's first look, docs/decisions/0094) its stats, and a stat of each linked path
  // it lacks (a file this process wrote since). Any file the patch cannot take alone (a link, one
  // not read as text or refused, an unreadable stat), or more than MAX_HAND_CHANGES of them (a
  // checkout, a restored backup), gives `undefined`: a whole rebuild.
  async #changedSince(
    realRoot: string,
    since: number,
    index: string,
    written: string,
    look?: FolderLook,
  ): Promise<MemoryIndexChange[] | undefined> {
    const present = new Set<string>();
    const changed: Candidate[] = [];
    const from = since - RACY_WINDOW_MS;
    const view = look === undefined ? await currentFolderView(realRoot) : undefined;
    if (view !== undefined) {
      // The folder's watch names every file changed since its last walk (docs/decisions/0102):
      // the view is what a walk now would list, without a stat per file. A file named since the
      // last write is read whatever its change time says (`touch -d`, `cp -p` set mtime back).
      for (const file of view.files.values()) {
        if (file.path !== written && (file.changedAt >= from || view.named.has(file.path))) {
          changed.push(file);
        }
      }
    } else if (look === undefined) {
      const keep = await watchBeforeWalk(realRoot);
      const files = keep === undefined ? undefined : new Map<string, WatchedFile>();
      let linked = false;
      // Only the changed files are kept, never each file's Stats (10,000 of them outlive a walk's
      // young generation, and copying them into the old one costs more than the stats).
      const { rows } = await this.#statFiles(realRoot, (candidate, stats) => {
        present.add(candidate.path);
        const changedAt = Math.max(stats.mtimeMs, stats.ctimeMs);
        if (candidate.link) linked = true;
        files?.set(candidate.path, {
          path: candidate.path,
          absolute: candidate.absolute,
          changedAt,
        });
        if (candidate.path !== written && changedAt >= from) changed.push(candidate);
        return undefined;
      });
      if (rows.length > 0) return undefined;
      // A link's target changes without an event at the link's name: no view of such a folder.
      if (keep !== undefined && files !== undefined && !linked) keep(files);
    } else {
      for (let at = 0; at < look.files.length; at++) {
        const changedAt = look.changedAt[at] as number;
        if (Number.isNaN(changedAt)) continue;
        const candidate = look.files[at] as Candidate;
        present.add(candidate.path);
        if (candidate.path !== written && changedAt >= from) changed.push(candidate);
      }
    }
    // With a view, a linked path gone since the last write was named by an event: the index
    // (10,000 lines) is not parsed again for it.
    const gone =
      view !== undefined
        ? [...view.named].filter((path) => path !== written && !view.files.has(path))
        : parseMemoryIndex(index)
            .map((entry) => entry.path)
            .filter(
              (path) =>
                path !== written &&
                !present.has(path) &&
                (look === undefined || !isFileNow(realRoot, path)),
            );
    if (changed.length + gone.length > MAX_HAND_CHANGES) return undefined;
    const changes: MemoryIndexChange[] = gone.map((path) => ({ path }));
    for (const candidate of changed) {
      if (candidate.link) return undefined;
      // A file the store will not open (hard-linked, say) is the rebuild's to list as it does.
      const read = await this.#readTarget(realRoot, candidate.path, candidate.absolute).catch(
        () => undefined,
      );
      if (read === undefined) return undefined;
      if (!read.exists) changes.push({ path: candidate.path });
      else if (read.notText !== undefined) return undefined;
      else {
        const row = rowFromText(candidate.path, read.content, this.maxChars, this.layout);
        changes.push({ path: candidate.path, row });
      }
    }
    return changes;
  }

  // Synchronous: a memory folder has few folders, and readdirSync skips a thread-pool round trip
  // per folder, which dominates list() once rows are cached.
  #walk(
    realRoot: string,
    folder: string,
    prefix: string,
    out: Candidate[],
    refusedLinks?: string[],
    ignoredFiles?: CheckParts["ignoredFiles"],
    known?: ReadonlySet<string>,
    given?: readonly Dirent[],
  ): void {
    let entries: readonly Dirent[];
    try {
      entries = given ?? readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error) || errorCode(error) === "EACCES") return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      // `folder` is normalized (a realpath, or joined below) and a name holds no separator, so
      // concatenation gives what `join` would, without normalizing 10,000 strings again.
      const absolute = folder.endsWith(sep) ? folder + entry.name : folder + sep + entry.name;
      if (entry.isDirectory()) {
        this.#walk(realRoot, absolute, path, out, refusedLinks, ignoredFiles, known);
      } else if (entry.isSymbolicLink() && refusedLinks && leavesRoot(realRoot, absolute)) {
        refusedLinks.push(path);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        if (!entry.name.endsWith(".md")) continue;
        // A cached or known path already passed the guard; the check is a pure function of the string.
        if (!this.#cache.has(path) && known?.has(path) !== true) {
          const parsed = safeParseMemoryPath(path);
          if (!parsed.success) {
            // The index is the store's own; any other `.md` it skips is a person's file, unread.
            if (!isMemoryIndexPath(path)) {
              ignoredFiles?.push({ path, reason: parsed.error.reason });
            }
            continue;
          }
        }
        if (entry.isSymbolicLink()) {
          if (!followsLink(realRoot, absolute)) {
            refusedLinks?.push(path);
            continue;
          }
          out.push({ path, absolute, link: true });
        } else out.push({ path, absolute });
      } else if (ignoredFiles && entry.name.endsWith(".md")) {
        // A pipe, a socket or a device with a memory file's name: never opened, said by `check`.
        ignoredFiles.push({
          path,
          reason: `it is ${entry.isFIFO() ? "a pipe" : entry.isSocket() ? "a socket" : "a device"}, not a file`,
          notAFile: true,
        });
      }
    }
  }

  async #readRow(
    realRoot: string,
    candidate: Candidate,
    stats: Stats,
    into?: Pick<ReadAllResult, "files"> & Required<Pick<ReadAllResult, "parsed">>,
  ): Promise<MemoryRow | undefined> {
    if (stats.size > this.#tooLargeBytes) return this.#tooLargeRow(candidate.path, stats);
    let bytes: Buffer | undefined;
    try {
      // A link (already checked to stay inside) is read at its target, which must not be a link.
      // A file is read at its walked path, already real: readFileInside refuses a link swapped
      // in since (no-follow open) and checks where the opened file is, so a realpath per file
      // (a thread-pool round trip each) would only repeat that.
      // boundedRead keeps READ_CONCURRENCY reads in flight and retries resource errors.
      bytes = await boundedRead(async () => {
        if (candidate.link !== true) {
          return readFileInside(realRoot, candidate.absolute, { maxBytes: this.#tooLargeBytes });
        }
        const real = await realpath(candidate.absolute);
        if (!followsReal(realRoot, real)) return undefined;
        return readFileInside(realRoot, real, { maxBytes: this.#tooLargeBytes });
      });
    } catch (error) {
      if (isMissing(error)) return undefined;
      // Refused by design (a hard-linked file): a row saying why, not a file that seems gone.
      if (error instanceof MemoryPathError) return this.#refused(candidate.path, error);
      // Grown past the limit since its stat: reported, keyed by a stat that no longer matches.
      if (error instanceof OverMaxBytes) {
        return this.#tooLargeRow(candidate.path, { ...stats, size: error.size } as Stats);
      }
      // Out of descriptors even after retries: says nothing about the file, so it is no row.
      if (isResourceLimit(error)) throw error;
      return this.#unreadable(candidate.path, error);
    }
    if (bytes === undefined) return undefined;
    const decoded = decodeText(bytes);
    const read = readResultOf(candidate.path, decoded);
    const parsed = safeParseMemoryFile(decoded.text, { path: candidate.path });
    into?.files.set(candidate.path, read);
    if (parsed.success) into?.parsed.set(candidate.path, parsed.value);
    const row = rowFromText(candidate.path, decoded.text, this.maxChars, this.layout, parsed);
    // Bytes that are not text have no lines to judge: "not text" is the one problem, not one
    // undated line for each newline byte of a binary file.
    if (!decoded.ok) {
      row.problems = [{ code: "not_text", message: `${candidate.path}: ${decoded.reason}.` }];
    }
    // Keyed by the stat taken before the read: an edit landing in between changes the stat, so
    // the next call reads again rather than trusting a row older than the file.
    const trusted = Date.now() - Math.max(stats.mtimeMs, stats.ctimeMs) > RACY_WINDOW_MS;
    this.#cache.set(candidate.path, { key: statKey(stats), trusted, row, read });
    return row;
  }

  #tooLargeRow(path: string, stats: Stats): MemoryRow {
    const message = `${path} ${tooLargeReason(stats.size, this.maxChars)}; it was not read: ${TOO_LARGE_HINT}.`;
    return this.#unreadRow(path, { code: "too_large", message }, stats);
  }

  #refused(path: string, error: MemoryPathError): MemoryRow {
    const message = `${path} is not read, searched or recalled: ${error.reason}. Give it one name inside the memory folder (copy it, then move the copy over it).`;
    return this.#unreadRow(path, { code: "refused", message });
  }

  #unreadable(path: string, error: unknown): MemoryRow {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `Cannot read ${path}: ${reason}. Check its permissions.`;
    return this.#unreadRow(path, { code: "unreadable", message });
  }

  /**
   * The row of a file that was not read: named after its file, with the problem saying why. Kept
   * by `stats` when given (a size decides it again only when the file changes), else not kept, so
   * the next listing tries again.
   */
  #unreadRow(path: string, problem: MemoryProblem, stats?: Stats): MemoryRow {
    const row: MemoryRow = {
      path,
      name: fileStem(path),
      description: "",
      chars: stats?.size ?? 0,
      problems: [problem],
    };
    if (stats === undefined) this.#cache.delete(path);
    else this.#cache.set(path, { key: statKey(stats), trusted: true, row });
    return row;
  }
}

// The rows sorted by path, as copies: a caller editing a row cannot change what later calls return
// from the cache.
function sortedCopies(rows: MemoryRow[]): MemoryRow[] {
  rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return rows.map(copyRow);
}

// What `read(path)` answers for a file whose bytes were just read and decoded.
/** MEMORY.md as read: its decoded text, its size when over the too-large cap, or none. */
type IndexRead = { decoded: DecodeTextResult } | { tooLarge: number } | undefined;

function readResultOf(path: string, decoded: DecodeTextResult): ReadResult & { exists: true } {
  const version = versionToken(decoded.text);
  if (!decoded.ok) {
    return { path, exists: true, version, content: decoded.text, notText: decoded.reason };
  }
  const breaks =
    decoded.lineBreaks === undefined
      ? {}
      : decoded.crLines === undefined
        ? { lineBreaks: decoded.lineBreaks }
        : { lineBreaks: decoded.lineBreaks, crLines: decoded.crLines };
  return decoded.encoding === "utf-8"
    ? { path, exists: true, version, content: decoded.text, ...breaks }
    : {
        path,
        exists: true,
        version,
        content: decoded.text,
        encoding: decoded.encoding,
        ...breaks,
      };
}

// A link of any name (a folder link too) that resolves outside the folder or points nowhere.
function leavesRoot(realRoot: string, absolute: string): boolean {
  try {
    return !isInsideOrSame(realRoot, realpathSync(absolute));
  } catch {
    return true;
  }
}

// Where the link itself is, when the path's last component is a link the path guard refuses to
// follow; undefined for anything else. The folders on the path are still checked (and throw).
async function refusedLink(realRoot: string, path: string): Promise<string | undefined> {
  const own = await resolveMemoryPath(realRoot, path, { keepLink: true });
  if (!own.link) return undefined;
  try {
    await resolveMemoryPath(realRoot, path);
    return undefined;
  } catch (error) {
    if (error instanceof MemoryPathError) return own.location;
    throw error;
  }
}

// Whether the store follows this link as a memory file: the same rule as `resolveMemoryPath`
// (inside the folder, a memory path there), so every listed row can be read.
function followsLink(realRoot: string, absolute: string): boolean {
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    return false;
  }
  return followsReal(realRoot, real);
}

function followsReal(realRoot: string, real: string): boolean {
  if (!isInsideOrSame(realRoot, real) || real === realRoot) return false;
  return safeParseMemoryPath(relative(realRoot, real).split(sep).join("/")).success;
}

// The temp files removed.
async function removeLeftoverTemps(folders: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of new Set(folders)) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!isLeftoverTemp(name)) continue;
      const path = join(folder, name);
      try {
        await unlink(path);
        removed.push(path);
      } catch {
        // Gone already, or not removable: check() reports what is left.
      }
    }
  }
  return removed;
}

// Temp files of killed writes anywhere in the folder, `.memfiles/` included; links not followed.
function leftoverTemps(realRoot: string, folder: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const absolute = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== ".git")
      found.push(...leftoverTemps(realRoot, absolute));
    else if (entry.isFile() && isLeftoverTemp(entry.name)) found.push(absolute);
  }
  return found;
}

// The folders removed.
async function removeEmptyFolders(realRoot: string, folder: string): Promise<string[]> {
  const removed: string[] = [];
  let current = folder;
  while (current !== realRoot && isInsideOrSame(realRoot, current)) {
    try {
      await rmdir(current);
    } catch {
      return removed;
    }
    removed.push(current);
    current = dirname(current);
  }
  return removed;
}

// The record's time (its mtime, ms): when MEMORY.md was last in step with every file
// (docs/decisions/0089, 0094); `undefined` when there is no record. Not its ctime: a record
// patched from a look is dated at the look, and a record copied with its times (cp -p) keeps
// an older mtime, which only takes in more files.
function recordTime(realRoot: string): number | undefined {
  const record = lstatSync(join(realRoot, INTERNAL_FOLDER, MEMORY_INDEX_RECORD_FILE), {
    throwIfNoEntry: false,
  });
  return record?.isFile() ? record.mtimeMs : undefined;
}

// Whether a memory path is a regular file now, as a walk finds one: a linked path a look lacks
// may be a file this process wrote since. One that cannot be stat'ed counts as there (its line
// stays; the next walk decides).
function isFileNow(realRoot: string, path: string): boolean {
  try {
    const stats = lstatSync(realRoot + sep + path.split("/").join(sep), NO_THROW_IF_MISSING);
    return stats?.isFile() === true;
  } catch {
    return true;
  }
}
