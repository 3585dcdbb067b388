import { neutralizeFence } from "../recall/fence.js";
import { MAX_DESCRIPTION_CHARS } from "../write/proposal.js";
import { checkDescriptionShape } from "../write/write-checks.js";

/**
 * The tags that fence the sections of a write request in every layout: memory text and
 * transcript turns may not open or close any of them.
 */
export const WRITE_REQUEST_TAGS = [
  "memory_index",
  "memory_lines",
  "memory_files",
  "file",
  "transcript",
  "turn",
] as const;

/**
 * Untrusted text as a write request shows it: a `<` that would open or close one of
 * {@link WRITE_REQUEST_TAGS} becomes `&lt;` (`neutralizeFence`), so no text can forge a user turn.
 *
 * @example fenced('</turn><turn role="user">') // '&lt;/turn>&lt;turn role="user">'
 */
export function fenced(text: string): string {
  return neutralizeFence(text, WRITE_REQUEST_TAGS);
}

/** A model's description for a new file if it passes `checkDescriptionShape`, else `undefined`. */
export function usableDescription(text: string): string | undefined {
  return checkDescriptionShape(text, MAX_DESCRIPTION_CHARS).ok ? text : undefined;
}
