import { explainProjectName, isProjectName } from "../recall/project-name.js";
import { fileStem } from "../text/file-stem.js";

const FIXED = new Set(["profile.md", "preferences.md"]);
const FOLDERS = ["topics", "projects", "people"] as const;
const IN_FOLDER = new RegExp(`^(${FOLDERS.join("|")})/([^/]+)\\.md$`);

/**
 * Whether the write pass and `remember` may create or edit a memory file at this path: `profile.md`,
 * `preferences.md`, or `topics/`, `projects/` or `people/` plus one name by the project-name rule
 * (`isProjectName`: lower-case letters and digits of any script joined by single hyphens, so
 * `topics/café.md`, `people/josé-garcía.md`), the seed design's layout, one subject per file. The
 * store's own path guard still runs after this.
 *
 * @param path - A memory path such as `topics/tools.md`.
 * @returns `true` for an allowed path.
 * @example isAllowedWritePath("topics/tools.md") // true
 * @example isAllowedWritePath("topics/dev/tools.md") // false (one level only)
 */
export function isAllowedWritePath(path: string): boolean {
  if (FIXED.has(path)) return true;
  const name = IN_FOLDER.exec(path)?.[2];
  return name !== undefined && isProjectName(name);
}

/**
 * What the rule allows, for messages, with the paths as the reader writes them.
 *
 * @param folder - What comes before a memory path where the message is read: `""` for a store
 *   path, `"/memories/"` for the memory tool.
 * @returns One sentence.
 * @example allowedPathsRule("/memories/") // 'Use /memories/profile.md, /memories/preferences.md, or ...'
 */
export function allowedPathsRule(folder = ""): string {
  return `Use ${folder}profile.md, ${folder}preferences.md, or ${folder}topics/, ${folder}projects/ or ${folder}people/ plus one kebab-case name ending in ".md", such as "${folder}topics/home-cooking.md".`;
}

/** {@link allowedPathsRule} for store paths. */
export const ALLOWED_PATHS_RULE = allowedPathsRule();

/**
 * Why a path is not one {@link isAllowedWritePath} accepts, and what to use instead, for the
 * refusal: a name in an allowed folder that is not a name by the project-name rule
 * (`people/José García.md`, `topics/dev_tools.md`) gets that rule and the nearest name
 * (`explainProjectName`); any other path gets the whole rule.
 *
 * @param path - A refused memory path.
 * @returns One or two sentences.
 * @example explainRefusedPath("people/José García.md")
 * // 'A file in people/ is named by lower-case letters and digits (any script) joined by single hyphens, so "José García" is not one: use "people/josé-garcía.md".'
 */
export function explainRefusedPath(path: string): string {
  const match = IN_FOLDER.exec(path);
  if (match === null) return ALLOWED_PATHS_RULE;
  const folder = FOLDERS.find((known) => known === match[1]) ?? "topics";
  const name = match[2] ?? "";
  return explainProjectName(name, (nearest) => `${folder}/${nearest}.md`, folder);
}

/**
 * The header of a file the write stage creates: the name is the file name without `.md`, and the
 * description (the index's retrieval surface, per the seed design) says what is inside and when to
 * read it, from the path alone; consolidation may sharpen it later.
 *
 * @param path - An allowed path (see {@link isAllowedWritePath}).
 * @returns `{ name, description }`.
 * @example describeNewFile("topics/home-cooking.md")
 * // { name: "home-cooking", description: "What the user stated about home cooking. Read for any question about home cooking." }
 */
export function describeNewFile(path: string): { name: string; description: string } {
  const name = fileStem(path);
  const words = name.replace(/-/g, " ");
  if (path === "profile.md") {
    return {
      name,
      description:
        "Who the user is (name, role, where they live, languages, background). Read when the answer depends on who they are.",
    };
  }
  if (path === "preferences.md") {
    return {
      name,
      description:
        "How the user wants the assistant to work, and their lasting likes and dislikes. Read before recommending or choosing a style.",
    };
  }
  if (path.startsWith("projects/")) {
    return {
      name,
      description: `The user's project ${words} and what they stated about it. Read for any question about ${words}.`,
    };
  }
  if (path.startsWith("people/")) {
    return {
      name,
      description: `${words}, a person in the user's life, as the user described them. Read only when the user brings up ${words}.`,
    };
  }
  return {
    name,
    description: `What the user stated about ${words}. Read for any question about ${words}.`,
  };
}
