import { resolve } from "node:path";
import { InvalidArgumentError } from "@memfiles/errors";
import { storedForgottenCheck } from "../guards/forgotten-shown.js";
import { BackendStore } from "./backend/backend-store.js";
import {
  checkRows,
  factLines,
  linkGaps,
  twoLanguagePairs,
  updatedValueKept,
} from "./check-rows.js";
import { FolderStore } from "./folder-store.js";
import type { InternalWriteOptions, ReadInternalOptions } from "./internal-files.js";
import { indexRows, overIndexBudget } from "./keep-index-descriptions.js";
import { formatMemoryIndex, parseMemoryIndex } from "./memory-index.js";
import { MEMORY_INDEX_FILE, parseMemoryPath } from "./memory-path.js";
import { DEFAULT_MAX_CHARS, notEditable, rowFromText, versionConflict } from "./memory-row.js";
import { sameSubjectFiles } from "./same-subject.js";
import { indexableRows } from "./secret-path-rows.js";
import type { StoreEngine } from "./store-engine.js";
import { INTERNAL_FOLDER, PENDING_FORGET_FILE } from "./store-lock.js";
import type {
  CheckResult,
  FileStamp,
  ListStampsOptions,
  MemoryRow,
  MemoryStoreOptions,
  ReadAllResult,
  ReadResult,
  StoreLayout,
  WriteResult,
} from "./types.js";
import { NEW_VERSION, versionToken } from "./version-token.js";

export { DEFAULT_MAX_CHARS, rowFromText } from "./memory-row.js";

/**
 * A folder of markdown memory files (seed design "Store"): list, read with a version token,
 * write and delete only with the current token, a size cap, a path guard that keeps every read
 * and write inside the folder, atomic writes under a cross-process lock, and the generated
 * `MEMORY.md` index rewritten after every write and delete. The same API and rules on any other
 * place ({@link StorageBackend}, e.g. `@memfiles/pg`): this class owns what every place shares
 * (path rules, the cap, stale tokens, `check()`, the index text); the place does the rest.
 *
 * @example
 * const store = new MemoryStore({ root: "memory" });
 * const current = await store.read("topics/tools.md");
 * const result = await store.write("topics/tools.md", text, current.version);
 * if (!result.ok && result.code === "version_conflict") { ... re-apply on result.current ... }
 */
export class MemoryStore {
  /** Absolute path of the memory folder, or the backend's `label` (e.g. `postgres:alice`). */
  readonly root: string;
  /** Size cap per file in chars (default 12,000, the seed design's). */
  readonly maxChars: number;
  /** The folder's layout: `subject` (default) or `fact` (see {@link StoreLayout}). */
  readonly layout: StoreLayout;
  // The place the memory is kept: the folder, or the backend the store was opened with.
  readonly #engine: StoreEngine;

