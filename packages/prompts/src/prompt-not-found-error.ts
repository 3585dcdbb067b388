import { MemfilesError } from "@memfiles/errors";

/**
 * `getPrompt` was asked for a prompt id or version that has no file in `packages/prompts/prompts/`.
 *
 * @example
 * try { getPrompt("extraction", 9); } catch (error) {
 *   if (error instanceof PromptNotFoundError) console.error(error.known); // ["base@1", ...]
 * }
 */
export class PromptNotFoundError extends MemfilesError {
  override readonly name = "PromptNotFoundError";
  /** The id asked for. */
  readonly id: string;
  /** The version asked for; absent when the latest was asked for. */
  readonly version: number | undefined;
  /** Every prompt that exists, as `id@version`, sorted. */
  readonly known: string[];

  constructor(id: string, version: number | undefined, known: string[]) {
    const wanted = version === undefined ? `any version of "${id}"` : `"${id}@${version}"`;
    super(
      `No prompt file for ${wanted}. Known prompts: ${known.join(", ") || "(none)"}. ` +
        `Ask for one of these, or add packages/prompts/prompts/${id}@${version ?? 1}.md.`,
      { code: "prompt_not_found", userFixable: true },
    );
    this.id = id;
    this.version = version;
    this.known = known;
  }
}
