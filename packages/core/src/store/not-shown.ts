import type { ReadResult } from "./types.js";

/**
 * What every reader (`memfiles show`, the MCP server's `read` and resources, chat's `memory_read`,
 * the memory tool's `view`) says of a file the store did not read: one over 16 times the cap
 * (docs/security.md), which `read()` gives as existing with `content` `""` and `notText` saying
 * why, so that it is never taken for an empty file.
 *
 * @param file - A `read()` result.
 * @param shownPath - The file's path as the reader writes it (default: the memory path), e.g.
 *   `/memories/topics/tools.md` for the memory tool.
 * @returns `Not shown: <path>: <why and how to fix it>.`, or `undefined` for a file that was read
 *   or does not exist.
 * @example notShownMessage(await store.read("topics/huge.md"))
 * // "Not shown: topics/huge.md: it is 90000 bytes, over 16 times the 5000-char cap, so it was not read: split it by hand or move it out of the memory folder."
 */
export function notShownMessage(file: ReadResult, shownPath = file.path): string | undefined {
  if (!file.exists || file.notText === undefined || file.content !== "") return undefined;
  return `Not shown: ${shownPath}: ${file.notText}.`;
}

/**
 * What every reader (the same four as {@link notShownMessage}) adds to a file whose bytes are not
 * text memfiles edits (not valid UTF-8 or UTF-16, NUL bytes): `read()` gives its text decoded
 * leniently with `notText` saying why, so the reader must not take it for the file's own text.
 *
 * @param file - A `read()` result.
 * @param shownPath - The file's path as the reader writes it (default: the memory path).
 * @returns `Not text: <path>: <why and how to fix it>. …`, or `undefined` for a file read as text,
 *   not read at all ({@link notShownMessage} speaks then) or missing.
 * @example shownLenientlyNote(await store.read("topics/latin1.md"))
 * // "Not text: topics/latin1.md: it is not valid UTF-8 text. Save it as UTF-8 (or UTF-16 with a byte order mark) in your editor. It is shown decoded for display only: some characters may be wrong or missing, and edits to it are refused until it is saved as text."
 */
export function shownLenientlyNote(file: ReadResult, shownPath = file.path): string | undefined {
  if (!file.exists || file.notText === undefined || file.content === "") return undefined;
  return `Not text: ${shownPath}: ${file.notText}. It is shown decoded for display only: some characters may be wrong or missing, and edits to it are refused until it is saved as text.`;
}
