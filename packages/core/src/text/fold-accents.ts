/**
 * Drops the accents of Latin, Greek and Cyrillic letters (`Zürich` -> `Zurich`), NFC, as search
 * folds them; marks of other scripts are kept (in Japanese `が` is not `か`).
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
