import { type Dirent, lstatSync, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { mkdir, realpath, rmdir, unlink } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import {
  boundedRead,
  errorCode,
  isInsideOrSame,
  isMissing,
  isResourceLimit,
} from "../file-system/index.js";
import { factLinks } from "../format/fact-file.js";
import { safeParseMemoryFile } from "../format/memory-file.js";
import type { MemoryProblem } from "../format/memory-problem.js";
import { foldFileName } from "../text/index.js";
import { BackendStore } from "./backend/backend-store.js";
import type { StorageBackend } from "./backend/storage-backend.js";
import { checkRows, linkGaps, sameFactTwoLanguages } from "./check-rows.js";
import { isLeftoverTemp, readFileInside, writeFileInside } from "./inside-root.js";
import { appendInternalFile, readInternalFile, writeInternalFile } from "./internal-files.js";
import { keepIndexDescriptions } from "./keep-index-descriptions.js";
import { formatMemoryIndex } from "./memory-index.js";
import {
  MEMORY_INDEX_FILE,
  parseMemoryPath,
  resolveMemoryPath,
  safeParseMemoryPath,
} from "./memory-path.js";
import { MemoryPathError } from "./memory-path-error.js";
import {
  INTERNAL_FOLDER,
  PENDING_FORGET_FILE,
  realRootOf,
  type StoreLockOptions,
  withStoreLock,
} from "./store-lock.js";
import { decodeText, encodeText, restoreLineBreaks } from "./text-encoding.js";
import type {
  CheckResult,
  MemoryRow,
  MemoryStoreOptions,
  ReadResult,
  StoreLayout,
  WriteResult,
} from "./types.js";
import { NEW_VERSION, versionToken } from "./version-token.js";

const BOM = "\uFEFF";

/** The seed design's size cap per memory file, in chars. */
export const DEFAULT_MAX_CHARS = 12_000;

// A file changed within this window of being cached may change again without moving its mtime on
// a coarse-clock file system (git's "racy clean" problem), so it is re-read until it is older.
const RACY_WINDOW_MS = 2_000;
const STAT_SLICE = 500;

type CacheEntry = { key: string; trusted: boolean; row: MemoryRow };
type Candidate = { path: string; absolute: string };

function statKey(stats: Stats): string {
  return `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}:${stats.ino}:${stats.dev}`;
}

/**
 * Build the `list()` row of one memory file from its text. Never throws: problems are values.
 *
 * @param path - Memory path, e.g. `topics/tools.md`.
 * @param text - The file text.
 * @param maxChars - Size cap in chars, for the `over_cap` problem.
 * @param layout - The folder's layout (default `subject`); in the `fact` layout a body is prose,
 *   so undated lines are not problems.
 * @returns The row; `problems` and `links` only when there are some.
 * @example rowFromText("topics/tools.md", "---\nname: tools\ndescription: Dev tools.\n---\n", 12_000)
 */
export function rowFromText(
  path: string,
  text: string,
  maxChars: number = DEFAULT_MAX_CHARS,
  layout: StoreLayout = "subject",
): MemoryRow {
  const row: MemoryRow = { path, name: basename(path, ".md"), description: "", chars: text.length };
  const problems: MemoryProblem[] = [];
  const parsed = safeParseMemoryFile(text, { path });
  if (parsed.success) {
    const { header } = parsed.value;
    if (header.name) row.name = header.name;
    if (header.description) row.description = header.description;
    if (header.updated) row.updated = header.updated;
    if (header.type) row.type = header.type;
    if (header.scope) row.scope = header.scope;
    const links = factLinks(
      header.extra?.links,
      parsed.value.lines.map((line) => line.text).join("\n"),
    );
    if (links.length > 0) row.links = links;
    problems.push(
      ...(layout === "fact"
        ? parsed.value.problems.filter((problem) => !PROSE_PROBLEMS.has(problem.code))
        : parsed.value.problems),
    );
  } else {
    problems.push({
      code: parsed.error.code === "header_too_long" ? "header_too_long" : "unparsable_header",
      message: parsed.error.message,
      ...(parsed.error.line === undefined ? {} : { line: parsed.error.line }),
    });
  }
  if (text.length > maxChars) {
    problems.push({
      code: "over_cap",
      message: `${path} is ${text.length} chars, over the ${maxChars}-char cap. Consolidate it or split it by subject.`,
    });
  }
  if (problems.length > 0) row.problems = problems;
  return row;
}

// Problems of a subject file's body that a fact file's prose body has by design.
const PROSE_PROBLEMS = new Set(["undated_line", "invalid_date"]);

// Problems that make memfiles leave a file as it is (see `CheckResult.notEditable`).
const NOT_EDITABLE = new Set([
  "not_text",
  "unparsable_header",
  "header_too_long",
  "too_large",
  "unreadable",
]);

// A file this many times over the cap (in bytes, so UTF-16 text counts too) is not read at all by
// list(): reported, never parsed, so one huge file cannot stall every call that lists the folder.
const TOO_LARGE_FACTOR = 16;

function notEditable(rows: readonly MemoryRow[]): Array<{ path: string; reason: string }> {
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.path.split("/").map(foldFileName).join("/");
    byName.set(key, [...(byName.get(key) ?? []), row.path]);
  }
  const found: Array<{ path: string; reason: string }> = [];
  for (const row of rows) {
    const problem = row.problems?.find((candidate) => NOT_EDITABLE.has(candidate.code));
    if (problem) found.push({ path: row.path, reason: problem.message });
    const alike = (byName.get(row.path.split("/").map(foldFileName).join("/")) ?? []).filter(
      (path) => path !== row.path,
    );
    if (alike.length > 0 && !problem) {
      found.push({
        path: row.path,
        reason: `${row.path} differs from ${alike.join(", ")} only in case or Unicode normalization: one file on macOS and Windows, two here. Merge them by hand into one file.`,
      });
    }
  }
  return found;
}

