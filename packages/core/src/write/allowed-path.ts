import { explainProjectName, isProjectName } from "../recall/project-name.js";

/** Kebab-case file name (without `.md`): lowercase letters and digits, joined by single hyphens. */
const KEBAB = "[a-z0-9]+(?:-[a-z0-9]+)*";
const ALLOWED = new RegExp(`^(?:profile|preferences|(?:topics|people)/${KEBAB})\\.md$`);
const PROJECT_FILE = /^projects\/([^/]+)\.md$/;

/**
 * Whether the write pass and `remember` may create or edit a memory file at this path: `profile.md`,
 * `preferences.md`, `topics/` or `people/` plus one ASCII kebab-case name, or `projects/` plus a
 * project name (`isProjectName`: any script, so `projects/café.md`), the seed design's layout,
 * one subject per file. The store's own path guard still runs after this.
 *
 * @param path - A memory path such as `topics/tools.md`.
 * @returns `true` for an allowed path.
 * @example isAllowedWritePath("topics/tools.md") // true
 * @example isAllowedWritePath("topics/dev/tools.md") // false (one level only)
 */
export function isAllowedWritePath(path: string): boolean {
  const project = PROJECT_FILE.exec(path)?.[1];
  return project === undefined ? ALLOWED.test(path) : isProjectName(project);
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

const IN_FOLDER = /^(topics|projects|people)\/([^/]+)\.md$/;

/**
 * Why a path is not one {@link isAllowedWritePath} accepts, and what to use instead, for the
 * refusal: a name in an allowed folder that is not ASCII kebab-case (`people/José García.md`,
 * `topics/茶.md`) gets that rule and the nearest allowed name; any other path gets the whole rule.
 *
 * @param path - A refused memory path.
 * @returns One or two sentences.
 * @example explainRefusedPath("people/José García.md")
 * // 'Names are ASCII kebab-case only (lowercase a-z, digits 0-9, single hyphens), so "José García" is not one: use "people/jose-garcia.md".'
 */
export function explainRefusedPath(path: string): string {
  const match = IN_FOLDER.exec(path);
  if (match === null) return ALLOWED_PATHS_RULE;
  const [, folder, name = ""] = match;
  if (folder === "projects") return explainProjectName(name, (project) => `projects/${project}.md`);
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const rule = `Names are ASCII kebab-case only (lowercase a-z, digits 0-9, single hyphens), so ${JSON.stringify(name)} is not one`;
  return slug === ""
    ? `${rule}: write the name in ASCII letters (a transliteration, or an English word such as "${folder}/tea.md"); the facts themselves may be in any language.`
    : `${rule}: use "${folder}/${slug}.md".`;
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
  const name = (path.split("/").at(-1) ?? path).replace(/\.md$/, "");
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
