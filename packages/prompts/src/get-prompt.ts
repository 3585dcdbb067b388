import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Prompt, type PromptInfo, parsePromptFile } from "./prompt-file.js";
import { PromptNotFoundError } from "./prompt-not-found-error.js";

/** The folder holding `<id>@<version>.md` files (works from `src/` and from `dist/`). */
export const PROMPTS_FOLDER = new URL("../prompts/", import.meta.url);

let cache: PromptInfo[] | undefined;

/**
 * Every prompt file in the prompts folder, parsed, sorted by id then version.
 *
 * @returns One entry per file, with its front matter (date, changes, hypothesis).
 * @throws {PromptFileError} when a file is malformed.
 * @example listPrompts().map((p) => `${p.id}@${p.version}`) // ["base@1", "consolidation@1", ...]
 */
export function listPrompts(): PromptInfo[] {
  if (!cache) {
    const folder = fileURLToPath(PROMPTS_FOLDER);
    cache = readdirSync(folder)
      .filter((file) => file.endsWith(".md"))
      .map((file) => parsePromptFile(file, readFileSync(new URL(file, PROMPTS_FOLDER), "utf8")))
      .sort((a, b) => (a.id === b.id ? a.version - b.version : a.id < b.id ? -1 : 1));
  }
  return cache.map((prompt) => ({ ...prompt }));
}

/**
 * Returns one version of a prompt, the latest when no version is given.
 *
 * @param id - Prompt id, e.g. `extraction`, `consolidation`, `memory-rules`, `base`.
 * @param version - Version number (1 and up); omitted means the highest version on disk.
 * @returns `{ id, version, text, sha256 }`; `sha256` is the hex sha256 of `text` as pinned in
 *   `prompts.lock.json`.
 * @throws {PromptNotFoundError} when no file matches; its message lists the known prompts.
 * @throws {PromptFileError} when a prompt file is malformed.
 * @example
 * const prompt = getPrompt("extraction", 1);
 * // { id: "extraction", version: 1, text: "You keep a user's long-term memory...", sha256: "..." }
 */
export function getPrompt(id: string, version?: number): Prompt {
  const all = listPrompts();
  const matches = all.filter((prompt) => prompt.id === id);
  const found =
    version === undefined ? matches.at(-1) : matches.find((prompt) => prompt.version === version);
  if (!found) {
    throw new PromptNotFoundError(
      id,
      version,
      all.map((prompt) => `${prompt.id}@${prompt.version}`),
    );
  }
  return { id: found.id, version: found.version, text: found.text, sha256: found.sha256 };
}
