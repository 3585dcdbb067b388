const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

// `containing` segments only around the cut, so a 1 MB transcript turn is not walked whole.
function graphemeAt(text: string, index: number): { start: number; end: number } {
  const segment = graphemes.segment(text).containing(index);
  return segment === undefined
    ? { start: index, end: index }
    : { start: segment.index, end: segment.index + segment.segment.length };
}

/**
 * The longest start of a text that is at most `maxChars` chars long and ends on a grapheme
 * boundary (Unicode extended grapheme clusters, UAX #29, through `Intl.Segmenter`): a surrogate
 * pair, a ZWJ family, a flag, an emoji with its skin tone and a letter with its combining marks are
 * kept whole or left out whole, so the cut text is valid UTF-16 that the API's JSON parser accepts.
 *
 * @param text - Any text.
 * @param maxChars - Most chars (UTF-16 code units) to keep; 0 or less keeps nothing.
 * @returns The text itself when it fits, else its longest whole-grapheme start within `maxChars`.
 * @example headOfText("ab👍🏽", 3) // "ab"
 */
export function headOfText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return "";
  return text.slice(0, graphemeAt(text, maxChars).start);
}

/**
 * The longest end of a text that is at most `maxChars` chars long and starts on a grapheme
 * boundary; the mirror of {@link headOfText}.
 *
 * @param text - Any text.
 * @param maxChars - Most chars (UTF-16 code units) to keep; 0 or less keeps nothing.
 * @returns The text itself when it fits, else its longest whole-grapheme end within `maxChars`.
 * @example tailOfText("👍🏽ab", 3) // "ab"
 */
export function tailOfText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return "";
  const from = text.length - maxChars;
  const grapheme = graphemeAt(text, from);
  return text.slice(grapheme.start === from ? from : grapheme.end);
}
