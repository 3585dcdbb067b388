/**
 * The storage seam under `MemoryStore`: what a store needs from where its memory lives.
 * The file system is the default and is built into `MemoryStore` (links, encodings, temp files and
 * the stat cache are file-system matters); any other backend (`@memfiles/pg`: PostgreSQL or
 * PGlite) implements this interface and gets the same paths rules, size cap, rows, index, tokens
 * and errors from `MemoryStore`, which validates every path before the backend sees it.
 */

/** One stored memory file: its text and version token (see `versionToken`). */
export type StoredFile = {
  /** Memory path, already validated by `parseMemoryPath` (e.g. `topics/tools.md`). */
  path: string;
  /** The whole text, as written. */
  content: string;
  /** The version token of `content`: `versionToken(content)`, 12 hex chars. */
  version: string;
};

/** Result of a conditional write or delete: done, or refused with what is stored now. */
export type BackendWriteResult =
  | { ok: true; version: string }
  | { ok: false; current: StoredFile | undefined };

/**
 * A place to keep one user's memory files and the store's internal state. Every method is for one
 * memory space (one folder, one tenant): a backend serving many users is opened once per user.
 * Paths and internal names arrive validated; a backend never has to refuse one.
 */
export interface StorageBackend {
  /** What error messages and `store.root` name the memory by, e.g. `postgres:alice` (never a secret such as a password). */
  readonly label: string;
  /** Every memory file's path and version token, in any order. */
  listVersions(): Promise<Array<{ path: string; version: string }>>;
  /**
   * Optional: every memory file's path and a stamp that changes whenever the file does, cheaper
   * than its version token (a folder's `listStamps`, a stat per file and no read), with the
   * arguments `MemoryStore.listStamps` takes. What the recall index compares with the stamps it
   * stored; without it the store's `listStamps` gives each file's version token.
   */
  listStamps?(
    known?: ReadonlySet<string>,
    options?: { stampOnly?: ReadonlySet<string>; only?: ReadonlySet<string> },
  ): Promise<Array<{ path: string; stamp: string }>>;
  /**
   * Optional: `false` for a backend whose `MEMORY.md` is never read, the dry run of a write that is
   * never kept (Claude Code's PreToolUse check): a write or delete then leaves the stored index
   * and its record as they are, neither patched nor rebuilt (a rebuild reads every file's
   * header). Default `true`.
   */
  readonly keepsIndex?: boolean;
  /** The files at these paths that exist (missing ones are left out), in any order. */
  readMany(paths: readonly string[]): Promise<StoredFile[]>;
  /** One file, or `undefined` when it does not exist. */
  read(path: string): Promise<StoredFile | undefined>;
  /**
   * Replace (or, with `ifVersion` `"new"`, create) a file only if its token is still `ifVersion`,
   * atomically: two writers holding the same token can never both succeed. The version written is
   * `versionToken(content)`; the previous text is kept in the backend's history when it has one.
   */
  writeIfVersion(path: string, content: string, ifVersion: string): Promise<BackendWriteResult>;
  /** Delete a file only if its token is still `ifVersion` (any token when omitted); a missing file deletes fine. */
  deleteIfVersion(path: string, ifVersion?: string): Promise<BackendWriteResult>;
  /** An internal file's text (tombstones, usage log, pending-forget journal...), or `undefined`. */
  readInternal(name: string): Promise<string | undefined>;
  /** Replace an internal file's text atomically. */
  writeInternal(name: string, text: string): Promise<void>;
  /**
   * Remove an internal file (a journal emptied when done), so it reads as `undefined` again, as a
   * folder removes it; a missing one removes fine.
   */
  deleteInternal(name: string): Promise<void>;
  /** Append to an internal file atomically (created when missing). */
  appendInternal(name: string, text: string): Promise<void>;
  /** The stored generated index (`MEMORY.md`'s text), or `undefined` when none was written. */
  readIndex(): Promise<string | undefined>;
  /** Replace the stored generated index. */
  writeIndex(text: string): Promise<void>;
  /**
   * Run `fn` holding this memory space's lock against other processes (the store adds the
   * in-process queue and re-entrancy on top). A backend that lives in one process may just run `fn`.
   */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
}
