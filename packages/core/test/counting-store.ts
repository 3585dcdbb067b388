import { MemoryStore } from "../src/store/index.js";

/**
 * A store that counts each file read: a `read(path)`, each file of `readAll()`, each row of
 * `list()` (a fresh store's listing reads every file); `reads` in all, `readPaths` by memory path.
 */
export class CountingStore extends MemoryStore {
  reads = 0;
  readonly readPaths = new Map<string, number>();
  #count(path: string) {
    this.reads += 1;
    this.readPaths.set(path, (this.readPaths.get(path) ?? 0) + 1);
  }
  override read(path: string) {
    this.#count(path);
    return super.read(path);
  }
  override async readAll() {
    const all = await super.readAll();
    for (const path of all.files.keys()) this.#count(path);
    return all;
  }
  override async list() {
    const rows = await super.list();
    for (const row of rows) this.#count(row.path);
    return rows;
  }
}
