import { segmenterOf } from "./segmenter.js";

// `containing` segments only around the cut, so a 1 MB transcript turn is not walked whole.
function graphemeAt(text: string, index: number): { start: number; end: number } {
  const segment = segmenterOf("grapheme").segment(text).containing(index);
  return segment === undefined
    ? { start: index, end: index }
    : { start: segment.index, end: segment.index + segment.segment.length };
}

/**
 * The longest start of a text within `maxChars` UTF-16 code units that ends on a grapheme boundary
 * (UAX #29, `Intl.Segmenter`): surrogate pairs, ZWJ sequences, flags and combining marks are kept
 * or left out whole, so the cut text is valid UTF-16 the API's JSON parser accepts.
 *
 * @example headOfText("ab👍🏽", 3) // "ab"
 */
export function headOfText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return "";
  return text.slice(0, graphemeAt(text, maxChars).start);
}

/** The longest end of a text within `maxChars`, cut on a grapheme boundary ({@link headOfText}). */
export function tailOfText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return "";
  const from = text.length - maxChars;
  const grapheme = graphemeAt(text, from);
  return text.slice(grapheme.start === from ? from : grapheme.end);
}
