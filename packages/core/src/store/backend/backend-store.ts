import { storedForgottenCheck } from "../../guards/forgotten-shown.js";
import { type InternalWriteOptions, parseInternalName } from "../internal-files.js";
import {
  cutIndexPaths,
  type MemoryIndexChange,
  patchedMemoryIndex,
  rebuiltMemoryIndex,
} from "../keep-index-descriptions.js";
import {
  indexMatchesRecord,
  MEMORY_INDEX_RECORD_FILE,
  type MemoryIndexRules,
  memoryIndexRecordText,
} from "../memory-index-record.js";
import { copyRow, versionConflict } from "../memory-row.js";
import { indexableRows, patchable } from "../secret-path-rows.js";
import { type CheckParts, IndexDeferral, type StoreEngine } from "../store-engine.js";
import { PENDING_FORGET_FILE } from "../store-lock.js";
import type {
  FileStamp,
  ListStampsOptions,
  MemoryRow,
  ReadAllResult,
  ReadResult,
  StoreLayout,
  WriteResult,
} from "../types.js";
import { NEW_VERSION } from "../version-token.js";
import { withBackendLock } from "./backend-lock.js";
import type { StorageBackend, StoredFile } from "./storage-backend.js";

const BOM = "\uFEFF";

/** What `MemoryStore` hands its backend path: the backend and the rules it shares with the folder path. */
export type BackendStoreOptions = {
  backend: StorageBackend;
  /** The store's rule for a row from a file's text (`rowFromText` with its cap and layout). */
  toRow: (path: string, text: string) => MemoryRow;
  /** The store's layout (whether the stored index keeps a person's words, see `indexRows`). */
  layout: StoreLayout;
  /** The store's size cap per file (chars), which the index record names (docs/decisions/0080). */
  maxChars: number;
};

/**
 * `MemoryStore` on a {@link StorageBackend} (`@memfiles/pg`): rows cached by version token, the
 * backend's conditional writes, its lock and its stored index. Used by `MemoryStore` when it is
 * opened with `{ backend }`; callers never see it.
 */
