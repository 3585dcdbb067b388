import { foldText } from "./fold.js";
import { memoizeText } from "./memo.js";

/** A leading `[stated ...]` tag, valid or not (the seed design's date tag on a fact line). */
export const STATED_TAG = /^\s*\[stated\b[^\]\n]*\]\s*/i;

/**
 * Fold a fact's text for matching: drops a leading `[stated ...]` tag, applies Unicode NFKC, lower
 * cases, and turns runs of white space into one space. Consolidation matches input and output lines
 * on this (the seed design: "matched on the fact text, date tag ignored").
 *
 * @param text - A fact's text or a whole fact line.
 * @returns The folded text; `""` for blank input.
 * @example normalizeFactText("[stated 2026/09/12]  Uses  NeoVim") // "uses neovim"
 */
export function normalizeFactText(text: string): string {
  return text.normalize("NFKC").replace(STATED_TAG, "").replace(/\s+/g, " ").trim().toLowerCase();
}

// Memoized: the write pass compares every proposal with every stored line.
const memoizedFactKey = memoizeText((text: string) =>
  trimEndPunctuation(foldText(normalizeFactText(text))).trim(),
);

/**
 * The key two fact texts are compared on (for `replaces`, duplicates and tombstones): a leading
 * `[stated …]` tag dropped, NFKC, case and white space folded (the seed design: "matched on the
 * fact text, date tag ignored"), curly quotes made straight and end punctuation dropped.
 *
 * @param text - A fact's text, or a whole fact line.
 * @returns The key; `""` for blank input.
 * @example factKey("[stated 2026/09/12]  Loves  Thai food.") // "loves thai food"
 */
// The end's run of `.!;,` cut by a scan from the end: the regex `/[.!;,]+$/` tries every run in
// the text from its start, quadratic in a text of many dots.
function trimEndPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && ".!;,".includes(text[end - 1] ?? "")) end -= 1;
  return text.slice(0, end);
}

export function factKey(text: string): string {
  return memoizedFactKey(text);
}
