import { headOfText } from "./cut-text.js";

/** Most chars of a text a message quotes; a longer one is quoted by its head and its length. */
export const MAX_QUOTED_CHARS = 160;

/**
 * A text as a message quotes it (a refused fact, a refused path): JSON-quoted, and when longer than
 * {@link MAX_QUOTED_CHARS} chars, its head (cut at a grapheme boundary), an ellipsis and its
 * length, so a pasted 200,000-char text sent back to a model's context or a terminal stays one
 * line to read that still says which text it was.
 *
 * @param text - Any text.
 * @returns The quoted text, e.g. `"uses Neovim"`, or `"aaaa…" (5003 chars)` for a long one.
 * @example quoteText("a".repeat(5003)) // `"${"a".repeat(160)}…" (5003 chars)`
 */
export function quoteText(text: string): string {
  if (text.length <= MAX_QUOTED_CHARS) return JSON.stringify(text);
  return `${JSON.stringify(headOfText(text, MAX_QUOTED_CHARS)).slice(0, -1)}…" (${text.length} chars)`;
}
