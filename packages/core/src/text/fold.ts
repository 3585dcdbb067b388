/**
 * Folds a text for comparison: Unicode NFKC, curly quotes and apostrophes to straight ones, dashes
 * to `-`, lower case, every run of white space to one space, trimmed. Evidence quotes, fact keys
 * and forget queries are all compared folded.
 *
 * @param text - Any text.
 * @returns The folded text.
 * @example foldText("I  can’t\nSTAND it") // "i can't stand it"
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201A\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
