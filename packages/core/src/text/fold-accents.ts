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
 * ({@link foldAccents}), German `ß` written `ss`, and Turkish dotless `ı` written `i` (`İ` already
 * lower-cases to `i` plus a dot that the accent fold drops). So "koln" finds "Köln", "grossmutter"
 * finds "Großmutter" and "IĞDIR" finds "Iğdır" everywhere, while a mark that changes a letter in
 * another script is kept. Locale-free: the same text folds alike for every user.
 *
 * @param text - Any text: a query, a line, a term.
 * @returns The folded text.
 * @example foldSearchText("Großmutter in Köln") // "grossmutter in koln"
 */
export function foldSearchText(text: string): string {
  // Turkish case pairs I/ı and İ/i do not round-trip under locale-free lower-casing ("IĞDIR" ->
  // "iğdir", "Iğdır" -> "iğdır"), so ı is folded to i, as accents are.
  return foldAccents(text.normalize("NFKC").toLowerCase()).replace(/ß/g, "ss").replace(/ı/g, "i");
}
