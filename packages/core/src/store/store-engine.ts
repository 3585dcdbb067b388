import type { InternalWriteOptions, ReadInternalOptions } from "./internal-files.js";
import type {
  FileStamp,
  ListStampsOptions,
  MemoryRow,
  ReadAllResult,
  ReadResult,
  WriteResult,
} from "./types.js";

/** What `check()` needs of the place beyond the rows: the stored index and place-only findings. */
export type CheckParts = {
  /** The stored `MEMORY.md` text ("" when there is none). */
  indexText: string;
  /** Links the store will not follow (a folder's matter; [] elsewhere). */
  linksOutside: string[];
  /**
   * Whether `MEMORY.md` is a symbolic link (a folder's matter): the store never writes the index
   * through it (decision 0093), so it is not compared with the files either.
   */
  indexLinked?: boolean;
  /** `.md` files whose names are no memory path, so `list()` skips them (a folder's matter). */
  ignoredFiles: Array<{ path: string; reason: string; notAFile?: true }>;
  /** Temp files of killed writes (a folder's matter; [] elsewhere). */
  leftoverTempFiles: string[];
};

/**
 * The place a `MemoryStore` keeps its memory: a folder (`FolderStore`) or any `StorageBackend`
 * (`BackendStore`). `MemoryStore` validates paths, checks the cap and stale version tokens, and
 * builds `check()` and the index text once for every place; an engine does the rest. Paths arrive
 * parsed (`parseMemoryPath`); internal names as the caller gave them.
 */
export interface StoreEngine {
  /** Every memory file's row, sorted by path; copies the caller may change. */
  list(): Promise<MemoryRow[]>;
  /**
   * Every file `list()` would list, with its stamp, reading no file; `known` paths were listed
   * before, so their names need no check again; `options.stampOnly` as in `ListStampsOptions`.
   */
  listStamps(known?: ReadonlySet<string>, options?: ListStampsOptions): Promise<FileStamp[]>;
  /** The rows and every listed file's text, reading each file once. */
  readAll(): Promise<ReadAllResult>;
  read(relative: string): Promise<ReadResult>;
  /**
   * Replace under the lock, re-checking `ifVersion` there. `MemoryStore` has checked the cap and
   * the token against `before`, the file as it read it just now.
   */
  replace(
    relative: string,
    content: string,
    ifVersion: string,
    before: ReadResult,
  ): Promise<WriteResult>;
  delete(relative: string, ifVersion?: string): Promise<WriteResult>;
  checkParts(): Promise<CheckParts>;
  /**
   * The stored `MEMORY.md` text, `undefined` when there is none, or `{ content, notText }` when it
   * is not text as every memory file is read (`content` decoded leniently, see `decodeText`) or
   * was not read (over 16 times the cap: `content` `""`); `notText` says why.
   */
  readIndex(): Promise<string | { content: string; notText: string } | undefined>;
  /** The pending-forget journal's text, or `undefined` (never creates anything). */
  readJournal(): Promise<string | undefined>;
  /** Rewrites the index; `previous` (an index from elsewhere) gives the words a person wrote. */
  rebuildIndex(previous?: string): Promise<void>;
  /** Runs `fn` with the index refresh of each write inside it put off to one rebuild at its end. */
  deferIndex<T>(fn: () => Promise<T>): Promise<T>;
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  readInternal(relativePath: string, options?: ReadInternalOptions): Promise<string | undefined>;
  writeInternal(relativePath: string, text: string, options?: InternalWriteOptions): Promise<void>;
  appendInternal(relativePath: string, text: string, options?: InternalWriteOptions): Promise<void>;
}

/**
 * The index refresh both stores put off while `deferIndex` runs: a write inside marks the index
 * stale instead of rewriting it, and the outermost run ends with one rebuild, whether `fn`
 * succeeds or throws. An error of `fn` wins over one of the rebuild (the index is derived data:
 * the next write or rebuild repairs it).
 */
export class IndexDeferral {
  #depth = 0;
  #stale = false;

  /** Whether a write's refresh is put off now (inside a run); marks the index stale if so. */
  putOff(): boolean {
    if (this.#depth === 0) return false;
    this.#stale = true;
    return true;
  }

  /** Runs `fn` with refreshes put off, then `rebuild` once if a write inside marked it stale. */
  async run<T>(fn: () => Promise<T>, rebuild: () => Promise<void>): Promise<T> {
    this.#depth++;
    const end = async () => {
      this.#depth--;
      if (this.#depth > 0 || !this.#stale) return;
      this.#stale = false;
      await rebuild();
    };
    let result: T;
    try {
      result = await fn();
    } catch (error) {
      await end().catch(() => undefined);
      throw error;
    }
    await end();
    return result;
  }
}
