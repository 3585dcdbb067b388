import { MemfilesError } from "@memfiles/errors";

/** snake_case codes of a refused memory-tool command. */
export type MemoryToolErrorCode =
  | "path_refused"
  | "not_found"
  | "already_exists"
  | "no_match"
  | "ambiguous_match"
  | "invalid_insert_line"
  | "path_not_allowed"
  | "secret"
  | "forgotten"
  | "too_long"
  | "version_conflict"
  | "not_text"
  | "unparsable_file"
  | "out_of_scope"
  | "invalid_input";

/**
 * A memory-tool command refused, with nothing written. The SDK's tool runner sends the message
 * back to the model as `Error: <message>` with `is_error: true`, the shape the memory tool's docs
 * give for every failed command (https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool).
 * Where the docs give a text (a missing path, an existing file, `old_str` not found or not unique,
 * a bad `insert_line`), the message is that text, word for word; memfiles' own guards (secret,
 * tombstone, cap, layout, version token) say what was refused and how to go on.
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
