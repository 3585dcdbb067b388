import { checkRows, linkGaps, sameFactTwoLanguages } from "../check-rows.js";
import { parseInternalName } from "../internal-files.js";
import { formatMemoryIndex } from "../memory-index.js";
import { parseMemoryPath } from "../memory-path.js";
import { INTERNAL_FOLDER, PENDING_FORGET_FILE } from "../store-lock.js";
import type { CheckResult, MemoryRow, ReadResult, WriteResult } from "../types.js";
import { NEW_VERSION } from "../version-token.js";
import { withBackendLock } from "./backend-lock.js";
import type { StorageBackend, StoredFile } from "./storage-backend.js";

const BOM = "\uFEFF";

/** What `MemoryStore` hands its backend path: the backend and the rules it shares with the folder path. */
export type BackendStoreOptions = {
  backend: StorageBackend;
  /** Size cap per file in chars. */
  maxChars: number;
  /** `rowFromText` of the store (kept in `memory-store.ts`). */
  toRow: (path: string, text: string, maxChars: number) => MemoryRow;
  /** The store's rule for files memfiles will not edit (`CheckResult.notEditable`). */
  notEditable: (rows: readonly MemoryRow[]) => Array<{ path: string; reason: string }>;
};

/**
 * `MemoryStore`'s methods on a {@link StorageBackend}: the same path rules, size cap, rows, index,
 * version tokens, results and messages as on a folder. Used by `MemoryStore` when it is opened with
 * `{ backend }`; callers never see it.
 */
export class BackendStore {
  readonly #backend: StorageBackend;
  readonly #maxChars: number;
  readonly #toRow: BackendStoreOptions["toRow"];
  readonly #notEditable: BackendStoreOptions["notEditable"];
  readonly #cache = new Map<string, { version: string; row: MemoryRow }>();

  constructor(options: BackendStoreOptions) {
    this.#backend = options.backend;
    this.#maxChars = options.maxChars;
    this.#toRow = options.toRow;
    this.#notEditable = options.notEditable;
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
        const row = this.#toRow(file.path, file.content, this.#maxChars);
        this.#cache.set(file.path, { version: file.version, row });
        rows.push(row);
      }
    }
    for (const path of this.#cache.keys()) if (!seen.has(path)) this.#cache.delete(path);
    rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return rows.map((row) => (row.problems ? { ...row, problems: [...row.problems] } : { ...row }));
  }

  async read(path: string): Promise<ReadResult> {
    const relative = parseMemoryPath(path);
    return toRead(relative, await this.#backend.read(relative));
  }

  async write(path: string, content: string, ifVersion: string): Promise<WriteResult> {
    const relative = parseMemoryPath(path);
    if (typeof content !== "string") {
      throw new TypeError(
        `store.write(${JSON.stringify(path)}, ...) needs the content as a string.`,
      );
    }
    const before = await this.read(relative);
    if (
      content.length > this.#maxChars &&
      !(before.exists && content.length < before.content.length)
    ) {
      return {
        ok: false,
        code: "too_long",
        message: `Refused to write ${relative}: ${content.length} chars is over the ${this.#maxChars}-char cap${before.exists && before.content.length > this.#maxChars ? ` and not shorter than the ${before.content.length} chars it has now` : ""}. Consolidate the file (merge and drop lines) or split it by subject.`,
      };
    }
    if (before.version !== ifVersion) return conflict(relative, ifVersion, before);
    const text =
      before.exists && before.content.startsWith(BOM) && !content.startsWith(BOM)
        ? BOM + content
        : content;
    return this.withLock(async () => {
      // One conditional statement in the backend: the token is checked where the row is changed.
      const result = await this.#backend.writeIfVersion(relative, text, ifVersion);
      if (!result.ok) return conflict(relative, ifVersion, toRead(relative, result.current));
      await this.#refreshIndex();
      return { ok: true, code: "written", version: result.version };
    });
  }

  async delete(path: string, ifVersion?: string): Promise<WriteResult> {
    const relative = parseMemoryPath(path);
    const before = await this.read(relative);
    if (ifVersion !== undefined && before.version !== ifVersion) {
      return conflict(relative, ifVersion, before);
    }
    if (!before.exists) return { ok: true, code: "deleted", version: NEW_VERSION };
    return this.withLock(async () => {
      const result = await this.#backend.deleteIfVersion(relative, ifVersion);
      if (!result.ok) {
        return conflict(relative, ifVersion ?? before.version, toRead(relative, result.current));
      }
      await this.#refreshIndex();
      return { ok: true, code: "deleted", version: NEW_VERSION };
    });
  }

  async check(): Promise<CheckResult> {
    const rows = await this.list();
    const result = {
      ...checkRows(rows, (await this.#backend.readIndex()) ?? "", this.#maxChars),
      linksOutside: [],
      notEditable: this.#notEditable(rows),
      leftoverTempFiles: [],
      pendingForget: await this.#pendingForget(),
    };
    const ok = Object.values(result).every((paths) => paths.length === 0);
    const twoLanguages = await sameFactTwoLanguages(async (path) => {
      const read = await this.read(path).catch(() => undefined);
      return read?.exists ? read.content : undefined;
    }, rows);
    return { ok, ...result, linkGaps: linkGaps(rows), sameFactTwoLanguages: twoLanguages };
  }

  async renderIndex(): Promise<string> {
    return formatMemoryIndex(await this.list());
  }

  async rebuildIndex(): Promise<void> {
    await this.withLock(() => this.#refreshIndex());
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return withBackendLock(this.#backend.label, (run) => this.#backend.withLock(run), fn);
  }

  async readInternal(relativePath: string): Promise<string | undefined> {
    return this.#backend.readInternal(parseInternalName(relativePath));
  }

  async writeInternal(relativePath: string, text: string): Promise<void> {
    const name = parseInternalName(relativePath);
    return this.withLock(() => this.#backend.writeInternal(name, text));
  }

  async appendInternal(relativePath: string, text: string): Promise<void> {
    const name = parseInternalName(relativePath);
    return this.withLock(() => this.#backend.appendInternal(name, text));
  }

  async #refreshIndex(): Promise<void> {
    const text = formatMemoryIndex(await this.list());
    if ((await this.#backend.readIndex()) !== text) await this.#backend.writeIndex(text);
  }

  async #pendingForget(): Promise<string[]> {
    const text = await this.readInternal(PENDING_FORGET_FILE);
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

function toRead(path: string, file: StoredFile | undefined): ReadResult {
  return file === undefined
    ? { path, exists: false, version: NEW_VERSION }
    : { path, exists: true, version: file.version, content: file.content };
}

function conflict(path: string, ifVersion: string, current: ReadResult): WriteResult {
  return {
    ok: false,
    code: "version_conflict",
    message: `Refused to change ${path}: it was read at version ${ifVersion} but is now ${current.version}. Read it again, re-apply the change to the current text, and write with the new version token.`,
    current,
  };
}
