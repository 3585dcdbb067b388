import type { ReadResult } from "./types.js";

/**
 * What every reader (`memfiles show`, the MCP server's `read`, chat's `memory_read`, the memory
 * tool's `view`) says of a file the store did not read: one over 16 times the cap
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
