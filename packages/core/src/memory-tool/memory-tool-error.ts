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
 * A memory-tool command refused, with nothing written. The SDK's tool runner sends the message
 * back to the model as `Error: <message>` with `is_error: true`, the shape the memory tool's docs
 * give for every failed command (https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool).
 * Where the docs give a text (a missing path, an existing file, `old_str` not found or not unique,
 * a bad `insert_line`), the message is that text, word for word; a write refused by one of the
 * checks every write passes (secret, shape, layout path, tombstone, cap, version token) has the
 * code and message of its `WRITE_CHECKS` row, as a proposal or `remember` refused by it would.
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
