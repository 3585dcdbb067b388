import {
  type BackendWriteResult,
  type StorageBackend,
  type StoredFile,
  versionToken,
} from "@memfiles/core";

/**
 * A {@link StorageBackend} held in a `Map`, for the benchmark's throw-away memories: the same
 * `MemoryStore` (rules, checks, write pass) on the backend seam `@memfiles/pg` uses, without a
 * folder. A folder store reads and parses every file again for each `list()` (hundreds of files
 * a session in the fact layout, with the file system's calls around each read); the backend seam
 * keeps rows by version token, so the run measures the write pass, not the file system. Version
 * tokens are `versionToken(content)`, as a folder store's are.
 *
 * @param label - The store's `root`, e.g. `locomo:conv-26:Caroline`.
 * @returns A backend; pass it as `new MemoryStore({ backend, layout })`.
 * @example const store = new MemoryStore({ backend: memoryBackend("locomo:conv-26:Caroline"), layout: "fact" });
 */
export function memoryBackend(label: string): StorageBackend {
  const files = new Map<string, StoredFile>();
  const internal = new Map<string, string>();
  let index: string | undefined;
  const stored = (path: string, content: string): StoredFile => ({
    path,
    content,
    version: versionToken(content),
  });
  const conflict = (path: string): BackendWriteResult => ({
    ok: false,
    current: files.get(path),
  });
  return {
    label,
    listVersions: async () =>
      [...files.values()].map((file) => ({ path: file.path, version: file.version })),
    readMany: async (paths) => paths.flatMap((path) => files.get(path) ?? []),
    read: async (path) => files.get(path),
    writeIfVersion: async (path, content, ifVersion) => {
      const current = files.get(path);
      if ((current?.version ?? "new") !== ifVersion) return conflict(path);
      const file = stored(path, content);
      files.set(path, file);
      return { ok: true, version: file.version };
    },
    deleteIfVersion: async (path, ifVersion) => {
      const current = files.get(path);
      if (current === undefined) return { ok: true, version: "new" };
      if (ifVersion !== undefined && current.version !== ifVersion) return conflict(path);
      files.delete(path);
      return { ok: true, version: "new" };
    },
    readInternal: async (name) => internal.get(name),
    writeInternal: async (name, text) => {
      internal.set(name, text);
    },
    deleteInternal: async (name) => {
      internal.delete(name);
    },
    appendInternal: async (name, text) => {
      internal.set(name, `${internal.get(name) ?? ""}${text}`);
    },
    readIndex: async () => index,
    writeIndex: async (text) => {
      index = text;
    },
    // One process: the store's own queue (and re-entrancy) is the whole lock.
    withLock: <T>(fn: () => Promise<T>): Promise<T> => fn(),
  };
}
