import { safeParseMemoryPath } from "../store/memory-path.js";
import { headOfText } from "../text/cut-text.js";

// Letters, combining marks and digits of any script: a person names a project in their own
// language, as the fact layout's file names keep any script's letters.
const OTHER_RUN = /[^\p{L}\p{M}\p{N}]+/gu;
// A mark has no letter to sit on at the start of a word (after a dropped symbol or a hyphen).
const LEADING_MARKS = /(^|-)\p{M}+/gu;
// Unicode lower-cases the Turkish dotted İ to i and a combining dot; the dot of an i is its own,
// and Turkish writes the lower case as a plain i.
const DOTTED_I = /i\u0307/g;
// A name already folded, as most scopes and file stems are: ASCII lower-case letters and digits in
// two or more words joined by single hyphens, at most 64 chars. Every step of the fold leaves it as
// it is, and the store accepts `projects/<name>.md` (a hyphen after the first word rules out a
// device name, 64 chars are within the byte limit), so checking the path again is a cost
// (about 4 µs a name in a cold process, which folds each of thousands of scopes once).
const FOLDED_KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;
const FOLDED_KEBAB_MAX_CHARS = 64;

/**
 * The project name a text folds to, by the one project-name rule every surface uses (the hooks'
 * folder name, `memfiles-mcp --project` / `--cwd-project`, `scope:` values, and the subject
 * layout's `projects/`, `topics/` and `people/` file names):
 * NFKC, lower case, each run of characters other than letters, marks and digits (of any script)
 * one `-`, none at either end; and `projects/<name>.md` must be a memory path the store accepts
 * (a file name within the store's byte limit, not a name Windows reserves such as `con`).
 *
 * @param text - A folder name, a `scope:` value, a file stem or a name as typed.
 * @returns The project name, or `undefined` when the text folds to none (no letter or digit, too
 *   long, a device name such as `con`).
 * @example projectNameFrom("Billing API") // "billing-api"
 * @example projectNameFrom("Café") // "café"
 * @example projectNameFrom("🎉") // undefined
 */
export function projectNameFrom(text: string): string | undefined {
  if (text.length <= FOLDED_KEBAB_MAX_CHARS && FOLDED_KEBAB.test(text)) return text;
  const name = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(DOTTED_I, "i")
    .normalize("NFKC")
    .replace(OTHER_RUN, "-")
    .replace(LEADING_MARKS, "$1")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  if (name === "" || !safeParseMemoryPath(`projects/${name}.md`).success) return undefined;
  return name;
}

/**
 * Whether a name is a project name: one {@link projectNameFrom} leaves as it is ("café", "项目",
 * "my-app"; not "My App", "my_app", "-x", "a/b", "").
 *
 * @param name - A name as given (`--project`, a project file's stem).
 * @returns `true` for a project name.
 * @example isProjectName("café") // true
 * @example isProjectName("My App") // false
 */
export function isProjectName(name: string): boolean {
  return projectNameFrom(name) === name;
}

/**
 * Why a name is not a project name, and the one to use, for a refusal (see {@link isProjectName}).
 * The subject layout's `topics/` and `people/` names follow the same rule.
 *
 * @param name - A refused name.
 * @param shown - How the name to use is written in the message (default: as it is), e.g. as a path.
 * @param folder - The memory folder the name is for: `"projects"` (default), `"topics"` or
 *   `"people"`.
 * @returns One sentence.
 * @example explainProjectName("My App") // 'A project is named by lower-case letters and digits (any script) joined by single hyphens, so "My App" is not one: use "my-app".'
 */
export function explainProjectName(
  name: string,
  shown: (project: string) => string = (project) => project,
  folder: "projects" | "topics" | "people" = "projects",
): string {
  const given = JSON.stringify(name.length > 40 ? `${headOfText(name, 40)}...` : name);
  const named = folder === "projects" ? "A project" : `A file in ${folder}/`;
  const rule = `${named} is named by lower-case letters and digits (any script) joined by single hyphens, so ${given} is not one`;
  const nearest = projectNameFrom(name);
  if (nearest === undefined) {
    return `${rule}, nor does it give one (no letter or digit, too long for the file name ${folder}/<name>.md, or a name Windows reserves): use a name such as "my-app" or "café".`;
  }
  // Letters that look the same but are composed otherwise (NFD "café") get said so.
  const composed =
    name.normalize("NFKC") === nearest ? " (the same letters in Unicode NFKC form)" : "";
  return `${rule}: use ${JSON.stringify(shown(nearest))}${composed}.`;
}
