import { MemfilesError } from "@memfiles/errors";
import type { WriteCheckCode } from "../write/write-checks.js";

/**
 * snake_case codes of a refused memory-tool command: the command's own (a path outside
 * `/memories`, a missing file, an `old_str` not found, ...), and for every check a write passes,
 * the code of its `WRITE_CHECKS` row (`secret`, `forgotten`, `path_not_allowed`, `too_long`,
 * `version_conflict`, ...).
 */
export type MemoryToolErrorCode =
  | "path_refused"
  | "not_found"
  | "already_exists"
  | "no_match"
  | "ambiguous_match"
  | "invalid_insert_line"
  | "not_text"
  | "invalid_input"
  | WriteCheckCode;

/**
 * A memory-tool command refused, nothing written. The SDK's tool runner sends the message back as
 * `Error: <message>` with `is_error: true`, as the memory tool's docs give for every failed command
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool); where the docs
 * give a text, the message is that text word for word, and a write refused by a check has the
 * code and message of its `WRITE_CHECKS` row.
 *
 * @example
 * throw new MemoryToolError("File /memories/profile.md already exists", { code: "already_exists" });
 */
export class MemoryToolError extends MemfilesError {
  override readonly name = "MemoryToolError";
  declare readonly code: MemoryToolErrorCode;

  constructor(message: string, options: { code: MemoryToolErrorCode; cause?: unknown }) {
    super(message, { code: options.code, userFixable: true, cause: options.cause });
  }
}
