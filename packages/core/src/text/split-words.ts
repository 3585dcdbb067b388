// "und": no locale's tailoring, so the split is the same on every machine. ICU's dictionaries
// still split Chinese, Japanese, Thai and other scripts written without spaces into words.
const segmenter = new Intl.Segmenter("und", { granularity: "word" });

/**
 * Splits a text into words, Unicode-aware: `Intl.Segmenter` (UAX #29 word boundaries, with ICU's
 * dictionaries for scripts written without spaces, so `我住在東京` is `我`, `住在`, `東京`), then
 * apostrophes dropped (`don't` is `dont`) and each word cut at anything that is not a letter,
 * digit or combining mark (`Fly.io` is `Fly`, `io`; `3.5` is `3`, `5`). Case is kept: fold first
 * (see `foldText`) to compare.
 *
 * @param text - Any text.
 * @returns The words in order, with repeats.
 * @example splitWords("Deploys on Fly.io, don't ask") // ["Deploys", "on", "Fly", "io", "dont", "ask"]
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const parts = segment.segment.replace(/['\u2019]/g, "").split(/[^\p{L}\p{N}\p{M}]+/u);
    for (const word of parts) {
      if (word !== "") words.push(word);
    }
    // "C#", "F#", "C++", "Notepad++": a `#` or `++` right after a word, with no letter or digit
    // after it, is part of the name (else C# and C++ both read as the word "C").
    const sign = LANGUAGE_SIGN.exec(text.slice(segment.index + segment.segment.length));
    if (sign !== null && words.length > 0 && parts.at(-1) !== "") {
      words[words.length - 1] += sign[0];
    }
  }
  return words;
}

const LANGUAGE_SIGN = /^(?:#|\+\+)(?![\p{L}\p{N}])/u;
