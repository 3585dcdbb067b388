import { rowFromText } from "../store/memory-row.js";
import type { ReadResult } from "../store/types.js";
import type { RecallIndex } from "./recall-index.js";
import type { RecallStore } from "./recall-store.js";
import { fileScope, inScope } from "./scope-rule.js";

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

const SCOPED = Symbol("memfiles.scopedView");

/** What {@link scopeOf} says of a store. */
export type StoreScope = {
  /** The store under any scoped view. */
  store: RecallStore;
  /** `{ project }` for a view of one scope; `undefined` for a whole store (every project). */
  scope: { project: string | undefined } | undefined;
  /** The recall index a request's view opened for it (the boundary's `forRequest`). */
  index?: RecallIndex;
};

/**
 * Marks `view` as a view of `scope.store`, so recall queries the store's own index with the
 * view's project as a filter. The boundary (`boundaryStore`) marks every view it hands out.
 *
 * @param view - The view object; it is returned, marked.
 * @param scope - The store under it, its scope and the request's recall index, if any.
 * @returns `view`.
 */
export function markScoped<View extends RecallStore>(view: View, scope: StoreScope): View {
  Object.defineProperty(view, SCOPED, { value: scope });
  return view;
}

/**
 * The store under a scoped view and the view's project, so recall can query the store's own
 * index with the scope as a filter.
 *
 * @param store - A store, or a view from `boundaryStore`.
 * @returns `{ store, scope, index? }`; a store that is no view is its own `store`, `scope` undefined.
 * @example scopeOf(boundaryStore(store, { project: "billing" })).scope // { project: "billing" }
 */
export function scopeOf(store: RecallStore): StoreScope {
  return (store as { [SCOPED]?: StoreScope })[SCOPED] ?? { store, scope: undefined };
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
