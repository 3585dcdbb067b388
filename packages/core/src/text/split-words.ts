import { segmenterOf } from "./segmenter.js";

/**
 * Splits a text into words (case kept), Unicode-aware: `Intl.Segmenter` (UAX #29, with ICU's
 * dictionaries, so `我住在東京` is `我`, `住在`, `東京`), apostrophes dropped (`don't` is `dont`),
 * each word cut at anything not a letter, digit or mark (`Fly.io` is `Fly`, `io`).
 *
 * @example splitWords("Deploys on Fly.io, don't ask") // ["Deploys", "on", "Fly", "io", "dont", "ask"]
 */
export function splitWords(text: string): string[] {
  // A run of PIECE_CHARS - 1 chars without a space is cut in pieces below (a word split there),
  // which the ASCII path does not do: such text takes the segmenter, so the words stay the same.
  const longRun = text.length >= LONG_RUN_CHARS && LONG_RUN.test(text);
  if (!longRun && !NOT_ASCII.test(text)) return splitAsciiWords(text);
  return splitSegmentedWords(text);
}

const NOT_ASCII = /[^ -~\t\n\r\f\v]/;
const LONG_RUN_CHARS = 999;
const LONG_RUN = /\S{999}/;

/**
 * {@link splitWords} by `Intl.Segmenter`, for any text. Exported for the test that holds the
 * ASCII path to the same words.
 */
export function splitSegmentedWords(text: string): string[] {
  const words: string[] = [];
  for (const [start, piece] of pieces(text)) {
    for (const segment of segmenterOf("word").segment(piece)) {
      if (!segment.isWordLike) continue;
      addWord(text, start + segment.index, segment.segment, words);
    }
  }
  return words;
}

const ASCII_RUN = /[A-Za-z0-9]+/g;
const isAsciiLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);
const isAsciiDigit = (char: string | undefined) => char !== undefined && /[0-9]/.test(char);

/**
 * The same words for ASCII text without the segmenter (which costs most of a split: ~7 s of an
 * index over 60,000 catalog lines). In ASCII, UAX #29 keeps an apostrophe inside a word only
 * between two letters or two digits (WB6/7, WB11/12; `'` is MidNumLetQ), and every other
 * character that is not a letter or digit ends the word after the split above, so the words are
 * the runs of letters and digits, a run continued across such an apostrophe; then the `#` / `++`
 * sign as in `addWord`.
 */
function splitAsciiWords(text: string): string[] {
  const words: string[] = [];
  let joined = false;
  for (const match of text.matchAll(ASCII_RUN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (joined) words[words.length - 1] += match[0];
    else words.push(match[0]);
    const next = text[end];
    joined =
      next === "'" &&
      ((isAsciiLetter(text[end - 1]) && isAsciiLetter(text[end + 1])) ||
        (isAsciiDigit(text[end - 1]) && isAsciiDigit(text[end + 1])));
    if (joined) continue;
    LANGUAGE_SIGN.lastIndex = end;
    const sign = LANGUAGE_SIGN.exec(text);
    if (sign !== null) words[words.length - 1] += sign[0];
  }
  return words;
}

// ICU's word iterator slows down sharply with the length of one string (200,000 chars took
// ~1 minute here, 200 pieces of 1,000 took half a second), so the text goes in pieces cut after
// a white space (a word boundary in every script); a run without one is cut at a code point.
const PIECE_CHARS = 1_000;

function* pieces(text: string): Generator<[number, string]> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + PIECE_CHARS);
    if (end < text.length) {
      const space = text.slice(start, end).search(/\s\S*$/u);
      if (space > 0) end = start + space + 1;
      else if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end -= 1;
    }
    yield [start, text.slice(start, end)];
    start = end;
  }
}

function addWord(text: string, index: number, segmentText: string, words: string[]): void {
  const parts = segmentText.replace(/['\u2019]/g, "").split(/[^\p{L}\p{N}\p{M}]+/u);
  for (const word of parts) {
    if (word !== "") words.push(word);
  }
  // "C#", "F#", "C++", "Notepad++": a `#` or `++` right after a word, with no letter or digit
  // after it, is part of the name (else C# and C++ both read as the word "C").
  // Sticky at the segment's end: matching on a slice of the rest would cost the rest's length
  // for every word, quadratic in the text.
  LANGUAGE_SIGN.lastIndex = index + segmentText.length;
  const sign = LANGUAGE_SIGN.exec(text);
  if (sign !== null && words.length > 0 && parts.at(-1) !== "") {
    words[words.length - 1] += sign[0];
  }
}

const LANGUAGE_SIGN = /(?:#|\+\+)(?![\p{L}\p{N}])/uy;
