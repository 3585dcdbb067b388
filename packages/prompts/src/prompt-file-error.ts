import { MemfilesError } from "@memfiles/errors";

/**
 * A prompt file in `packages/prompts/prompts/` is malformed: its name is not `<id>@<version>.md`,
 * its front matter is missing or invalid, or the front matter disagrees with the file name.
 *
 * @example
 * try { listPrompts(); } catch (error) { if (error instanceof PromptFileError) console.error(error.file); }
 */
export class PromptFileError extends MemfilesError {
  override readonly name = "PromptFileError";
  /** The file name inside the prompts folder, e.g. `extraction@1.md`. */
  readonly file: string;

  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super(
      `Prompt file "${file}" is malformed: ${problem}. Fix the file in packages/prompts/prompts/ ` +
        `(name "<id>@<version>.md", YAML front matter with id, version, date, changes).`,
      { code: "prompt_file_invalid", userFixable: true, cause: options?.cause },
    );
    this.file = file;
  }
}
