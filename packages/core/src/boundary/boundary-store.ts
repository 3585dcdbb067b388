import { isRecallIndexStore, openRecallIndex, type RecallIndex } from "../recall/recall-index.js";
import type { RecallStore } from "../recall/recall-store.js";
import { markScoped, readInScope, scopeOf } from "../recall/scope.js";
import { fileScope, inScope } from "../recall/scope-rule.js";
import { formatMemoryIndex, parseMemoryIndex } from "../store/memory-index.js";
import { copyRow, rowFromText } from "../store/memory-row.js";
import type { MemoryStore } from "../store/memory-store.js";
import { indexableRows } from "../store/secret-path-rows.js";
import type { MemoryRow, ReadResult, WriteResult } from "../store/types.js";
import { versionToken } from "../store/version-token.js";

/** The members of a store the boundary hands on, scoped. */
type Member =
  | "root"
  | "layout"
  | "maxChars"
  | "list"
  | "read"
  | "write"
  | "delete"
  | "withLock"
  | "readInternal"
  | "writeInternal"
  | "appendInternal"
  | "renderIndex"
  | "readIndex";

/**
 * What {@link boundaryStore} wraps: a `MemoryStore` (folder or backend), or any store with
 * `list` and `read` and some of its other members (a view has the members its store has).
 */
export type BoundaryBase = RecallStore &
  Partial<Pick<MemoryStore, Exclude<Member, "list" | "read">>>;

/** The parts of a `MemoryStore` the surfaces use; what {@link boundaryStore} gives for one. */
export type WholeStore = Pick<MemoryStore, Exclude<Member, "appendInternal" | "readIndex">> &
  Partial<Pick<MemoryStore, "appendInternal" | "readIndex">>;

/** The view {@link boundaryStore} hands out: the store's members, scoped, and `forRequest`. */
export type BoundaryStore<Base extends BoundaryBase = WholeStore> = Pick<
  Base,
  Extract<keyof Base, Member>
> & {
  list(): Promise<MemoryRow[]>;
  read(path: string): Promise<ReadResult>;
  /**
   * The view one request reads through: the recall index is brought up to the files once, here,
   * and the view's `list()` and `rankRecallUnits` read that state (a write after this call is not
   * in its `list()`: use it for one request only).
   *
   * @param query - The request's latest user message, when recall will rank for it.
   * @param options - `{ rowsOnly? }`.
   * @throws File-system errors from listing the folder pass through.
   */
  forRequest(query?: string, options?: ForRequestOptions): Promise<BoundaryStore<Base>>;
};

/** Options of a view's `forRequest`. */
export type ForRequestOptions = {
  /** Only `list()` will be asked (the memory block): the stored index is read by its first line. */
  rowsOnly?: boolean;
};

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

/** A scope: `undefined` is every project; `{ project: undefined }` the global memories only. */
type Scope = { project: string | undefined } | undefined;

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

// A view of a view sees what both see: the same scope, or one of them every project, else (two
// projects) the global memories only. A surface handed a scoped view cannot widen it.
function narrower(inner: Scope, outer: Scope): Scope {
  if (inner === undefined) return outer;
  if (outer === undefined || inner.project === outer.project) return inner;
  return { project: undefined };
}

// One view per store and scope, so what recall keeps per store (its caches) is found again on the
// next request instead of missing on a new wrapper each time.
const views = new WeakMap<object, Map<string, unknown>>();

/**
 * The one view of the store every surface gets (decision 0047): scope (global memories plus one
 * project, see `fileScope`) applied once, to reads and writes alike.
 * - `list()`, `renderIndex()` and `readIndex()` hold only the memories in scope; `read(path)` of
 *   another project's file answers as if it did not exist (`{ exists: false, version: "new" }`).
 * - `write` and `delete` of another project's file (as it is, or as the new text's `scope:` or
 *   path would make it) are refused with `version_conflict` and `outOfScope: true`; nothing is
 *   written.
 * - `forRequest(query)` gives the view of one request, listing from the recall index.
 * Tenancy is the store's own (a `pgMemoryStore(sql, tenant)` reaches only its tenant's rows).
 *
 * @param store - The memory (a `MemoryStore`, folder or backend, or a view of one).
 * @param options - `{ project?, allProjects? }`; neither: global memories only.
 * @returns The view; the same object for the same store and scope.
 * @example const store = boundaryStore(new MemoryStore({ root: "memory" }), { project: "billing-api" });
 */
