import { MemfilesError } from "@memfiles/errors";

/** snake_case codes of a memory file that cannot be parsed. */
export type MemoryFormatErrorCode =
  | "unparsable_header"
  | "header_too_long"
  | "refused_front_matter_language"
  | "invalid_fact_line";

/** Fields of a {@link MemoryFormatError}. */
export type MemoryFormatErrorOptions = {
  code: MemoryFormatErrorCode;
  message: string;
  /** Memory path the text came from, when the caller named one. */
  path?: string;
  /** 1-based line number of the problem, when it is on one line. */
  line?: number;
  cause?: unknown;
};

/**
 * A memory file (or fact line) that cannot be parsed: broken YAML front matter, front matter in a
 * language other than YAML (refused because gray-matter would evaluate `---js`, CVE-2022-25863),
 * or a fact line that is not `[stated YYYY/MM/DD] text`.
 *
 * @example
 * try { parseMemoryFile(text) } catch (error) {
 *   if (error instanceof MemoryFormatError && error.code === "unparsable_header") { ... }
 * }
 */
export class MemoryFormatError extends MemfilesError {
  override readonly name = "MemoryFormatError";
  declare readonly code: MemoryFormatErrorCode;
  readonly path: string | undefined;
  readonly line: number | undefined;

  constructor(options: MemoryFormatErrorOptions) {
    super(options.message, { code: options.code, cause: options.cause });
    this.path = options.path;
    this.line = options.line;
  }
}