export class BackendStore implements StoreEngine {
  readonly #backend: StorageBackend;
  readonly #toRow: BackendStoreOptions["toRow"];
  readonly #layout: StoreLayout;
  readonly #indexRules: MemoryIndexRules;
  readonly #cache = new Map<string, { version: string; row: MemoryRow }>();
  readonly #deferral = new IndexDeferral();
  // A dry run's index is never read: its writes leave it as it is (`StorageBackend.keepsIndex`).
  get #keepsIndex(): boolean {
    return this.#backend.keepsIndex !== false;
  }

  constructor(options: BackendStoreOptions) {
    this.#backend = options.backend;
    this.#toRow = options.toRow;
    this.#layout = options.layout;
    this.#indexRules = { layout: options.layout, maxChars: options.maxChars };
  }

  async list(): Promise<MemoryRow[]> {
    const versions = await this.#backend.listVersions();
    const rows: MemoryRow[] = [];
    const stale: string[] = [];
    const seen = new Set<string>();
    for (const { path, version } of versions) {
      seen.add(path);
      const cached = this.#cache.get(path);
      if (cached?.version === version) rows.push(cached.row);
      else stale.push(path);
    }
    if (stale.length > 0) {
      for (const file of await this.#backend.readMany(stale)) {
        const row = this.#toRow(file.path, file.content);
        this.#cache.set(file.path, { version: file.version, row });
        rows.push(row);
      }
    }
    for (const path of this.#cache.keys()) if (!seen.has(path)) this.#cache.delete(path);
    rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return rows.map(copyRow);
  }

  async listStamps(known?: ReadonlySet<string>, options?: ListStampsOptions): Promise<FileStamp[]> {
    if (this.#backend.listStamps !== undefined) return this.#backend.listStamps(known, options);
    return (await this.#backend.listVersions()).map(({ path, version }) => ({
      path,
      stamp: version,
    }));
  }

  async readAll(): Promise<ReadAllResult> {
    const versions = await this.#backend.listVersions();
    const rows: MemoryRow[] = [];
    const files: ReadAllResult["files"] = new Map();
    const listed = versions.map(({ path }) => path);
    for (const file of listed.length === 0 ? [] : await this.#backend.readMany(listed)) {
      const cached = this.#cache.get(file.path);
      const row =
        cached?.version === file.version ? cached.row : this.#toRow(file.path, file.content);
      this.#cache.set(file.path, { version: file.version, row });
      rows.push(row);
      files.set(file.path, {
        path: file.path,
        exists: true,
        version: file.version,
        content: file.content,
      });
    }
    const seen = new Set(listed);
    for (const path of this.#cache.keys()) if (!seen.has(path)) this.#cache.delete(path);
    rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { rows: rows.map(copyRow), files };
  }

  async read(relative: string): Promise<ReadResult> {
    return toRead(relative, await this.#backend.read(relative));
  }

  replace(
    relative: string,
    content: string,
    ifVersion: string,
    before: ReadResult,
  ): Promise<WriteResult> {
    const text =
      before.exists && before.content.startsWith(BOM) && !content.startsWith(BOM)
        ? BOM + content
        : content;
    return this.withLock(async () => {
      const own = this.#keepsIndex ? await this.#takeIndexRecord() : undefined;
      // One conditional statement in the backend: the token is checked where the row is changed.
      const result = await this.#backend.writeIfVersion(relative, text, ifVersion);
      if (!result.ok) return versionConflict(relative, ifVersion, toRead(relative, result.current));
      const row = this.#toRow(relative, text);
      // A new file in an index cut to its line budget: the rows of the files it lists, so the
      // patch finds the one the new file pushes out (`patchedMemoryIndex`).
      const listedPaths =
        own !== undefined && ifVersion === NEW_VERSION ? cutIndexPaths(own) : undefined;
      const listed =
        listedPaths === undefined
          ? undefined
          : (await this.#backend.readMany(listedPaths)).map((file) =>
              this.#toRow(file.path, file.content),
            );
      await this.#refreshIndex(undefined, own, {
        path: relative,
        row,
        ...(listed === undefined ? {} : { listed }),
      });
      return { ok: true, code: "written", version: result.version };
    });
  }

  async delete(relative: string, ifVersion?: string): Promise<WriteResult> {
    const before = await this.read(relative);
    if (ifVersion !== undefined && before.version !== ifVersion) {
      return versionConflict(relative, ifVersion, before);
    }
    if (!before.exists) return { ok: true, code: "deleted", version: NEW_VERSION };
    return this.withLock(async () => {
      const own = this.#keepsIndex ? await this.#takeIndexRecord() : undefined;
      const result = await this.#backend.deleteIfVersion(relative, ifVersion);
      if (!result.ok) {
        return versionConflict(
          relative,
          ifVersion ?? before.version,
          toRead(relative, result.current),
        );
      }
      await this.#refreshIndex(undefined, own, { path: relative });
      return { ok: true, code: "deleted", version: NEW_VERSION };
    });
  }

  readIndex(): Promise<string | undefined> {
    return this.#backend.readIndex();
  }

  async checkParts(): Promise<CheckParts> {
    return {
      indexText: (await this.#backend.readIndex()) ?? "",
      linksOutside: [],
      ignoredFiles: [],
      leftoverTempFiles: [],
    };
  }

  readJournal(): Promise<string | undefined> {
    return this.readInternal(PENDING_FORGET_FILE);
  }

  async rebuildIndex(previous?: string): Promise<void> {
    await this.withLock(() => this.#refreshIndex(previous));
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return withBackendLock(this.#backend.label, (run) => this.#backend.withLock(run), fn);
  }

  // A backend reads a file whole: `ReadInternalOptions` allows more than the first line or bytes.
  async readInternal(relativePath: string): Promise<string | undefined> {
    return this.#backend.readInternal(parseInternalName(relativePath));
  }

  // `removeWhenEmpty` as a folder does it (`writeInternalFile`): the empty text removes the file, so
  // every backend reads it back as missing, never as an empty file (`readTombstones` refuses "").
  async writeInternal(
    relativePath: string,
    text: string,
    options: InternalWriteOptions = {},
  ): Promise<void> {
    const name = parseInternalName(relativePath);
    return this.withLock(() =>
      options.removeWhenEmpty === true && text === ""
        ? this.#backend.deleteInternal(name)
        : this.#backend.writeInternal(name, text),
    );
  }

  async appendInternal(relativePath: string, text: string): Promise<void> {
    const name = parseInternalName(relativePath);
    return this.withLock(() => this.#backend.appendInternal(name, text));
  }

  deferIndex<T>(fn: () => Promise<T>): Promise<T> {
    return this.#deferral.run(fn, () => this.rebuildIndex());
  }

  // Under the lock, before a file changes: the stored index when the record names it as it is
  // (docs/decisions/0080), else `undefined`. The record is emptied first, so a crash before the
  // index and a new record are stored leaves none, and the next write rebuilds.
  async #takeIndexRecord(): Promise<string | undefined> {
    const record = await this.#backend.readInternal(MEMORY_INDEX_RECORD_FILE);
    if (record === undefined || record === "") return undefined;
    const index = await this.#backend.readIndex();
    await this.#backend.writeInternal(MEMORY_INDEX_RECORD_FILE, "");
    return index !== undefined && (await indexMatchesRecord(record, index, this.#indexRules))
      ? index
      : undefined;
  }

  // With `own` (the stored index, memfiles' own) and `change`, its line alone is patched
  // (`patchedMemoryIndex`); otherwise, or when the patch cannot give the text, a whole rebuild.
  async #refreshIndex(previous?: string, own?: string, change?: MemoryIndexChange): Promise<void> {
    if (this.#deferral.putOff() || !this.#keepsIndex) return;
    const forgotten = await storedForgottenCheck(this);
    const patched =
      own !== undefined && change !== undefined && (await patchable(change))
        ? patchedMemoryIndex(own, change, this.#layout, forgotten)
        : undefined;
    const current = patched === undefined ? ((await this.#backend.readIndex()) ?? "") : own;
    const text =
      patched ??
      rebuiltMemoryIndex(
        (await indexableRows(await this.list())).rows,
        previous ?? current ?? "",
        this.#layout,
        forgotten,
      );
    if (current !== text) await this.#backend.writeIndex(text);
    // Derived state: a record that fails to be stored leaves none, and the next write rebuilds.
    await this.#backend
      .writeInternal(MEMORY_INDEX_RECORD_FILE, memoryIndexRecordText(text, this.#indexRules))
      .catch(() => undefined);
  }
}

function toRead(path: string, file: StoredFile | undefined): ReadResult {
  return file === undefined
    ? { path, exists: false, version: NEW_VERSION }
    : { path, exists: true, version: file.version, content: file.content };
}
