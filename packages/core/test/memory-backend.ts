import type { StorageBackend, StoredFile } from "../src/store/backend/storage-backend.js";
import { versionToken } from "../src/store/version-token.js";

/** A {@link StorageBackend} kept in maps, with its state open to the test (as PGlite's tables are). */
export type MemoryBackend = StorageBackend & {
  /** Memory files by path. */
  files: Map<string, string>;
  /** Internal files by name. */
  internal: Map<string, string>;
  /** The stored index (`MEMORY.md`'s text), `undefined` before the first write. */
  index: string | undefined;
  /**
   * Set to a method's name to make its next calls throw, as a lost connection would
   * (`writeInternal`: its calls with text; emptying a file still works).
   */
  failing: "writeIndex" | "writeInternal" | undefined;
};

/**
 * An in-memory {@link StorageBackend}: the same conditional writes, lock-free (one process), for
 * tests that run one table over the folder and a backend without a database.
 *
 * @param label - What the store's `root` reads, e.g. `memory:test`.
 * @returns The backend, its maps open to the test.
 * @example const store = new MemoryStore({ backend: memoryBackend() });
 */
export function memoryBackend(label = "memory:test"): MemoryBackend {
  const stored = (backend: MemoryBackend, path: string): StoredFile | undefined => {
    const content = backend.files.get(path);
    return content === undefined ? undefined : { path, content, version: versionToken(content) };
  };
  const fail = (backend: MemoryBackend, name: MemoryBackend["failing"]) => {
    if (backend.failing === name) throw new Error(`${name} failed (test)`);
  };
  const backend: MemoryBackend = {
    label,
    files: new Map(),
    internal: new Map(),
    index: undefined,
    failing: undefined,
    listVersions: async () =>
      [...backend.files].map(([path, content]) => ({ path, version: versionToken(content) })),
    readMany: async (paths) => paths.flatMap((path) => stored(backend, path) ?? []),
    read: async (path) => stored(backend, path),
    writeIfVersion: async (path, content, ifVersion) => {
      const current = stored(backend, path);
      if ((current?.version ?? "new") !== ifVersion) return { ok: false, current };
      backend.files.set(path, content);
      return { ok: true, version: versionToken(content) };
    },
    deleteIfVersion: async (path, ifVersion) => {
      const current = stored(backend, path);
      if (ifVersion !== undefined && current !== undefined && current.version !== ifVersion) {
        return { ok: false, current };
      }
      backend.files.delete(path);
      return { ok: true, version: "new" };
    },
    readInternal: async (name) => backend.internal.get(name),
    writeInternal: async (name, text) => {
      if (text !== "") fail(backend, "writeInternal");
      backend.internal.set(name, text);
    },
    appendInternal: async (name, text) => {
      backend.internal.set(name, (backend.internal.get(name) ?? "") + text);
    },
    deleteInternal: async (name) => {
      backend.internal.delete(name);
    },
    readIndex: async () => backend.index,
    writeIndex: async (text) => {
      fail(backend, "writeIndex");
      backend.index = text;
    },
    withLock: (fn) => fn(),
  };
  return backend;
}
