import { fileScope, inScope, readInScope } from "../recall/scope.js";
import type { MemoryStore } from "../store/index.js";
import { formatMemoryIndex, parseMemoryIndex, rowFromText, versionToken } from "../store/index.js";
import type { MemoryRow, ReadResult, WriteResult } from "../store/types.js";

/** What {@link boundaryStore} wraps and gives: the parts of a `MemoryStore` the surfaces use. */
export type BoundaryStore = Pick<
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
  | "renderIndex"
> &
  Partial<Pick<MemoryStore, "appendInternal" | "readIndex">>;

/** Options of {@link boundaryStore}. */
export type BoundaryOptions = {
  /**
   * The current project: global memories and this project's are seen and changed, never another
   * project's. Absent: global memories only, unless `allProjects`.
   */
  project?: string | undefined;
  /**
   * Every memory, of every project (a surface opened without a project, such as `memfiles-mcp`
   * without `--project` or the `memfiles` command). Ignored when `project` is given.
   */
  allProjects?: boolean;
};

/** The message of a write refused by the boundary (a `version_conflict` with `outOfScope`). */
function refusal(path: string, project: string | undefined): WriteResult {
  const reason = `it is outside ${project === undefined ? "the global memories (no project is open)" : `project "${project}" and the global memories`}, the only memories this surface may change. Nothing was written; write to a global file or to projects/${project ?? "<project>"}.md instead.`;
  return {
    ok: false,
    code: "version_conflict",
    outOfScope: true,
    message: `Refused to change ${path}: ${reason}`,
    reason,
  };
}

/**
 * The one boundary every surface gets its store through (chat tools, the memory tool, the MCP
 * server, the CLI, the memory page, batches): scope (global memories plus one project, the second
 * write-up's "global vs one project", see `fileScope`) applied once, to reads and writes alike.
 * - `list()` and `renderIndex()` hold only the memories in scope, and so does `readIndex()`: the
 *   stored `MEMORY.md` without the link lines of another project's files (its former paths let
 *   `findSameSubject` see a hand rename); `read(path)` of another
 *   project's file answers as if it did not exist (`{ exists: false, version: "new" }`), so a
 *   `replaces`, a forget query or a search never matches another project's line, and the answer
 *   for a line there is the answer for a line nowhere (it reveals nothing);
 * - `write` and `delete` of a file of another project (as it is now, or as the new text's
 *   `scope:` or path would make it) are refused with `version_conflict`, `outOfScope: true` and a
 *   message saying so, and nothing is written: every write path (remember, forget, propose, the
 *   write pass, undo, the memory tool's rename) ends in one of these two calls.
 * Tenancy is the store's own: a `pgMemoryStore(sql, tenant)` only ever reaches its tenant's rows.
 *
 * @param store - The memory (a `MemoryStore`, folder or backend).
 * @param options - `{ project?, allProjects? }`.
 * @returns A store with the same methods, scoped.
 * @example const store = boundaryStore(new MemoryStore({ root: "memory" }), { project: "billing-api" });
 */
export function boundaryStore(store: BoundaryStore, options: BoundaryOptions = {}): BoundaryStore {
  const { project } = options;
  if (project === undefined && options.allProjects === true) return store;
  const visible = (row: Pick<MemoryRow, "path" | "scope">) =>
    inScope(fileScope(row.path, row.scope), project);
  const outOfScope = async (path: string, content?: string): Promise<boolean> => {
    if (!(await readInScope(store, path, project)).inScope) return true;
    if (content === undefined) return false;
    return !inScope(fileScope(path, rowFromText(path, content).scope), project);
  };
  const list = async (): Promise<MemoryRow[]> => (await store.list()).filter(visible);
  const scoped: BoundaryStore = {
    root: store.root,
    layout: store.layout,
    maxChars: store.maxChars,
    list,
    async read(path: string): Promise<ReadResult> {
      const result = await readInScope(store, path, project);
      return result.inScope ? result.file : { path, exists: false, version: "new" };
    },
    async write(path: string, content: string, ifVersion: string): Promise<WriteResult> {
      if (await outOfScope(path, content)) return refusal(path, project);
      return store.write(path, content, ifVersion);
    },
    async delete(path: string, ifVersion?: string): Promise<WriteResult> {
      if (await outOfScope(path)) return refusal(path, project);
      return store.delete(path, ifVersion);
    },
    withLock: <T>(run: () => Promise<T>) => store.withLock(run),
    readInternal: (path: string) => store.readInternal(path),
    writeInternal: (path: string, text: string) => store.writeInternal(path, text),
    renderIndex: async () => formatMemoryIndex(await list()),
  };
  const { appendInternal, readIndex } = store;
  if (appendInternal !== undefined) {
    scoped.appendInternal = (path: string, text: string) => appendInternal.call(store, path, text);
  }
  if (readIndex !== undefined) {
    scoped.readIndex = async (): Promise<ReadResult> => {
      const index = await readIndex.call(store);
      if (!index.exists) return index;
      const hidden = new Set(
        (await store.list()).filter((row) => !visible(row)).map((row) => row.path),
      );
      const dropped = new Set(
        parseMemoryIndex(index.content)
          .filter((entry) => hidden.has(entry.path) || !visible({ path: entry.path }))
          .map((entry) => entry.line),
      );
      const content = index.content
        .split("\n")
        .filter((line) => !dropped.has(line.replace(/\r$/u, "")))
        .join("\n");
      return { ...index, content, version: versionToken(content) };
    };
  }
  return scoped;
}
