import { MemfilesError } from "@memfiles/errors";
import { quoteText } from "../text/quote-text.js";

/** Fields of a {@link MemoryPathError}. */
export type MemoryPathErrorOptions = {
  /** The path as the caller gave it. */
  path: string;
  /** Why it is refused, as a sentence fragment ("contains \"..\""). */
  reason: string;
  /** How to fix it; defaults to the general rule. */
  hint?: string;
  cause?: unknown;
};

const RULE =
  'Use a relative path inside the memory folder that ends in ".md", with "/" between folders, such as "topics/tools.md".';

/**
 * A memory path that is not allowed: outside the root (`..`, absolute, a link resolving outside),
 * NUL or control characters, back slashes, percent-encoded characters, not ending in `.md`,
 * the generated `MEMORY.md`, or inside a dot-folder such as `.memfiles/` (internal state). The
 * seed design: "paths may not escape the folder".
 *
 * @example
 * await store.read("../secrets.md") // throws MemoryPathError: Refused memory path "../secrets.md": it contains "..". ...
 */
export class MemoryPathError extends MemfilesError {
  override readonly name = "MemoryPathError";
  /** The refused path, exactly as given. */
  readonly path: string;
  /** Why it is refused, as given (a sentence fragment). */
  readonly reason: string;
  /** How to fix it, as the message ends. */
  readonly hint: string;

  constructor(options: MemoryPathErrorOptions) {
    super(
      `Refused memory path ${quoteText(options.path)}: ${options.reason}. ${options.hint ?? RULE}`,
      {
        code: "path_refused",
        userFixable: true,
        cause: options.cause,
      },
    );
    this.path = options.path;
    this.reason = options.reason;
    this.hint = options.hint ?? RULE;
  }
}
