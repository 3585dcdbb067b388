import { segmenterOf } from "./segmenter.js";

/**
 * The length of a text in graphemes (UAX #29 extended clusters, `Intl.Segmenter`): an accented
 * letter, an emoji with skin tone or a CJK ideograph outside the BMP each count 1.
 *
 * @example countGraphemes("café 👍🏽") // 6
 */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of segmenterOf("grapheme").segment(text)) count++;
  return count;
}
