import type { MemoryStore } from "../store/index.js";
import { rowFromText } from "../store/index.js";
import type { ReadResult, WriteResult } from "../store/types.js";
import { fileScope, inScope, readInScope, scopedStore } from "./scope.js";

/** What {@link scopedWriteStore} wraps and gives: the parts of a `MemoryStore` writes use. */
export type ScopedWriteStore = Pick<
  MemoryStore,
  | "root"
  | "layout"
  | "list"
  | "read"
  | "write"
  | "delete"
  | "withLock"
  | "readInternal"
  | "writeInternal"
  | "maxChars"
>;

/**
 * A view of a store for writes in one project (issue 13's scope, for `chat`'s `memory_write`):
 * `list()` and `read()` see only global memories and `project`'s (see `fileScope`), so `forget`
 * and `remember` never match, show or change another project's file; `write` and `delete` of a
 * file of another project (as it is now, or as the new text's `scope:` / path would make it) are
 * refused with `version_conflict` and a message saying why, and nothing is written.
 *
 * @param store - The memory folder (a `MemoryStore`).
 * @param project - The current project, or `undefined` (global memories only).
 * @returns A store to pass to `remember` and `forget`.
 * @example await forget({ store: scopedWriteStore(store, "billing-api"), query: "invoice" })
 */
export function scopedWriteStore(
  store: ScopedWriteStore,
  project: string | undefined,
): ScopedWriteStore {
  const view = scopedStore(store, project);
  const refuse = (path: string): WriteResult => ({
    ok: false,
    code: "version_conflict",
    message: `Refused to change ${path}: it is a memory of another project than ${project === undefined ? "this conversation's (none)" : `"${project}"`}, and a conversation changes only global memories and its own project's. Nothing was written.`,
  });
  const outOfScope = async (path: string, content?: string): Promise<boolean> => {
    if (!(await readInScope(store, path, project)).inScope) return true;
    if (content === undefined) return false;
    return !inScope(fileScope(path, rowFromText(path, content).scope), project);
  };
  return {
    root: store.root,
    layout: store.layout,
    maxChars: store.maxChars,
    list: () => view.list(),
    read: async (path: string): Promise<ReadResult> => view.read(path),
    async write(path: string, content: string, ifVersion: string): Promise<WriteResult> {
      if (await outOfScope(path, content)) return refuse(path);
      return store.write(path, content, ifVersion);
    },
    async delete(path: string, ifVersion?: string): Promise<WriteResult> {
      if (await outOfScope(path)) return refuse(path);
      return store.delete(path, ifVersion);
    },
    withLock: <T>(run: () => Promise<T>) => store.withLock(run),
    readInternal: (path: string) => store.readInternal(path),
    writeInternal: (path: string, text: string) => store.writeInternal(path, text),
  } as ScopedWriteStore;
}