export function boundaryStore<Base extends BoundaryBase>(
  store: Base,
  options: BoundaryOptions = {},
): BoundaryStore<Base> {
  const under = scopeOf(store);
  const asked: Scope =
    options.project === undefined && options.allProjects === true
      ? undefined
      : { project: options.project };
  const scope = narrower(under.scope, asked);
  const base = under.store as Base;
  const key = scope === undefined ? "\u0000all" : `\u0001${scope.project ?? ""}`;
  let known = views.get(base);
  if (known === undefined) {
    known = new Map();
    views.set(base, known);
  }
  const view =
    (known.get(key) as BoundaryStore<Base> | undefined) ?? scopedView(base, scope, undefined);
  known.set(key, view);
  return view;
}

function scopedView<Base extends BoundaryBase>(
  base: Base,
  scope: Scope,
  index: RecallIndex | undefined,
): BoundaryStore<Base> {
  const project = scope?.project;
  const visible = (row: Pick<MemoryRow, "path" | "scope">) =>
    scope === undefined || inScope(fileScope(row.path, row.scope), project);
  const read = async (path: string): Promise<ReadResult> => {
    if (scope === undefined) return base.read(path);
    const result = await readInScope(base, path, project);
    return result.inScope ? result.file : { path, exists: false, version: "new" };
  };
  const list = async (): Promise<MemoryRow[]> =>
    index === undefined ? (await base.list()).filter(visible) : index.rows(scope).map(copyRow);
  const outOfScope = async (path: string, content?: string): Promise<boolean> => {
    if (scope === undefined) return false;
    if (!(await readInScope(base, path, project)).inScope) return true;
    if (content === undefined) return false;
    return !inScope(fileScope(path, rowFromText(path, content).scope), project);
  };
  const view: Record<string, unknown> = {
    list,
    read,
    async forRequest(query?: string, options: ForRequestOptions = {}) {
      if (!isRecallIndexStore(base)) return view;
      const opened = await openRecallIndex(base, {
        ...(query === undefined ? {} : { query }),
        ...(options.rowsOnly === true ? { rowsOnly: true } : {}),
      });
      return scopedView(base, scope, opened);
    },
  };
  for (const name of ["root", "layout", "maxChars"] as const) {
    if (base[name] !== undefined) view[name] = base[name];
  }
  // Members the store has and scope does not touch are handed on as they are.
  for (const name of ["withLock", "readInternal", "writeInternal", "appendInternal"] as const) {
    const member = base[name] as ((...args: never[]) => unknown) | undefined;
    if (member !== undefined) view[name] = member.bind(base);
  }
  const { write, delete: remove, renderIndex, readIndex } = base;
  if (write !== undefined) {
    view.write = async (path: string, content: string, ifVersion: string) =>
      (await outOfScope(path, content))
        ? refusal(path, project)
        : write.call(base, path, content, ifVersion);
  }
  if (remove !== undefined) {
    view.delete = async (path: string, ifVersion?: string) =>
      (await outOfScope(path)) ? refusal(path, project) : remove.call(base, path, ifVersion);
  }
  if (renderIndex !== undefined) {
    view.renderIndex = async () =>
      scope === undefined
        ? renderIndex.call(base)
        : formatMemoryIndex((await indexableRows(await list())).rows);
  }
  if (readIndex !== undefined) {
    // The stored index minus another project's link lines: its former paths still let
    // `findSameSubject` see a hand rename.
    view.readIndex = async (): Promise<ReadResult> => {
      const stored = await readIndex.call(base);
      if (scope === undefined || !stored.exists) return stored;
      const hidden = new Set(
        (await base.list()).filter((row) => !visible(row)).map((row) => row.path),
      );
      const dropped = new Set(
        parseMemoryIndex(stored.content)
          .filter((entry) => hidden.has(entry.path) || !visible({ path: entry.path }))
          .map((entry) => entry.line),
      );
      const content = stored.content
        .split("\n")
        .filter((line) => !dropped.has(line.replace(/\r$/u, "")))
        .join("\n");
      return { ...stored, content, version: versionToken(content) };
    };
  }
  return markScoped(view as BoundaryStore<Base>, {
    store: base,
    scope,
    ...(index === undefined ? {} : { index }),
  });
}
