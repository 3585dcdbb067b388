import { rowFromText } from "../store/memory-row.js";
import type { MemoryRow, ReadResult } from "../store/types.js";
import { isRecallIndexStore, openRecallIndex, type RecallIndex } from "./recall-index.js";
import type { RecallStore } from "./recall-store.js";
import { fileInScope, fileScope, inScope } from "./scope-rule.js";

export { fileInScope, fileScope, GLOBAL_SCOPE, inScope } from "./scope-rule.js";

/** Result of {@link readInScope}: the file, or why it is withheld. */
export type ReadInScopeResult =
  | { inScope: true; file: ReadResult }
  | {
      inScope: false;
      /** The file's `scope:` as written (a project other than the current one). */
      scope: string;
      /** For the model: the file exists but belongs to another project, so it is not opened. */
      message: string;
    };

/**
 * Reads a memory file unless it belongs to another project than `project` (see {@link fileScope}).
 * The scope is taken from the file's own header at the time of the read, so a file whose `scope:`
 * was edited by hand is judged by what it says now.
 *
 * @param store - Anything with `read(path)` (a `MemoryStore`).
 * @param path - Memory path, e.g. `projects/billing.md`.
 * @param project - The current project, or `undefined` (then only global files are read).
 * @returns `{ inScope: true, file }` (a missing file is in scope), or `{ inScope: false, scope, message }`.
 * @throws {MemoryPathError} and file-system errors from `store.read`.
 * @example (await readInScope(store, "projects/billing.md", "website")).inScope // false
 */
export async function readInScope(
  store: Pick<RecallStore, "read">,
  path: string,
  project: string | undefined,
): Promise<ReadInScopeResult> {
  const file = await store.read(path);
  if (!file.exists) return { inScope: true, file };
  const scope = fileScope(path, headerScope(file.path, file.content, file.version));
  if (inScope(scope, project)) return { inScope: true, file };
  return {
    inScope: false,
    scope: scope ?? "",
    message:
      `${path} is a memory of another project (scope: ${scope}), and this conversation is ` +
      (project === undefined ? "in no project" : `in project "${project}"`) +
      "; it is not opened here. Answer without it.",
  };
}

/**
 * A view of a store that lists and reads only the memories in scope for `project`: `list()`
 * drops rows of other projects; `read(path)` of another project's file answers as if the file did
 * not exist (`{ exists: false, version: "new" }`), so the memory block (index, profile,
 * preferences) never carries it. Writing goes through the real store, not this view.
 *
 * @param store - The memory folder (a `MemoryStore`, or any `RecallStore`).
 * @param project - The current project, or `undefined` (global memories only).
 * @returns A `RecallStore` for `buildSystem` and the recall strategies.
 * @example await buildSystem({ store: scopedStore(store, "billing-api"), basePrompt })
 */
export function scopedStore(store: RecallStore, project: string | undefined): RecallStore {
  const base = scopeOf(store).store;
  let views = scopedViews.get(base);
  if (views === undefined) {
    views = new Map();
    scopedViews.set(base, views);
  }
  const known = views.get(project);
  if (known !== undefined) return known;
  const view: ScopedView = {
    [SCOPED]: { store: base, project },
    async list(): Promise<MemoryRow[]> {
      // A store with a recall index lists from it: no file is read unless it changed.
      if (isRecallIndexStore(base))
        return (await openRecallIndex(base, { rowsOnly: true })).rows({ project });
      return (await base.list()).filter((row) => fileInScope(row.path, row.scope, project));
    },
    async read(path: string): Promise<ReadResult> {
      const result = await readInScope(base, path, project);
      return result.inScope ? result.file : { path, exists: false, version: "new" };
    },
  };
  views.set(project, view);
  return view;
}

/**
 * The view of a store one request reads through ({@link scopedStore}'s, for `project`): a store
 * with a recall index has it brought up to the files once, here, and the view's `list()` and
 * `rankRecallUnits` read that state, so a request that builds the system prompt and then recalls
 * checks the files' stamps once, not twice. A file changed by hand is seen by the next request.
 * Use it for one request only (a write after this call is not in it).
 *
 * @param store - The memory (a `MemoryStore`, or any `RecallStore`).
 * @param project - The current project, or `undefined` (global memories only).
 * @param query - The request's latest user message, when recall will rank for it.
 * @returns A `RecallStore` for `buildSystem` and the recall strategies of this request.
 * @throws File-system errors from listing the folder pass through.
 * @example const view = await requestStore(store, undefined, "Where does Marta live?");
 */
export async function requestStore(
  store: RecallStore,
  project: string | undefined,
  query?: string,
): Promise<RecallStore> {
  const view = scopedStore(store, project);
  const base = scopeOf(view).store;
  if (!isRecallIndexStore(base)) return view;
  const index = await openRecallIndex(base, query === undefined ? {} : { query });
  const request: ScopedView = {
    [SCOPED]: { store: base, project, index },
    list: async () => index.rows({ project }),
    read: (path) => view.read(path),
  };
  return request;
}

const SCOPED = Symbol("memfiles.scopedStore");

type ScopedView = RecallStore & {
  [SCOPED]: { store: RecallStore; project: string | undefined; index?: RecallIndex };
};

// One view per store and project, so what recall keeps per store (its caches) is found again on
// the next request instead of missing on a new wrapper each time.
const scopedViews = new WeakMap<RecallStore, Map<string | undefined, ScopedView>>();

/** What {@link scopeOf} says of a store. */
export type StoreScope = {
  /** The store under any scoped view. */
  store: RecallStore;
  /** `{ project }` for a scoped view ({@link scopedStore}); `undefined` for a whole store. */
  scope: { project: string | undefined } | undefined;
  /** The recall index a {@link requestStore} view opened for its request. */
  index?: RecallIndex;
};

/**
 * The store under a scoped view and the view's project, so recall can query the store's own
 * index with the scope as a filter.
 *
 * @param store - A store, or a view from {@link scopedStore}.
 * @returns `{ store, scope }`.
 * @example scopeOf(scopedStore(store, "billing")).scope // { project: "billing" }
 */
export function scopeOf(store: RecallStore): StoreScope {
  const view = (store as Partial<ScopedView>)[SCOPED];
  if (view === undefined) return { store, scope: undefined };
  return {
    store: view.store,
    scope: { project: view.project },
    ...(view.index === undefined ? {} : { index: view.index }),
  };
}

// Files by path and version token (a hash of the text), with the `scope:` their header holds.
const scopes = new Map<string, string | undefined>();
const KEPT_SCOPES = 10_000;

/**
 * The `scope:` a file's header holds, parsed once per file text: a text without the word "scope"
 * holds none (no parse), and a parsed text is remembered by its path and version token.
 */
function headerScope(path: string, content: string, version: string): string | undefined {
  if (!/scope/i.test(content)) return undefined;
  const key = `${path}\u0000${version}`;
  if (scopes.has(key)) return scopes.get(key);
  const scope = rowFromText(path, content).scope;
  if (scopes.size >= KEPT_SCOPES) scopes.clear();
  scopes.set(key, scope);
  return scope;
}
