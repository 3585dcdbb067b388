// "und": no locale's tailoring, so the split is the same on every machine. ICU's dictionaries
// still split Chinese, Japanese, Thai and other scripts written without spaces into words.
const segmenter = new Intl.Segmenter("und", { granularity: "word" });

/**
 * Splits a text into words, Unicode-aware: `Intl.Segmenter` (UAX #29 word boundaries, with ICU's
 * dictionaries for scripts written without spaces, so `我住在東京` is `我`, `住在`, `東京`), then
 * apostrophes dropped (`don't` is `dont`) and each word cut at anything that is not a letter,
 * digit or combining mark (`Fly.io` is `Fly`, `io`; `3.5` is `3`, `5`). Case is kept: fold first
 * (see `foldText`) to compare. All-ASCII text takes a path without ICU that gives the same words.
 *
 * @param text - Any text.
 * @returns The words in order, with repeats.
 * @example splitWords("Deploys on Fly.io, don't ask") // ["Deploys", "on", "Fly", "io", "dont", "ask"]
 */
export function splitWords(text: string): string[] {
  return NOT_ASCII.test(text) ? splitWordsWithSegmenter(text) : splitAsciiWords(text);
}

/**
 * {@link splitWords} through `Intl.Segmenter`, for any text (what `splitWords` does for text that
 * is not all ASCII).
 *
 * @param text - Any text.
 * @returns The words in order, with repeats.
 */
export function splitWordsWithSegmenter(text: string): string[] {
  const words: string[] = [];
  for (const [start, piece] of pieces(text)) {
    for (const segment of segmenter.segment(piece)) {
      if (!segment.isWordLike) continue;
      addWord(text, start + segment.index, segment.segment, words);
    }
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

// A char that is not ASCII (U+0000 to U+007F).
const NOT_ASCII = /[^\p{ASCII}]/u;

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The words `splitWordsWithSegmenter` gives an all-ASCII text, without ICU (several times faster;
 * every stored line is split once a write pass): UAX #29 joins a run of letters and digits across
 * an apostrophe only between two letters or two digits (WB6, WB7, WB11, WB12), and every other
 * char ends a word once `addWord` cuts at what is not a letter or digit; a `#` or `++` right after
 * a word joins it as in `addWord`. A property test checks both give the same words.
 */
function splitAsciiWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  let word = "";
  for (let index = 0; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : -1;
    if (isLetter(code) || isDigit(code)) {
      if (start < 0) start = index;
      continue;
    }
    if (code === 39 && start >= 0) {
      const before = text.charCodeAt(index - 1);
      const after = index + 1 < text.length ? text.charCodeAt(index + 1) : -1;
      if ((isLetter(before) && isLetter(after)) || (isDigit(before) && isDigit(after))) {
        word += text.slice(start, index);
        start = index + 1;
        continue;
      }
    }
    if (start < 0) continue;
    word += text.slice(start, index);
    LANGUAGE_SIGN.lastIndex = index;
    const sign = index < text.length ? LANGUAGE_SIGN.exec(text) : null;
    words.push(sign === null ? word : word + sign[0]);
    word = "";
    start = -1;
  }
  return words;
}
