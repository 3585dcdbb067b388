import { headOfText } from "./cut-text.js";

/** Most chars of a text a message quotes; a longer one is quoted by its head and its length. */
export const MAX_QUOTED_CHARS = 160;

// The head of a text past the limit, cut on a grapheme, with the ellipsis.
const headOf = (text: string): string => `${headOfText(text, MAX_QUOTED_CHARS)}…`;

/**
 * A text as a message quotes it: JSON-quoted, and past {@link MAX_QUOTED_CHARS} chars its head (cut
 * on a grapheme), `…` and its length, so a pasted 200,000-char text stays one line to read.
 *
 * @example quoteText("a".repeat(5003)) // `"${"a".repeat(160)}…" (5003 chars)`
 */
export function quoteText(text: string): string {
  if (text.length <= MAX_QUOTED_CHARS) return JSON.stringify(text);
  return `${JSON.stringify(headOf(text))} (${text.length} chars)`;
}

/**
 * A text as a message shows it where the words around it name it unquoted (a memory-tool path,
 * as the memory tool's docs word its messages): whole up to {@link MAX_QUOTED_CHARS} chars, past
 * that cut as {@link quoteText} cuts it.
 *
 * @example shownText("a".repeat(5003)) // `${"a".repeat(160)}… (5003 chars)`
 */
export function shownText(text: string): string {
  if (text.length <= MAX_QUOTED_CHARS) return text;
  return `${headOf(text)} (${text.length} chars)`;
}
