// Where a secret's halves meet when it is split across two texts, label words between them
// dropped: shared by the split check (find-split-secrets.ts) and the screen that decides whether a
// text needs the check at all (secret-screen.ts), which must not load the check's imports.

import { LINE_MARKER_SOURCE } from "../text/list-marker.js";

/**
 * What stands before a fact in a memory file's line, cut before joins: quote markers ("> "), a
 * list marker ("- ", "• ", "1. ", "2) ") and a date tag.
 */
export const LINE_LEAD = new RegExp(
  String.raw`^\s*(?:>[^\S\r\n]*)*(?:(?:${LINE_MARKER_SOURCE})\s+)?(?:\[stated [^\]]*\]\s*)?`,
  "u",
);

// Label words said between a secret's halves ("first part", "second half:", "…continued", "the
// rest is", "AWS key", "I"): a plain word or a short acronym, with punctuation or markdown
// (backticks, bars, stars, a quote's ">") around it. No digit: a
// card's or an IBAN's half starts with a group as short as "4". Dropped from the end of one text
// and the start of the next, up to MAX_LABEL_WORDS on each side, the halves meet as they do when
// said together.
const LABEL_WORD = /^[…:;,.!?'"()[\]`|*>]*(?:\p{Lu}?\p{Ll}+|\p{Lu}{1,3})?[…:;,.!?'"()[\]`|*]*$/u;
const MAX_LABEL_WORDS = 5;
// Punctuation glued to a half ("AKIA2E4K…", "…7XY5") and markdown around it (`code`, **bold**,
// a table cell's bar): not part of any key.
const GLUED_END = /(?:[…:;,!?'"()[\]`|*]|\.{2,})+$/u;
const GLUED_START = /^(?:[…:;,!?'"()[\]`|*]|\.{2,})+/u;

// The word of `text` before `end` (or after `start`), or undefined when there is none.
function wordBefore(text: string, end: number): { index: number; 0: string } | undefined {
  let to = end;
  while (to > 0 && /\s/.test(text[to - 1] as string)) to--;
  let from = to;
  while (from > 0 && !/\s/.test(text[from - 1] as string)) from--;
  return from === to ? undefined : { index: from, 0: text.slice(from, to) };
}
function wordAfter(text: string, start: number): { index: number; 0: string } | undefined {
  const words = /\S+/g;
  words.lastIndex = start;
  return words.exec(text) ?? undefined;
}

// The text's last word that is not a label word, when at most MAX_LABEL_WORDS follow it; the text
// read backwards for its first one. Prose (more label words than that) has none. Reads only the
// words it needs: every line of a long file passes here.
function keyWord(text: string, from: "end" | "start"): { index: number; 0: string } | undefined {
  let at = from === "end" ? text.length : 0;
  for (let seen = 0; seen <= MAX_LABEL_WORDS; seen++) {
    const word = from === "end" ? wordBefore(text, at) : wordAfter(text, at);
    if (word === undefined || !LABEL_WORD.test(word[0])) return word;
    at = from === "end" ? word.index : word.index + word[0].length;
  }
  return undefined;
}

// A word that may hold part of a key: a digit, a lower case letter before a capital, or a
// symbol keys are made of. A number of a few digits or a dotted name ("Fly.io") alone is not
// enough: the two words at a join must hold MIN_KEY_CHARS letters and digits between them, so a
// line ending "in 2023" and the next "moved in 2024" are not joined without their words.
const KEY_SHAPED = /\p{N}|\p{Ll}\p{Lu}|[-_/+=@~]/u;
/** Letters and digits the two words at a labelled join must hold between them. */
export const MIN_KEY_CHARS = 8;

/**
 * Where a secret's first half in a text ends (after its last key word, the label words and
 * punctuation after it dropped) and that word; undefined when it ends in prose.
 */
export function headEnd(text: string): { at: number; word: string } | undefined {
  const found = keyWord(text, "end");
  if (found === undefined) return undefined;
  const at = found.index + found[0].length - (GLUED_END.exec(found[0])?.[0].length ?? 0);
  const word = text.slice(found.index, at);
  return KEY_SHAPED.test(word) ? { at, word } : undefined;
}

/**
 * Where a secret's second half in a text starts (at its first key word, the label words and
 * punctuation before it dropped) and that word; undefined when it starts with prose.
 */
export function tailStart(text: string): { at: number; word: string } | undefined {
  const found = keyWord(text, "start");
  if (found === undefined) return undefined;
  const at = found.index + (GLUED_START.exec(found[0])?.[0].length ?? 0);
  const word = text.slice(at, found.index + found[0].length);
  return KEY_SHAPED.test(word) ? { at, word } : undefined;
}
