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
