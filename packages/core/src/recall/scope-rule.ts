/** The `scope:` value (or no `scope:` at all) that makes a memory hold in every project. */
export const GLOBAL_SCOPE = "global";

function normalizeScope(scope: string): string {
  return scope.normalize("NFC").trim().toLowerCase();
}

/**
 * Whether a memory with this `scope:` may be recalled for `project` (the second
 * write-up: "global vs one project — never fire a project's memory in another"). A memory with no
 * `scope:` or `scope: global` is global and always in scope; a project memory is in scope only
 * when `project` names the same project (compared trimmed, case-insensitively, NFC). Without a
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
  if (scope === undefined || normalizeScope(scope) === "" || normalizeScope(scope) === GLOBAL_SCOPE)
    return true;
  return project !== undefined && normalizeScope(scope) === normalizeScope(project);
}

/**
 * The project a memory file belongs to: the one rule for core and the MCP server (
 * `scope:` header, and the `projects/<name>.md` folder of the seed design's layout):
 * - a file with a `scope:` header belongs to that scope (`scope: global` is global);
 * - else a file at `projects/<name>.md` (or under `projects/<name>/`) belongs to project `<name>`,
 *   the path compared case-insensitively and Unicode-folded (NFKC, lower case), so
 *   `Projects/Other-App.md` is project `other-app` too;
 * - everything else is global (`undefined`).
 *
 * @param path - Memory path as listed or asked for, e.g. `projects/billing-api.md`.
 * @param scope - The file's `scope:` as written, or `undefined` when it has none.
 * @returns The project name (as written in `scope:`, or the folded file stem), or `undefined`
 *   for a global memory. Compare it with {@link inScope}.
 * @example fileScope("Projects/Other-App.md", undefined) // "other-app"
 * @example fileScope("projects/notes.md", "global") // "global"
 * @example fileScope("topics/tools.md", undefined) // undefined
 */
export function fileScope(path: string, scope: string | undefined): string | undefined {
  if (scope !== undefined && normalizeScope(scope) !== "") return scope;
  const folded = path
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\\/g, "/")
    .replace(/^(\.\/|\/)+/, "");
  const match = /^projects\/+([^/]+?)(?:\.md$|\/)/u.exec(folded);
  const name = match?.[1]?.trim();
  return name === undefined || name === "" ? undefined : name;
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
