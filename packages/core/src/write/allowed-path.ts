/** Kebab-case file name (without `.md`): lowercase letters and digits, joined by single hyphens. */
const KEBAB = "[a-z0-9]+(?:-[a-z0-9]+)*";
const ALLOWED = new RegExp(`^(?:profile|preferences|(?:topics|projects|people)/${KEBAB})\\.md$`);

/**
 * Whether the write pass and `remember` may create or edit a memory file at this path: `profile.md`,
 * `preferences.md`, or `topics/`, `projects/` or `people/` plus one kebab-case name (the seed
 * design's layout, one subject per file). The store's own path guard still runs after this.
 *
 * @param path - A memory path such as `topics/tools.md`.
 * @returns `true` for an allowed path.
 * @example isAllowedWritePath("topics/tools.md") // true
 * @example isAllowedWritePath("topics/dev/tools.md") // false (one level only)
 */
export function isAllowedWritePath(path: string): boolean {
  return ALLOWED.test(path);
}

/** What the rule allows, for messages. */
export const ALLOWED_PATHS_RULE =
  'Use profile.md, preferences.md, or topics/, projects/ or people/ plus one kebab-case name ending in ".md", such as "topics/home-cooking.md".';

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
