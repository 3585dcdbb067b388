import { projectNameFrom } from "./project-name.js";

/** The `scope:` value (or no `scope:` at all) that makes a memory hold in every project. */
export const GLOBAL_SCOPE = "global";

// A memory has few distinct scopes and a query compares each scoped file's: fold each once.
const FOLDED_SCOPES = new Map<string, string>();
const MAX_FOLDED_SCOPES = 4096;

// A scope folds as a project name does; one that folds to none (`scope: 🎉`) stays a project of
// its own, never global, so a memory meant for one project does not fire in every other.
function foldScope(scope: string): string {
  let folded = FOLDED_SCOPES.get(scope);
  if (folded === undefined) {
    folded = projectNameFrom(scope) ?? scope.normalize("NFKC").trim().toLowerCase();
    if (FOLDED_SCOPES.size >= MAX_FOLDED_SCOPES) FOLDED_SCOPES.clear();
    FOLDED_SCOPES.set(scope, folded);
  }
  return folded;
}

/**
 * Whether a memory with this `scope:` may be recalled for `project` (the second
 * write-up: "global vs one project — never fire a project's memory in another"). A memory with no
 * `scope:` or `scope: global` is global and always in scope; a project memory is in scope only
 * when `project` names the same project, both folded by the project-name rule
 * (`projectNameFrom`: `My App`, `my_app` and `my-app` are one project). Without a
 * `project` only global memories are in scope: recall cannot tell it is not in another project.
 *
 * @param scope - The memory's `scope:` as written, or `undefined` when it has none.
 * @param project - The current project's name, or `undefined` outside any project.
 * @returns `true` when the memory may be shown, read and recalled.
 * @example inScope("billing-api", "billing-api") // true
 * @example inScope("billing-api", "website") // false
 * @example inScope(undefined, "website") // true (global)
 */
export function inScope(scope: string | undefined, project: string | undefined): boolean {
  if (scope === undefined || scope.trim() === "") return true;
  const folded = foldScope(scope);
  return folded === GLOBAL_SCOPE || (project !== undefined && folded === foldScope(project));
}

/**
 * The project a memory file belongs to: the one rule for core and the MCP server (
 * `scope:` header, and the `projects/<name>.md` folder of the seed design's layout):
 * - a file with a `scope:` header belongs to that scope (`scope: global` is global);
 * - else a file at `projects/<name>.md` (or under `projects/<name>/`) belongs to project `<name>`,
 *   folded by the project-name rule (`projectNameFrom`), the folder name in any case, so
 *   `Projects/Other App.md` is project `other-app` too;
 * - everything else is global (`undefined`).
 *
 * @param path - Memory path as listed or asked for, e.g. `projects/billing-api.md`.
 * @param scope - The file's `scope:` as written, or `undefined` when it has none.
 * @returns The project name (as written in `scope:`, or the file stem folded), or `undefined`
 *   for a global memory. Compare it with {@link inScope}.
 * @example fileScope("Projects/Other-App.md", undefined) // "other-app"
 * @example fileScope("projects/notes.md", "global") // "global"
 * @example fileScope("topics/tools.md", undefined) // undefined
 */
export function fileScope(path: string, scope: string | undefined): string | undefined {
  if (scope !== undefined && scope.trim() !== "") return scope;
  const folded = path
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\\/g, "/")
    .replace(/^(\.\/|\/)+/, "");
  const match = /^projects\/+([^/]+?)(?:\.md$|\/)/u.exec(folded);
  const stem = match?.[1]?.trim();
  return stem === undefined || stem === "" ? undefined : foldScope(stem);
}

/**
 * Whether a memory file may be shown, read, written or forgotten in `project`: {@link inScope} of
 * its {@link fileScope}.
 *
 * @param path - Memory path.
 * @param scope - The file's `scope:` as written, or `undefined`.
 * @param project - The current project, or `undefined` (global memories only).
 * @returns `true` when in scope.
 * @example fileInScope("projects/other-app.md", undefined, "billing-api") // false
 */
export function fileInScope(
  path: string,
  scope: string | undefined,
  project: string | undefined,
): boolean {
  return inScope(fileScope(path, scope), project);
}
