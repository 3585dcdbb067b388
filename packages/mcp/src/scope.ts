import { explainProjectName, fileInScope, isProjectName } from "@memfiles/core/internal";
import { MemfilesError } from "@memfiles/errors";

/** A `--project` name that is not a project name by core's one rule (`isProjectName`). */
export class ProjectScopeError extends MemfilesError {
  override readonly name = "ProjectScopeError";

  constructor(project: string) {
    super(
      `Refused project scope ${JSON.stringify(project)}. ${explainProjectName(project, (name) => `--project ${name}`)}`,
      { code: "invalid_project", userFixable: true },
    );
  }
}

/**
 * Which memory paths a server with an optional project scope shows and edits. Without a project,
 * every file; in no project (`null`), global files only. With one, every file except other projects' files: `projects/<project>.md` (and
 * `projects/<project>/...`) stays, `projects/<other>.md` (in any case) is hidden, so a project's memory never
 * fires in another (the seed design's second write-up: "Scope: global vs one project").
 *
 * @param project - The project name (core's `isProjectName`: "my-app", "café"), `null` for no
 *   project (global files only), or undefined for no scope.
 * @returns A predicate over memory paths such as `projects/my-app.md`.
 * @throws {ProjectScopeError} when the name is not a project name.
 * @example inScope("my-app")("projects/other.md") // false
 */
export function inScope(project: string | null | undefined): (path: string) => boolean {
  if (project === undefined) return () => true;
  if (project === null) return (path) => fileInScope(path, undefined, undefined);
  if (!isProjectName(project)) throw new ProjectScopeError(project);
  // Core's one path rule (recall/scope.ts `fileScope`): `projects/<name>.md` or `projects/<name>/…`,
  // folded for case and Unicode, so `Projects/other.md` is another project's file too.
  return (path) => fileInScope(path, undefined, project);
}
