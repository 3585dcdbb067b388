import type { BackendWriteResult, MemoryStore, StorageBackend, StoredFile } from "@memfiles/core";
import { versionToken } from "@memfiles/core";

type FileStamp = Awaited<ReturnType<MemoryStore["listStamps"]>>[number];
type ListStampsOptions = Parameters<MemoryStore["listStamps"]>[1];

const DELETED = Symbol("deleted");

/**
 * A storage backend that reads a memory folder and keeps every write in memory: the check
 * pipeline runs on it exactly as on the folder (version tokens, cap, tombstones, the stored recall
 * index), and nothing reaches the disk. What a PreToolUse check needs: the verdict of a write
 * Claude Code is about to make itself. A file is read when a check asks for it: the folder's stat
 * stamps (`listStamps`, no read) bring the stored recall index up to date, so a check the index
 * answers (`candidateFiles`, `indexRows`) reads the files it names, as on the folder; a check
 * that needs every file (`listVersions`) reads the folder whole, once. `MEMORY.md` is never
 * refreshed after a write (`keepsIndex: false`): no check reads it back.
 */
export class DryRunBackend implements StorageBackend {
  /**
   * `dry-run:<folder>`: not the folder's path, so the recall index this process opens for the
   * dry run (its changed files) is not the folder's, and no folder watch is started for it.
   */
  readonly label: string;
  readonly keepsIndex = false;
  readonly #store: MemoryStore;
  readonly #files = new Map<string, string | typeof DELETED>();
  readonly #internal = new Map<string, string | undefined>();
  #index: string | undefined;
  #all: Promise<Map<string, StoredFile>> | undefined;

  readonly #missing: boolean;

  /**
   * @param store - The memory folder read.
   * @param options - `missing: true` when the folder does not exist yet: it reads as empty, and is
   *   not created (reading a missing folder through the store would make it).
   */
  constructor(store: MemoryStore, options: { missing?: boolean } = {}) {
    this.#store = store;
    this.label = `dry-run:${store.root}`;
    this.#missing = options.missing === true;
  }

  // The folder as it is, read once (a check that needs every file). Each file is read
  // without being parsed: the store on this backend parses it for its row, and `readAll` would
  // parse every file a first time for rows nobody reads (at 3,000 files ~0.45 s of CPU of a
  // PreToolUse check). A file the store does not open (past the size cap, hard-linked) reads as
  // empty "not read" text, and one that cannot be read throws: `readAll` leaves both out, so
  // they are left out here.
  #folder(): Promise<Map<string, StoredFile>> {
    if (this.#missing) this.#all ??= Promise.resolve(new Map());
    this.#all ??= (async () => {
      const map = new Map<string, StoredFile>();
      for (const { path } of await this.#store.listStamps()) {
        const file = await this.#store.read(path).catch(() => undefined);
        if (file?.exists !== true || (file.notText !== undefined && file.content === "")) continue;
        map.set(path, { path, content: file.content, version: file.version });
      }
      return map;
    })();
    return this.#all;
  }

  async #current(path: string): Promise<StoredFile | undefined> {
    const changed = this.#files.get(path);
    if (changed === DELETED) return undefined;
    if (changed !== undefined) return { path, content: changed, version: versionToken(changed) };
    if (this.#missing) return undefined;
    const listed = this.#all === undefined ? undefined : (await this.#all).get(path);
    if (listed !== undefined) return listed;
    const file = await this.#store.read(path);
    return file.exists ? { path, content: file.content, version: file.version } : undefined;
  }

  // The folder's stamps, each file this dry run wrote stamped by its text (never a stat's stamp),
  // each it deleted left out.
  async listStamps(known?: ReadonlySet<string>, options?: ListStampsOptions): Promise<FileStamp[]> {
    const stamps = this.#missing ? [] : await this.#store.listStamps(known, options);
    const changed = (path: string) => this.#files.has(path);
    const listed = stamps.filter((file) => !changed(file.path));
    for (const [path, content] of this.#files) {
      if (content === DELETED) continue;
      if (options?.only !== undefined && !options.only.has(path)) continue;
      listed.push({ path, stamp: `dry-run:${versionToken(content)}` });
    }
    return listed;
  }

  async listVersions(): Promise<Array<{ path: string; version: string }>> {
    const paths = new Set([...(await this.#folder()).keys(), ...this.#files.keys()]);
    const versions: Array<{ path: string; version: string }> = [];
    for (const path of paths) {
      const file = await this.#current(path);
      if (file !== undefined) versions.push({ path, version: file.version });
    }
    return versions;
  }

  async readMany(paths: readonly string[]): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    for (const path of paths) {
      const file = await this.#current(path);
      if (file !== undefined) files.push(file);
    }
    return files;
  }

  read(path: string): Promise<StoredFile | undefined> {
    return this.#current(path);
  }

  async writeIfVersion(
    path: string,
    content: string,
    ifVersion: string,
  ): Promise<BackendWriteResult> {
    const current = await this.#current(path);
    if ((current?.version ?? "new") !== ifVersion) return { ok: false, current };
    this.#files.set(path, content);
    return { ok: true, version: versionToken(content) };
  }

  async deleteIfVersion(path: string, ifVersion?: string): Promise<BackendWriteResult> {
    const current = await this.#current(path);
    if (current === undefined || (ifVersion !== undefined && current.version !== ifVersion))
      return { ok: false, current };
    this.#files.set(path, DELETED);
    return { ok: true, version: "new" };
  }

  async readInternal(name: string): Promise<string | undefined> {
    if (this.#missing || this.#internal.has(name)) return this.#internal.get(name);
    return this.#store.readInternal(name);
  }

  async writeInternal(name: string, text: string): Promise<void> {
    this.#internal.set(name, text);
  }

  // Held as removed, so the real store's copy is not read through.
  async deleteInternal(name: string): Promise<void> {
    this.#internal.set(name, undefined);
  }

  async appendInternal(name: string, text: string): Promise<void> {
    this.#internal.set(name, `${(await this.readInternal(name)) ?? ""}${text}`);
  }

  async readIndex(): Promise<string | undefined> {
    if (this.#index !== undefined || this.#missing) return this.#index;
    const index = await this.#store.readIndex();
    return index.exists ? index.content : undefined;
  }

  async writeIndex(text: string): Promise<void> {
    this.#index = text;
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }
}