/**
 * A folder of markdown memory files (seed design "Store"): list, read with a version token,
 * write and delete only with the current token, a size cap, a path guard that keeps every read
 * and write inside the folder, atomic writes under a cross-process lock, and the generated
 * `MEMORY.md` index rewritten after every write and delete.
 *
 * @example
 * const store = new MemoryStore({ root: "memory" });
 * const current = await store.read("topics/tools.md");
 * const result = await store.write("topics/tools.md", text, current.version);
 * if (!result.ok && result.code === "version_conflict") { ... re-apply on result.current ... }
 */
export class MemoryStore {
  /** Absolute path of the memory folder. */
  readonly root: string;
  /** Size cap per file in chars (default 12,000, the seed design's). */
  readonly maxChars: number;
  /** The folder's layout: `subject` (default) or `fact` (see {@link StoreLayout}). */
  readonly layout: StoreLayout;
  readonly #lockOptions: StoreLockOptions;
  readonly #cache = new Map<string, CacheEntry>();
  #indexSeen: { key: string; text: string } | undefined;
  // Set when the store was opened with `{ backend }`: every public method goes there instead.
  readonly #backed: BackendStore | undefined;

  /**
   * Opens a memory folder; nothing is read or created until the first call.
   *
   * @param options - `{ root, maxChars?, layout?, lockStaleMs?, lockWaitMs? }`: the folder (absolute or
   *   relative, created on first write), the size cap in chars (default 12,000), the layout
   *   (`subject`, the default, or `fact`: one fact per file, see `StoreLayout`), and the lock's
   *   stale limit (ms, default 10,000, at least 2,000) and wait limit (ms, default 30,000). Or
   *   `{ backend, maxChars?, layout? }`: memory kept elsewhere than a folder (a {@link StorageBackend},
   *   e.g. `@memfiles/pg`), with the same API, rules and results; `root` is then `backend.label`.
   * @throws {TypeError} when neither `root` nor `backend` is given.
   * @example const store = new MemoryStore({ root: "memory", maxChars: 12_000 });
   */
  constructor(options: MemoryStoreOptions) {
    if (options.backend !== undefined) {
      this.root = options.backend.label;
      this.maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
      this.layout = options.layout ?? "subject";
      this.#lockOptions = {};
      const layout = this.layout;
      this.#backed = new BackendStore({
        backend: options.backend,
        maxChars: this.maxChars,
        toRow: (path, text, maxChars) => rowFromText(path, text, maxChars, layout),
        notEditable,
      });
      return;
    }
    if (typeof options.root !== "string") {
      throw new TypeError("new MemoryStore(...) needs { root } (a folder) or { backend }.");
    }
    this.root = resolve(options.root);
    this.maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
    this.layout = options.layout ?? "subject";
    this.#lockOptions = {
      ...(options.lockStaleMs === undefined ? {} : { staleMs: options.lockStaleMs }),
      ...(options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs }),
    };
  }

  /**
   * Every memory file with its header fields and problems, sorted by path (code-unit order, so
   * prompts built from it are byte-stable). Skips `MEMORY.md`, dot-files and dot-folders, names
   * the path guard refuses, and links it will not follow (they resolve outside the folder, point
   * nowhere or at a file that is not a memory file): every row can be read, and `check()` reports
   * the skipped links in `linksOutside`. Never throws because of one
   * bad file: an unreadable or unparsable file is a row with `problems`. Rows are cached by each
   * file's (mtime, ctime, size, inode), so a file edited by hand is read again on the next call.
   * At most `READ_CONCURRENCY` (64) files are read at once, so a folder of any size stays under
   * the process's open-file limit and never holds every file in memory.
   *
   * @returns Rows `{ path, name, description, chars, updated?, type?, problems? }`.
   * @throws {Error} file-system errors on the folder itself (such as `EACCES` resolving the root);
   *   a missing folder lists as `[]`, and a bad file is a row with `problems`. A resource error
   *   (`EMFILE`, `ENFILE`, `EAGAIN`) still there after retries is thrown, never made a row.
   * @example for (const row of await store.list()) console.log(row.path, row.description);
   */
  async list(): Promise<MemoryRow[]> {
    if (this.#backed) return this.#backed.list();
    const realRoot = await this.#existingRealRoot();
    if (realRoot === undefined) {
      this.#cache.clear();
      return [];
    }
    const candidates: Candidate[] = [];
    this.#walk(realRoot, realRoot, "", candidates);
    const rows: MemoryRow[] = [];
    const stale: Array<{ candidate: Candidate; stats: Stats }> = [];
    const seen = new Set<string>();
    // Synchronous stat in slices: several times cheaper than 10,000 promise round trips through
    // the thread pool (bench/store.bench.ts), while still yielding to the event loop.
    for (let start = 0; start < candidates.length; start += STAT_SLICE) {
      if (start > 0) await new Promise((resolveSlice) => setImmediate(resolveSlice));
      for (const candidate of candidates.slice(start, start + STAT_SLICE)) {
        let stats: Stats | undefined;
        try {
          stats = statSync(candidate.absolute, { throwIfNoEntry: false });
        } catch (error) {
          if (isResourceLimit(error)) throw error;
          rows.push(this.#unreadable(candidate.path, error));
          continue;
        }
        if (!stats?.isFile()) continue;
        seen.add(candidate.path);
        const cached = this.#cache.get(candidate.path);
        if (cached?.trusted && cached.key === statKey(stats)) rows.push(cached.row);
        else stale.push({ candidate, stats });
      }
    }
    // boundedRead keeps READ_CONCURRENCY reads in flight: never every file open at once.
    const fresh = await Promise.all(
      stale.map(({ candidate, stats }) => this.#readRow(realRoot, candidate, stats)),
    );
    for (const row of fresh) if (row) rows.push(row);
    for (const path of this.#cache.keys()) if (!seen.has(path)) this.#cache.delete(path);
    rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    // Copies, so a caller editing a row cannot change what later calls return from the cache.
    return rows.map((row) => (row.problems ? { ...row, problems: [...row.problems] } : { ...row }));
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
    if (this.#backed) return this.#backed.read(path);
    const relative = parseMemoryPath(path);
    const realRoot = await this.#existingRealRoot();
    if (realRoot === undefined) return { path: relative, exists: false, version: NEW_VERSION };
    const resolved = await resolveMemoryPath(realRoot, relative);
    return this.#readTarget(realRoot, resolved.path, resolved.target);
  }

  /**
   * Replace a memory file's text, only if its version token is still `ifVersion`. The write is
   * atomic (temp file created exclusively, fsync, rename; see `writeFileInside`) and made under the folder's
   * cross-process lock, so two writers holding the same token can never both succeed. Rewrites
   * `MEMORY.md` afterwards. A file keeps its encoding (UTF-8, or UTF-16 LE/BE with its byte order
   * mark; see `decodeText`) and its BOM; a new file is UTF-8. A path that differs from an existing
   * file's only in case or Unicode normalization (`people/dgia.md` when `people/DGIA.md` exists)
   * addresses that file, on every platform (see `resolveMemoryPath`).
   *
   * @param path - Memory path, e.g. `topics/tools.md`; missing folders are created.
   * @param content - The whole new text; at most `maxChars` chars, or, for a file already over
   *   the cap (edited by hand), any text shorter than the file is now: such a write moves toward
   *   the cap, so `forget` and consolidation can always remove lines from it.
   * @param ifVersion - The token from `read()` (`"new"` to create a file that must not exist).
   * @returns `{ ok: true, code: "written", version }`, or `{ ok: false, code: "version_conflict", message, current }`
   *   when the file changed since it was read, or `{ ok: false, code: "too_long", message }` when
   *   the text is over the cap and not shorter than the file's current text, or
   *   `{ ok: false, code: "not_text", message }` when the file on disk is not valid text (see
   *   `ReadResult.notText`): it is never rewritten damaged. The file is left as it was.
   * @throws {MemoryPathError} when the path is not allowed, or goes through a link that resolves
   *   outside the folder.
   * @throws {TypeError} when `content` is not a string.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example
   * const current = await store.read("profile.md");
   * await store.write("profile.md", text, current.version);
   */
  async write(path: string, content: string, ifVersion: string): Promise<WriteResult> {
    if (this.#backed) return this.#backed.write(path, content, ifVersion);
    const relative = parseMemoryPath(path);
    if (typeof content !== "string") {
      throw new TypeError(
        `store.write(${JSON.stringify(path)}, ...) needs the content as a string.`,
      );
    }
    const before = await this.read(relative);
    // Over the cap, only a write that shortens the file is allowed: it moves toward the cap, and
    // without it a file edited by hand past the cap could never lose a line (not even to forget).
    if (
      content.length > this.maxChars &&
      !(before.exists && content.length < before.content.length)
    ) {
      return {
        ok: false,
        code: "too_long",
        message: `Refused to write ${relative}: ${content.length} chars is over the ${this.maxChars}-char cap${before.exists && before.content.length > this.maxChars ? ` and not shorter than the ${before.content.length} chars it has now` : ""}. Consolidate the file (merge and drop lines) or split it by subject.`,
      };
    }
    // A token that is already stale stays a conflict: answer without queueing for the lock.
    if (before.version !== ifVersion) return conflict(relative, ifVersion, before);
    return this.withLock(async () => {
      const realRoot = await this.#realRoot();
      const resolved = await resolveMemoryPath(realRoot, relative);
      // Every write happens under the lock, so a temp file seen now was left by a killed write.
      // Only the folders this write touches are looked at (a whole-tree walk per write would not
      // scale); check() reports the rest.
      await removeLeftoverTemps([
        dirname(resolved.target),
        realRoot,
        join(realRoot, INTERNAL_FOLDER),
      ]);
      const current = await this.#readTarget(realRoot, relative, resolved.target);
      if (current.version !== ifVersion) return conflict(relative, ifVersion, current);
      if (current.exists && current.notText !== undefined) {
        return {
          ok: false,
          code: "not_text",
          message: `Refused to write ${relative}: ${current.notText}, then try again. It was left as it is, so nothing in it is damaged.`,
        };
      }
      // The file keeps its encoding and its byte order mark (UTF-16 always has one).
      const text =
        current.exists && current.content.startsWith(BOM) && !content.startsWith(BOM)
          ? BOM + content
          : content;
      await mkdir(dirname(resolved.target), { recursive: true });
      await writeFileInside(
        realRoot,
        resolved.target,
        encodeText(
          current.exists ? restoreLineBreaks(text, current.lineBreaks) : text,
          current.exists ? (current.encoding ?? "utf-8") : "utf-8",
        ),
      );
      await this.#refreshIndex(realRoot);
      return { ok: true, code: "written", version: versionToken(content) };
    });
  }

  /**
   * Delete a memory file, only if its version token is still `ifVersion` when one is given.
   * Deleting a missing file succeeds. Empty folders left behind are removed. Rewrites `MEMORY.md`.
   * A link is removed, not its target. A link the store will not follow (it resolves outside the
   * folder, points nowhere, or points at a file that is not a memory file; `check()` lists them in
   * `linksOutside`) is removed too, without reading or touching its target: it has no version, so
   * `ifVersion` is not checked for it.
   *
   * @param path - Memory path, e.g. `topics/old.md`.
   * @param ifVersion - The token from `read()`; omit to delete whatever is there.
   * @returns `{ ok: true, code: "deleted", version: "new" }` or `{ ok: false, code: "version_conflict", message, current }`.
   * @throws {MemoryPathError} when the path is not allowed, or a folder on it is a link the store
   *   will not follow.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example await store.delete("topics/old.md", (await store.read("topics/old.md")).version);
   */
  async delete(path: string, ifVersion?: string): Promise<WriteResult> {
    if (this.#backed) return this.#backed.delete(path, ifVersion);
    const relative = parseMemoryPath(path);
    const realRoot = await this.#existingRealRoot();
    if (realRoot === undefined) return { ok: true, code: "deleted", version: NEW_VERSION };
    if ((await refusedLink(realRoot, relative)) !== undefined) {
      return this.withLock(async () => {
        const lockedRoot = await this.#realRoot();
        const link = await refusedLink(lockedRoot, relative);
        if (link === undefined) return this.#deleteLocked(lockedRoot, relative, ifVersion);
        await unlink(link);
        await removeEmptyFolders(lockedRoot, dirname(link));
        await this.#refreshIndex(lockedRoot);
        return { ok: true, code: "deleted", version: NEW_VERSION };
      });
    }
    const before = await this.read(relative);
    if (ifVersion !== undefined && before.version !== ifVersion) {
      return conflict(relative, ifVersion, before);
    }
    if (!before.exists) return { ok: true, code: "deleted", version: NEW_VERSION };
    return this.withLock(async () =>
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
      return conflict(relative, ifVersion, current);
    }
    if (current.exists) {
      await unlink(resolved.location);
      await removeEmptyFolders(realRoot, dirname(resolved.location));
    }
    await this.#refreshIndex(realRoot);
    return { ok: true, code: "deleted", version: NEW_VERSION };
  }

  /**
   * Compare the folder with its `MEMORY.md`: files the index does not list, index lines that
   * point at no file, index lines whose text is out of date, files without a description, files
   * over the cap; and links the store will not follow, which `list()` skips (they resolve outside
   * the folder, point nowhere, or point at a file that is not a memory file): remove a file link
   * with `delete()`, a folder link by hand. A hand edit shows up here until the next write or
   * `rebuildIndex()`.
   *
   * Also every file memfiles will not edit, with why (`notEditable`): not valid UTF-8 or UTF-16
   * text, front matter it cannot read, or a name another file differs from only in case or
   * Unicode normalization.
   *
   * @returns `{ ok, missingFromIndex, indexWithoutFile, outdatedIndexLines, withoutDescription,
   *   overCap, linksOutside, notEditable }` (paths relative to the folder; `notEditable` holds
   *   `{ path, reason }`).
   * @example const report = await store.check(); if (!report.ok) console.log(report);
   */
  async check(): Promise<CheckResult> {
    if (this.#backed) return this.#backed.check();
    const rows = await this.list();
    const realRoot = await this.#existingRealRoot();
    const indexPath = join(realRoot ?? this.root, MEMORY_INDEX_FILE);
    // Only a real file counts as the index; a link named MEMORY.md is not followed.
    const indexText =
      realRoot !== undefined && lstatSync(indexPath, { throwIfNoEntry: false })?.isFile()
        ? ((await readFileInside(realRoot, indexPath).catch(() => undefined))?.toString("utf8") ??
          "")
        : "";
    const result = {
      ...checkRows(rows, indexText, this.maxChars),
      linksOutside: await this.#refusedLinks(),
      notEditable: notEditable(rows),
      leftoverTempFiles:
        realRoot === undefined
          ? []
          : leftoverTemps(realRoot, realRoot).map((path) =>
              relative(realRoot, path).split(sep).join("/"),
            ),
      pendingForget: await this.#pendingForget(),
    };
    const ok = Object.values(result).every((paths) => paths.length === 0);
    const twoLanguages = await sameFactTwoLanguages(async (path) => {
      const read = await this.read(path).catch(() => undefined);
      return read?.exists ? read.content : undefined;
    }, rows);
    return { ok, ...result, linkGaps: linkGaps(rows), sameFactTwoLanguages: twoLanguages };
  }

  /**
   * The text of `MEMORY.md` for the folder as it is now (what the next write would write).
   *
   * @returns The index text (see {@link formatMemoryIndex}).
   * @example const index = await store.renderIndex();
   */
  async renderIndex(): Promise<string> {
    if (this.#backed) return this.#backed.renderIndex();
    return formatMemoryIndex(await this.list());
  }

  /**
   * Rewrite `MEMORY.md` from the files now, under the lock (after hand edits, for example).
   *
   * @returns Resolves once `MEMORY.md` is written.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example await store.rebuildIndex();
   */
  async rebuildIndex(): Promise<void> {
    if (this.#backed) return this.#backed.rebuildIndex();
    await this.withLock(async () => this.#refreshIndex(await this.#realRoot()));
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
    if (this.#backed) return this.#backed.withLock(fn);
    return withStoreLock(this.root, fn, this.#lockOptions);
  }

  /**
   * Reads a file of this store's `.memfiles/` folder (see {@link readInternalFile}).
   *
   * @param relativePath - Path inside `.memfiles/`, e.g. `tombstones.json`.
   * @returns The text, or `undefined` when the file does not exist.
   * @throws {MemoryPathError} when the name is not a plain relative name.
   * @example const text = (await store.readInternal("tombstones.json")) ?? "";
   */
  readInternal(relativePath: string): Promise<string | undefined> {
    if (this.#backed) return this.#backed.readInternal(relativePath);
    return readInternalFile(this.root, relativePath);
  }

  /**
   * Replaces a file of this store's `.memfiles/` folder atomically, under the store lock (see
   * {@link writeInternalFile}).
   *
   * @param relativePath - Path inside `.memfiles/`, e.g. `tombstones.json`.
   * @param text - The whole new text.
   * @returns Resolves once the file is written.
   * @throws {MemoryPathError} when the name is not a plain relative name.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example await store.writeInternal("tombstones.json", JSON.stringify(file));
   */
  writeInternal(relativePath: string, text: string): Promise<void> {
    if (this.#backed) return this.#backed.writeInternal(relativePath, text);
    return writeInternalFile(this.root, relativePath, text, this.#lockOptions);
  }

  /**
   * Appends to a file of this store's `.memfiles/` folder, under the store lock (see
   * {@link appendInternalFile}).
   *
   * @param relativePath - Path inside `.memfiles/`, e.g. `usage.jsonl`.
   * @param text - Text to append (include the line break).
   * @returns Resolves once the text is appended.
   * @throws {MemoryPathError} when the name is not a plain relative name.
   * @throws {MemoryLockError} when the lock cannot be taken.
   * @example await store.appendInternal("usage.jsonl", `${JSON.stringify(record)}\n`);
   */
  appendInternal(relativePath: string, text: string): Promise<void> {
    if (this.#backed) return this.#backed.appendInternal(relativePath, text);
    return appendInternalFile(this.root, relativePath, text, this.#lockOptions);
  }

  async #pendingForget(): Promise<string[]> {
    if ((await this.#existingRealRoot()) === undefined) return [];
    let text: string | undefined;
    try {
      text = await this.readInternal(PENDING_FORGET_FILE);
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

  async #existingRealRoot(): Promise<string | undefined> {
    try {
      return await realpath(this.root);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async #refusedLinks(): Promise<string[]> {
    const realRoot = await this.#existingRealRoot();
    if (realRoot === undefined) return [];
    const links: string[] = [];
    this.#walk(realRoot, realRoot, "", [], links);
    return links.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  #realRoot(): Promise<string> {
    return realRootOf(this.root);
  }

  async #readTarget(realRoot: string, path: string, target: string): Promise<ReadResult> {
    // No-follow read, with at most READ_CONCURRENCY reads in flight (resource errors retried).
    const bytes = await boundedRead(() => readFileInside(realRoot, target));
    if (bytes === undefined) return { path, exists: false, version: NEW_VERSION };
    const decoded = decodeText(bytes);
    const version = versionToken(decoded.text);
    if (!decoded.ok) {
      return { path, exists: true, version, content: decoded.text, notText: decoded.reason };
    }
    const breaks = decoded.lineBreaks === undefined ? {} : { lineBreaks: decoded.lineBreaks };
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

  async #refreshIndex(realRoot: string): Promise<void> {
    let rows = await this.list();
    let text = formatMemoryIndex(rows);
    const indexPath = join(realRoot, MEMORY_INDEX_FILE);
    const stats = lstatSync(indexPath, { throwIfNoEntry: false });
    if (stats?.isFile()) {
      const key = statKey(stats);
      const current =
        this.#indexSeen?.key === key
          ? this.#indexSeen.text
          : ((await readFileInside(realRoot, indexPath))?.toString("utf8") ?? "");
      this.#indexSeen = { key, text: current };
      if (this.layout === "fact") {
        // A hand-made MEMORY.md's words for a file without `description:` are kept (issue 13).
        rows = keepIndexDescriptions(rows, current);
        text = formatMemoryIndex(rows);
      }
      if (current === text) return;
    } else if (stats?.isSymbolicLink()) {
      // Never write through a link named MEMORY.md: it could point outside the folder.
      await unlink(indexPath);
    } else if (stats) {
      return; // A folder or special file named MEMORY.md is left alone; check() reports the index.
    }
    // Atomic (readers never see half an index) but not fsync'd: the index is derived data, never
    // read back as truth, rebuilt by the next write; check() reports one left stale by a crash.
    await writeFileInside(realRoot, indexPath, text, { fsync: false });
    this.#indexSeen = undefined;
  }

  // Synchronous: a memory folder has few folders, and readdirSync skips a thread-pool round trip
  // per folder, which dominates list() once rows are cached.
  #walk(
    realRoot: string,
    folder: string,
    prefix: string,
    out: Candidate[],
    refusedLinks?: string[],
  ): void {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error) || errorCode(error) === "EACCES") return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      const absolute = join(folder, entry.name);
      if (entry.isDirectory()) {
        this.#walk(realRoot, absolute, path, out, refusedLinks);
      } else if (entry.isSymbolicLink() && refusedLinks && leavesRoot(realRoot, absolute)) {
        refusedLinks.push(path);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        if (!entry.name.endsWith(".md")) continue;
        // A cached path already passed the guard; the check is a pure function of the string.
        if (!this.#cache.has(path) && !safeParseMemoryPath(path).success) continue;
        if (entry.isSymbolicLink() && !followsLink(realRoot, absolute)) {
          refusedLinks?.push(path);
          continue;
        }
        out.push({ path, absolute });
      }
    }
  }

  async #readRow(
    realRoot: string,
    candidate: Candidate,
    stats: Stats,
  ): Promise<MemoryRow | undefined> {
    if (stats.size > this.maxChars * TOO_LARGE_FACTOR) {
      const row: MemoryRow = {
        path: candidate.path,
        name: basename(candidate.path, ".md"),
        description: "",
        chars: stats.size,
        problems: [
          {
            code: "too_large",
            message: `${candidate.path} is ${stats.size} bytes, over ${TOO_LARGE_FACTOR} times the ${this.maxChars}-char cap; it was not read. Split it by hand or move it out of the memory folder.`,
          },
        ],
      };
      this.#cache.set(candidate.path, { key: statKey(stats), trusted: true, row });
      return row;
    }
    let bytes: Buffer | undefined;
    try {
      // A link (already checked to stay inside) is read at its target, which must not be a link.
      // boundedRead keeps READ_CONCURRENCY reads in flight and retries resource errors.
      bytes = await boundedRead(async () => {
        const real = await realpath(candidate.absolute);
        if (!followsReal(realRoot, real)) return undefined;
        return readFileInside(realRoot, real);
      });
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (error instanceof MemoryPathError) return undefined;
      // Out of descriptors even after retries: says nothing about the file, so it is no row.
      if (isResourceLimit(error)) throw error;
      return this.#unreadable(candidate.path, error);
    }
    if (bytes === undefined) return undefined;
    const decoded = decodeText(bytes);
    const row = rowFromText(candidate.path, decoded.text, this.maxChars, this.layout);
    if (!decoded.ok) {
      row.problems = [
        { code: "not_text", message: `${candidate.path}: ${decoded.reason}.` },
        ...(row.problems ?? []),
      ];
    }
    // Keyed by the stat taken before the read: an edit landing in between changes the stat, so
    // the next call reads again rather than trusting a row older than the file.
    const trusted = Date.now() - Math.max(stats.mtimeMs, stats.ctimeMs) > RACY_WINDOW_MS;
    this.#cache.set(candidate.path, { key: statKey(stats), trusted, row });
    return row;
  }

  #unreadable(path: string, error: unknown): MemoryRow {
    this.#cache.delete(path);
    const reason = error instanceof Error ? error.message : String(error);
    return {
      path,
      name: basename(path, ".md"),
      description: "",
      chars: 0,
      problems: [
        { code: "unreadable", message: `Cannot read ${path}: ${reason}. Check its permissions.` },
      ],
    };
  }
}

function conflict(path: string, ifVersion: string, current: ReadResult): WriteResult {
  return {
    ok: false,
    code: "version_conflict",
    message: `Refused to change ${path}: it was read at version ${ifVersion} but is now ${current.version}. Read it again, re-apply the change to the current text, and write with the new version token.`,
    current,
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

async function removeLeftoverTemps(folders: readonly string[]): Promise<void> {
  for (const folder of new Set(folders)) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (isLeftoverTemp(name)) await unlink(join(folder, name)).catch(() => {});
    }
  }
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

async function removeEmptyFolders(realRoot: string, folder: string): Promise<void> {
  let current = folder;
  while (current !== realRoot && isInsideOrSame(realRoot, current)) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
    current = dirname(current);
  }
}
