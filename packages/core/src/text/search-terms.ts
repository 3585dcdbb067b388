import { foldSearchText } from "./fold-accents.js";
import { segmenterOf } from "./segmenter.js";
import { splitWords } from "./split-words.js";
import { stemWord } from "./stem-word.js";
import { QUERY_STOP_WORDS } from "./stop-words.js";

// A symbol or pictograph outside ASCII ("🎸", "☕", "★", "€"): ASCII signs ("+", "$", "=") sit in
// code and prices on every other line, and "C++" / "C#" are words already (see splitWords).
const SYMBOL = /(?![\0-\x7f])[\p{S}\p{Extended_Pictographic}]/u;
const VARIATION_SELECTOR = /\uFE0F/g;
// Ideographs, kana and hangul: one character can be a word ("狗", "개"), and ICU's dictionary
// cuts a line and a query differently ("猫叫" in "我的猫叫小白", "猫" alone in a query).
const CJK_SCRIPTS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}";
const CJK_CHAR = new RegExp(`[${CJK_SCRIPTS}]`, "u");
// Only an ideograph carries a meaning of its own: a kana or hangul character is a syllable, and
// as a term it would tie unrelated words ("ン" of "ペリカン" and of "ドキュメント").
const IDEOGRAPHS = /\p{Script=Han}/gu;

/**
 * The terms a lexical search indexes and looks up: the words of {@link splitWords}, then every
 * emoji or other symbol outside ASCII as a term of its own, as `Intl.Segmenter` cuts them (UAX
 * #29: a ZWJ sequence, a flag or a skin-toned emoji stays one term). So a query made only of
 * emoji ("🎸") finds "plays 🎸 on weekends", which a split into words alone reads as no term.
 * The emoji presentation selector (U+FE0F) is dropped, so "❤️" and "❤" are the same term.
 * A word holding ideographs (Unicode `Script=Han`) is followed by each ideograph as a term, so
 * "猫" finds "我的猫叫小白" (ICU cuts `猫叫`); a kana or hangul word stays whole (one such
 * character is a syllable, not a word), so "ペリカン" and "ドキュメント" share no term ("ン").
 *
 * @param text - Any text: an indexed line, name or description, or a query.
 * @returns The words in order, each CJK word followed by its characters, then the symbols in
 *   order, with repeats.
 * @example splitSearchTerms("plays 🎸 on weekends") // ["plays", "on", "weekends", "🎸"]
 * @example splitSearchTerms("猫叫小白") // ["猫叫", "猫", "叫", "小白", "小", "白"]
 */
export function splitSearchTerms(text: string): string[] {
  const words = CJK_CHAR.test(text) ? withCharacters(splitWords(text)) : splitWords(text);
  if (!SYMBOL.test(text)) return words;
  for (const segment of segmenterOf("word").segment(text)) {
    if (segment.isWordLike || !SYMBOL.test(segment.segment)) continue;
    words.push(segment.segment.replace(VARIATION_SELECTOR, ""));
  }
  return words;
}

function withCharacters(words: string[]): string[] {
  const terms: string[] = [];
  for (const word of words) {
    terms.push(word);
    const chars = word.match(IDEOGRAPHS);
    if (chars !== null && chars[0] !== word) terms.push(...chars);
  }
  return terms;
}

/** Whether a search term is a symbol (emoji, sign), which counts even one char long ("★"). */
export function isSymbolTerm(term: string): boolean {
  return SYMBOL.test(term);
}

/**
 * Whether a (folded) term is too short to search: one char that is not a symbol ("★"), an
 * ideograph, kana or hangul ("狗"). The one length rule of recall's terms and the pre-filter's.
 */
export function isTooShortTerm(term: string): boolean {
  return term.length < 2 && !isSymbolTerm(term) && !CJK_CHAR.test(term);
}

/**
 * The form under which budgeted recall indexes and looks up a term: folded as search folds it
 * (`foldSearchText`: case, Latin accents, `ß`), Porter-stemmed
 * (`stemWord`), and dropped (`null`) when it is a query stop word or {@link isTooShortTerm}. One rule for recall and for anything measured against it (the LoCoMo bench's tuned
 * BM25 baselines), so the two normalize alike.
 *
 * @param term - One term of {@link splitSearchTerms}.
 * @returns The stemmed term, or `null` when it is not searched.
 * @example stemmedSearchTerm("Adopted") // "adopt"
 */
export function stemmedSearchTerm(term: string): string | null {
  const lower = foldSearchText(term);
  if (isTooShortTerm(lower) || QUERY_STOP_WORDS.has(lower)) return null;
  return stemWord(lower);
}

/** Shortest query term (chars) matched as a prefix too ("adop" finds "adoption"). */
const PREFIX_MIN_CHARS = 4;

/** Whether a query term also matches the indexed terms it begins: terms of 4+ chars. */
export function isPrefixSearchTerm(term: string): boolean {
  return term.length >= PREFIX_MIN_CHARS;
}
