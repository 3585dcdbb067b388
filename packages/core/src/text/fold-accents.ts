/**
 * Drops the accents of Latin, Greek and Cyrillic letters (`café` -> `cafe`, `Zürich` -> `Zurich`),
 * as `memfiles search` folds them, so a query typed without accents finds and forgets the same
 * lines. Marks on other scripts are kept: in Japanese a mark changes the letter (`が` is not `か`).
 *
 * @param text - Any text (a word, usually).
 * @returns The text without those accents, NFC.
 * @example foldAccents("Zürich") // "Zurich"
 */
export function foldAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu, "$1")
    .normalize("NFC");
}

/**
 * Folds a text for a lexical search, the one rule of `memfiles search`, the MCP `search` tool and
 * recall's index: NFKC, lower case, Latin, Greek and Cyrillic accents dropped
 * ({@link foldAccents}), and German `ß` written `ss`. So "koln" finds "Köln" and "grossmutter"
 * finds "Großmutter" everywhere, while a mark that changes a letter in another script is kept.
 *
 * @param text - Any text: a query, a line, a term.
 * @returns The folded text.
 * @example foldSearchText("Großmutter in Köln") // "grossmutter in koln"
 */
export function foldSearchText(text: string): string {
  return foldAccents(text.normalize("NFKC").toLowerCase()).replace(/ß/g, "ss");
}