  /**
   * Opens a memory folder; nothing is read or created until the first call.
   *
   * @param options - `{ root, maxChars?, layout?, lockStaleMs?, lockWaitMs? }`: the folder (absolute or
   *   relative, created on first write), the size cap in chars (default 12,000), the layout
   *   (`subject`, the default, or `fact`: one fact per file, see `StoreLayout`), and the lock's
   *   stale limit (ms, default 10,000, at least 2,000) and wait limit (ms, default 30,000). Or
   *   `{ backend, maxChars?, layout? }`: memory kept elsewhere than a folder (a {@link StorageBackend},
   *   e.g. `@memfiles/pg`), with the same API, rules and results; `root` is then `backend.label`.
   * @throws {InvalidArgumentError} when neither `root` nor `backend` is given.
   * @example const store = new MemoryStore({ root: "memory", maxChars: 12_000 });
   */
  constructor(options: MemoryStoreOptions) {
    this.maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
    const layout = options.layout ?? "subject";
    this.layout = layout;
    const maxChars = this.maxChars;
    if (options.backend !== undefined) {
      this.root = options.backend.label;
      this.#engine = new BackendStore({
        backend: options.backend,
        toRow: (path, text) => rowFromText(path, text, maxChars, layout),
        layout,
        maxChars,
      });
      return;
    }
    if (typeof options.root !== "string") {
      throw new InvalidArgumentError({
        argument: "new MemoryStore(options)",
        message: `new MemoryStore(...) got ${options.root === undefined ? "no root" : `a root of type ${typeof options.root}`} and no backend: it needs { root } (a folder path) or { backend } (a StorageBackend). Pass one, e.g. new MemoryStore({ root: "memory" }).`,
      });
    }
    this.root = resolve(options.root);
    this.#engine = new FolderStore({
      root: this.root,
      maxChars,
      layout,
      ...(options.rootEntries === undefined ? {} : { rootEntries: options.rootEntries }),
      lockOptions: {
        ...(options.lockStaleMs === undefined ? {} : { staleMs: options.lockStaleMs }),
        ...(options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs }),
      },
    });
  }

  /**
   * Every memory file with its header fields and problems, sorted by path (code-unit order, so
   * prompts built from it are byte-stable). Skips `MEMORY.md`, dot-files, names the path guard
   * refuses and links it will not follow (`check()` lists them). A bad file is a row with
   * `problems`. Rows are cached by each file's stat; at most 64 files are read at once.
   *
   * @returns Rows (see {@link MemoryRow}).
   * @throws {Error} file-system errors on the folder itself (such as `EACCES` resolving the root);
   *   a missing folder lists as `[]`, and a bad file is a row with `problems`. A resource error
   *   (`EMFILE`, `ENFILE`, `EAGAIN`) still there after retries is thrown, never made a row.
   * @example for (const row of await store.list()) console.log(row.path, row.description);
   */
  async list(): Promise<MemoryRow[]> {
    return this.#engine.list();
  }

  /**
   * Every file {@link list} lists, with a stamp that changes whenever the file does (see
   * {@link FileStamp}), reading no file: what a derived index (the recall index) compares to notice
   * a change by any writer, a person's editor included. A file over 16 times the cap is left out
   * (its row is `too_large`; it is never read).
   *
   * @param known - Paths this store listed before (a name check is a pure function of the path,
   *   so they are not checked again); optional.
   * @param options - `{ stampOnly? }`: stat only these known paths; the other known files get `""`.
   * @returns `[{ path, stamp }]`, in no particular order.
   * @throws {Error} as {@link list} does.
   * @example const changed = (await store.listStamps()).filter((file) => seen.get(file.path) !== file.stamp);
   */
  async listStamps(known?: ReadonlySet<string>, options?: ListStampsOptions): Promise<FileStamp[]> {
    return this.#engine.listStamps(known, options);
  }

  /**
   * Every row of {@link list} and each listed file as {@link read} returns it, from one read of
   * each file (`list()` then `read()` per row reads every file twice).
   *
   * @returns `{ rows, files }` (see {@link ReadAllResult}).
   * @throws {Error} as {@link list} does.
   * @example
   * const { rows, files } = await store.readAll();
   * for (const row of rows) console.log(row.path, files.get(row.path)?.content.length);
   */
  async readAll(): Promise<ReadAllResult> {
    return this.#engine.readAll();
  }

  /**
   * Read one memory file and its version token.
   *
   * @param path - Memory path, e.g. `topics/tools.md`.
   * @returns `{ path, exists: false, version: "new" }` or `{ path, exists: true, version, content }`.
   * @throws {MemoryPathError} when the path is not allowed (see {@link parseMemoryPath}) or goes
   *   through a link that resolves outside the folder.
   * @example const { version } = await store.read("profile.md");
   */
  async read(path: string): Promise<ReadResult> {
    return this.#engine.read(parseMemoryPath(path));
  }

  /**
   * Replace a memory file's text, only if its version token is still `ifVersion`: atomic (see
   * `writeFileInside`), under the cross-process lock, then `MEMORY.md` is rewritten. On a folder
   * the token is compared again as the last step before the rename, so a person's save during the
   * write is kept and the write refused (docs/decisions/0093); a save in the microseconds between
   * that look and the rename is not seen. A file keeps
   * its encoding and BOM (see `decodeText`); a new file is UTF-8. A path differing from an existing
   * file's only in case or Unicode normalization addresses that file (see `resolveMemoryPath`).
   *
   * @param path - Memory path, e.g. `topics/tools.md`; missing folders are created.
   * @param content - The whole new text; at most `maxChars` chars, or, for a file already over
   *   the cap, any text shorter than the file is now (so `forget` can always remove lines).
   * @param ifVersion - The token from `read()` (`"new"` to create a file that must not exist).
   * @returns `{ ok: true, code: "written", version }`, or `{ ok: false, code, message, reason }`
   *   with `version_conflict` (and `current`), `too_long` or `not_text` (see {@link WriteResult});
   *   the file is then left as it was.
   * @throws {MemoryPathError} when the path is not allowed, goes through a link that resolves
   *   outside the folder, or `MEMORY.md` is a symbolic link; nothing is written.
   * @throws {InvalidArgumentError} when `content` is not a string; nothing is written.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example
   * const current = await store.read("profile.md");
   * await store.write("profile.md", text, current.version);
   */
  async write(path: string, content: string, ifVersion: string): Promise<WriteResult> {
    const relative = parseMemoryPath(path);
    if (typeof content !== "string") {
      throw new InvalidArgumentError({
        argument: "content",
        message: `store.write(${JSON.stringify(path)}, ...) got content of type ${content === null ? "null" : typeof content}: it needs the whole new file text as a string. Nothing was written.`,
      });
    }
    const before = await this.read(relative);
    // Over the cap, only a write that shortens the file is allowed: it moves toward the cap, and
    // without it a file edited by hand past the cap could never lose a line (not even to forget).
    if (
      content.length > this.maxChars &&
      !(before.exists && content.length < before.content.length)
    ) {
      const reason = `${content.length} chars is over the ${this.maxChars}-char cap${before.exists && before.content.length > this.maxChars ? ` and not shorter than the ${before.content.length} chars it has now` : ""}. Consolidate the file (merge and drop lines) or split it by subject.`;
      return {
        ok: false,
        code: "too_long",
        message: `Refused to write ${relative}: ${reason}`,
        reason,
      };
    }
    // A token that is already stale stays a conflict: answer without queueing for the lock.
    if (before.version !== ifVersion) return versionConflict(relative, ifVersion, before);
    return this.#engine.replace(relative, content, ifVersion, before);
  }

  /**
   * Delete a memory file, only if its version token is still `ifVersion` when one is given (on a
   * folder compared again right before the unlink, as {@link write} does before its rename).
   * Deleting a missing file succeeds; empty folders left behind are removed; `MEMORY.md` is
   * rewritten. A link is removed, never its target (a link listed in `check().linksOutside` has no
   * version, so `ifVersion` is not checked for it).
   *
   * @param path - Memory path, e.g. `topics/old.md`.
   * @param ifVersion - The token from `read()`; omit to delete whatever is there.
   * @returns `{ ok: true, code: "deleted", version: "new" }` or `{ ok: false, code: "version_conflict", message, current }`.
   * @throws {MemoryPathError} when the path is not allowed, a folder on it is a link the store
   *   will not follow, or `MEMORY.md` is a symbolic link.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example await store.delete("topics/old.md", (await store.read("topics/old.md")).version);
   */
  async delete(path: string, ifVersion?: string): Promise<WriteResult> {
    return this.#engine.delete(parseMemoryPath(path), ifVersion);
  }

  /**
   * Compare the folder with its `MEMORY.md` and report what needs a person: index gaps, files
   * over the cap or memfiles will not edit, links it will not follow, and warnings that leave
   * `ok` as it is. A hand edit shows up here until the index is next rebuilt (`rebuildIndex()`,
   * the write pass's end).
   *
   * @returns Paths relative to the folder, by kind (see {@link CheckResult}).
   * @example const report = await store.check(); if (!report.ok) console.log(report);
   */
  async check(): Promise<CheckResult> {
    const rows = await this.list();
    const parts = await this.#engine.checkParts();
    // `MEMORY.md` lists no file whose name holds a secret (`indexableRows`): such a file missing
    // from it is as it should be; its link line, when there is one, is out of date.
    const indexable = await indexableRows(rows);
    const found = checkRows(
      rows,
      parts.indexText,
      this.maxChars,
      indexRows(indexable.rows, parts.indexText, this.layout, await storedForgottenCheck(this))
        .rows,
    );
    const listed = new Set(parseMemoryIndex(parts.indexText).map((entry) => entry.path));
    // A linked `MEMORY.md` is reported as the link (`linksOutside`) alone: it is never written
    // through, so `rebuildIndex()` cannot bring it in step (decision 0100).
    const linked = parts.indexLinked === true;
    const result = {
      ...found,
      ...(linked ? { missingFromIndex: [], indexWithoutFile: [] } : {}),
      outdatedIndexLines: linked
        ? []
        : [...found.outdatedIndexLines, ...indexable.hidden.filter((path) => listed.has(path))],
      linksOutside: parts.linksOutside,
      ignoredFiles: parts.ignoredFiles,
      notEditable: notEditable(rows),
      leftoverTempFiles: parts.leftoverTempFiles,
      pendingForget: await this.#pendingForget(),
    };
    const indexOverBudget = overIndexBudget(parts.indexText, this.layout);
    const ok = Object.values(result).every((paths) => paths.length === 0) && !indexOverBudget;
    const readText = async (path: string) => {
      const read = await this.read(path).catch(() => undefined);
      return read?.exists ? read.content : undefined;
    };
    // Both line checks read each file once between them.
    const lines = await factLines(readText, rows);
    return {
      ok,
      ...result,
      linkGaps: linkGaps(rows),
      sameFactTwoLanguages: twoLanguagePairs(lines.dated),
      sameSubject: sameSubjectFiles(rows),
      updatedValueKept: updatedValueKept(lines.all),
      emptyBody: lines.emptyBody,
      indexOverBudget,
    };
  }

  /**
   * The generated text of `MEMORY.md` for the folder as it is now: the header and one line per
   * file (a rebuild also keeps, after them, the lines a person wrote in the file).
   *
   * @returns The index text (see {@link formatMemoryIndex}).
   * @example const index = await store.renderIndex();
   */
  async renderIndex(): Promise<string> {
    return formatMemoryIndex((await indexableRows(await this.list())).rows);
  }

  /**
   * Read the stored `MEMORY.md` as it is now (hand-written lines and a stale index included), to
   * show it; {@link read} refuses the path, as the index is written only by the store.
   *
   * @returns `{ path: "MEMORY.md", exists: false, version: "new" }` when there is no index (or
   *   `MEMORY.md` is a link or a folder), else `{ path, exists: true, version, content }`; as for
   *   {@link read}, an index that is not text (invalid UTF-8, NUL bytes) comes decoded leniently
   *   with `notText` saying why, and one over 16 times the cap is not read (`content` `""`).
   * @example const index = await store.readIndex(); if (index.exists) console.log(index.content);
   */
  async readIndex(): Promise<ReadResult> {
    const content = await this.#engine.readIndex();
    if (content === undefined)
      return { path: MEMORY_INDEX_FILE, exists: false, version: NEW_VERSION };
    if (typeof content !== "string") {
      return {
        path: MEMORY_INDEX_FILE,
        exists: true,
        version: versionToken(content.content),
        ...content,
      };
    }
    return { path: MEMORY_INDEX_FILE, exists: true, version: versionToken(content), content };
  }

  /**
   * Rewrite `MEMORY.md` from the files now, under the lock (after hand edits, for example),
   * keeping the words a person wrote in it (see `formatMemoryIndex`, `indexRows`).
   *
   * @param previous - An index from another store whose person's words to keep instead of this
   *   store's own (`copyMemory` moving a folder's `MEMORY.md` into PostgreSQL); default the
   *   stored index.
   * @returns Resolves once `MEMORY.md` is written.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @throws {MemoryPathError} when `MEMORY.md` is a symbolic link (a folder only); nothing is written.
   * @example await store.rebuildIndex();
   */
  async rebuildIndex(previous?: string): Promise<void> {
    return this.#engine.rebuildIndex(previous);
  }

  /**
   * Runs `fn` with `MEMORY.md` rewritten once at its end instead of after each write and delete
   * inside it (the write pass). Calls may nest; the rebuild runs when the outermost ends, also
   * when `fn` throws.
   *
   * @param fn - The writes.
   * @returns What `fn` returns.
   * @throws What `fn` throws; {@link MemoryLockError} when the rebuild's lock cannot be taken.
   * @example await store.deferIndex(async () => { for (const edit of edits) await store.write(...edit); });
   */
  deferIndex<T>(fn: () => Promise<T>): Promise<T> {
    return this.#engine.deferIndex(fn);
  }

  /**
   * Run `fn` under this folder's lock (see {@link withStoreLock}); store calls made inside it
   * join the held lock instead of waiting for it.
   *
   * @param fn - Work to do under the lock.
   * @returns What `fn` returns.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example await store.withLock(async () => { ...read, decide, write... });
   */
  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.#engine.withLock(fn);
  }

  /**
   * Reads a file of this store's `.memfiles/` folder (see {@link readInternalFile}).
   *
   * @param relativePath - Path inside `.memfiles/`, e.g. `tombstones.json`.
   * @param options - `{ firstLine?, firstBytes? }`: only the first line, or the first bytes, are
   *   needed (a folder reads no more; a backend may return the whole text).
   * @returns The text, or `undefined` when the file does not exist.
   * @throws {MemoryPathError} when the name is not a plain relative name.
   * @example const text = (await store.readInternal("tombstones.json")) ?? "";
   */
  readInternal(relativePath: string, options?: ReadInternalOptions): Promise<string | undefined> {
    return this.#engine.readInternal(relativePath, options);
  }

  /**
   * Replaces a file of this store's `.memfiles/` folder atomically, under the store lock (see
   * {@link writeInternalFile}).
   *
   * @param relativePath - Path inside `.memfiles/`, e.g. `tombstones.json`.
   * @param text - The whole new text.
   * @param options - {@link InternalWriteOptions}: `{ createFolder: false }` for a read's state.
   * @returns Resolves once the file is written.
   * @throws {MemoryPathError} when the name is not a plain relative name.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @throws {MemoryWriteError} `folder_missing` when `createFolder` is `false` and there is no folder.
   * @example await store.writeInternal("tombstones.json", JSON.stringify(file));
   */
  writeInternal(relativePath: string, text: string, options?: InternalWriteOptions): Promise<void> {
    return this.#engine.writeInternal(relativePath, text, options);
  }

  /**
   * Appends to a file of this store's `.memfiles/` folder, under the store lock unless
   * `lock: false` on a folder (see {@link appendInternalFile}; a database store always locks).
   *
   * @param relativePath - Path inside `.memfiles/`, e.g. `usage.jsonl`.
   * @param text - Text to append (include the line break).
   * @param options - {@link InternalWriteOptions}: `{ createFolder: false }` for a read's state,
   *   `{ lock: false }` for a log each of whose lines a reader checks on its own.
   * @returns Resolves once the text is appended.
   * @throws {MemoryPathError} when the name is not a plain relative name.
   * @throws {MemoryLockError} when the lock cannot be taken (never on a folder with `lock: false`).
   * @throws {MemoryWriteError} `folder_missing` when `createFolder` is `false` and there is no folder.
   * @example await store.appendInternal("usage.jsonl", `${JSON.stringify(record)}\n`);
   */
  appendInternal(
    relativePath: string,
    text: string,
    options?: InternalWriteOptions,
  ): Promise<void> {
    return this.#engine.appendInternal(relativePath, text, options);
  }

  // Files a killed forget was removing lines from (its journal), or the journal itself when it
  // cannot be read or parsed.
  async #pendingForget(): Promise<string[]> {
    let text: string | undefined;
    try {
      text = await this.#engine.readJournal();
    } catch {
      return [PENDING_FORGET_FILE];
    }
    if (text === undefined || text.trim() === "") return [];
    try {
      const journal = JSON.parse(text) as { lines?: Array<{ path?: unknown }> };
      const paths = (journal.lines ?? []).map((line) => String(line.path));
      return [...new Set(paths)].sort();
    } catch {
      return [`${INTERNAL_FOLDER}/${PENDING_FORGET_FILE}`];
    }
  }
}
