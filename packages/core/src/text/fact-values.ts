import { STATED_TAG } from "./fact-key.js";
import { foldText } from "./fold.js";

// A run of letters and digits, with `-`, `.`, `_`, `/`, `:` or `+` inside it: "eu-west-3",
// "16.2", "2026/11/30", "Fly.io", "v1.2.3".
const TOKEN = /[\p{L}\p{N}]+(?:[-._/:+][\p{L}\p{N}]+)*/gu;

/** What {@link factValues} finds in a fact, each list folded (see `foldText`) and in text order. */
export type FactValues = {
  /**
   * Identifiers, numbers, versions and dates: tokens holding a digit or a `-._/:+` between letters
   * or digits ("eu-west-3", "16.2", "2026/11/30", "fly.io").
   */
  exact: string[];
  /** Proper names: words with a capital letter after the first word ("AWS", "Postgres", "Berlin"). */
  names: string[];
};

/**
 * The values of a fact that must survive any rewrite word for word, folded and without repeats:
 * identifiers, numbers, versions and dates (`exact`) and proper names (`names`); a date tag is
 * ignored. Consolidation compares them ("eu-west" for "eu-west-3" is caught).
 *
 * @example factValues("deploys to AWS region eu-west-3") // { exact: ["eu-west-3"], names: ["aws"] }
 */
export function factValues(text: string): FactValues {
  const exact = new Set<string>();
  const names = new Set<string>();
  const plain = text.replace(STATED_TAG, "").normalize("NFKC");
  let first = true;
  for (const match of plain.matchAll(TOKEN)) {
    const token = match[0];
    const folded = foldText(token);
    if (/\p{N}/u.test(token) || /[\p{L}\p{N}][-._/:+][\p{L}\p{N}]/u.test(token)) {
      exact.add(folded);
    } else if (!first && /\p{Lu}/u.test(token)) {
      names.add(folded);
    }
    first = false;
  }
  return { exact: [...exact], names: [...names] };
}

/** The folded tokens of a text and their `-`/`.` parts ({@link factValues}): is a value in it? */
export function valueTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const match of text.replace(STATED_TAG, "").normalize("NFKC").matchAll(TOKEN)) {
    const folded = foldText(match[0]);
    tokens.add(folded);
    for (const part of folded.split(/[-._/:+]/)) tokens.add(part);
  }
  return tokens;
}
