import { headOfText } from "./cut-text.js";

/** Most chars of a text a message quotes; a longer one is quoted by its head and its length. */
export const MAX_QUOTED_CHARS = 160;

/**
 * A text as a message quotes it: JSON-quoted, and past {@link MAX_QUOTED_CHARS} chars its head (cut
 * on a grapheme), `…` and its length, so a pasted 200,000-char text stays one line to read.
 *
 * @example quoteText("a".repeat(5003)) // `"${"a".repeat(160)}…" (5003 chars)`
 */
export function quoteText(text: string): string {
  if (text.length <= MAX_QUOTED_CHARS) return JSON.stringify(text);
  return `${JSON.stringify(headOfText(text, MAX_QUOTED_CHARS)).slice(0, -1)}…" (${text.length} chars)`;
}
