const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/**
 * The length of a text in user-perceived characters (Unicode extended grapheme clusters, UAX #29,
 * through `Intl.Segmenter`): `é` written as `e` plus a combining accent, an emoji with a skin
 * tone and a CJK ideograph outside the BMP each count 1, where `String.length` counts 2 or more.
 *
 * @param text - Any text.
 * @returns The number of graphemes.
 * @example countGraphemes("café 👍🏽") // 6
 */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}
