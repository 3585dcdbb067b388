import { foldAccents } from "./fold-accents.js";
import { languageStem } from "./language-stem.js";
import { stemWord } from "./stem-word.js";
import type { STOP_WORD_LISTS } from "./stop-words.js";

// Words ending in an "s" that are not the plural or third person of the word without it, so
// "new" does not match "news" nor "mean" "means" (decision 0025-fact-layout, "forget matching").
const NOT_INFLECTED = new Set([
  "news",
  "lens",
  "means",
  "series",
  "species",
  "physics",
  "politics",
  "economics",
  "ethics",
  "athletics",
  "always",
  "perhaps",
  "thanks",
  "glasses",
  "pants",
  "goods",
  "arms",
  "letters",
  "customs",
  "works",
]);

// The shortest base an inflected word may have: "cats" -> "cat" matches, "is" -> "i" does not.
const MIN_BASE_CHARS = 3;

/**
 * The bases an English word may be an inflection of (plural, third person, past, -ing), the word
 * itself first: "deploys" -> deploys, deploy; "studies" -> studies, study; "used" -> used, us, use;
 * "stopping" -> stopping, stopp, stoppe, stop. Only inflectional endings: "organic" has only itself.
 */
function inflectionBases(word: string): string[] {
  const bases = [word];
  if (NOT_INFLECTED.has(word)) return bases;
  const cut = (n: number) => word.slice(0, word.length - n);
  const doubled = (stem: string) =>
    stem.length >= 2 && stem.at(-1) === stem.at(-2) && /[b-df-hj-np-tv-z]/.test(stem.at(-1) ?? "")
      ? [stem.slice(0, -1)]
      : [];
  if (word.endsWith("ies")) bases.push(`${cut(3)}y`);
  else if (word.endsWith("es")) bases.push(cut(2), cut(1));
  else if (word.endsWith("s") && !word.endsWith("ss")) bases.push(cut(1));
  if (word.endsWith("ied")) bases.push(`${cut(3)}y`);
  else if (word.endsWith("ed")) bases.push(cut(2), cut(1), ...doubled(cut(2)));
  if (word.endsWith("ing")) bases.push(cut(3), `${cut(3)}e`, ...doubled(cut(3)));
  return bases.filter((base) => base === word || base.length >= MIN_BASE_CHARS);
}

// Porter keeps the "y" of a word without another vowel ("fly", "cry", "sky") but gives its -ies
// and -ied forms "fli", "cri", "ski", so their stems differ: "flies" is "fly" with -ies all the same.
function isYInflection(inflected: string, base: string): boolean {
  if (NOT_INFLECTED.has(inflected) || !/^[^aeiouy]+y$/.test(base)) return false;
  return base.length >= MIN_BASE_CHARS && /^(.+)ie[sd]$/.exec(inflected)?.[1] === base.slice(0, -1);
}

/**
 * Whether two words are the same word for forgetting (decision 0025-fact-layout, "forget
 * matching"): equal once lower-cased with Latin, Greek and Cyrillic accents dropped ("cafe" =
 * "café"), or the same Porter stem AND one an inflection of the other (-s, -es, -ies, -ed, -ied,
 * -ing: "deploy" = "deployed", "fly" = "flies"). A shared stem alone is not enough ("organ" and
 * "organic"): forgetting deletes text. In another language (`language`, the text's by its stop
 * words, `textLanguage`) also the same Snowball stem (`languageStem`) with each word at most 3
 * letters past it, and in German a verb in -e or -en with its person ending ("wohne" = "wohnt"),
 * decision 0089.
 *
 * @param a - One word.
 * @param b - The other word.
 * @param language - The language both are in (ISO 639-3); default English.
 * @returns Whether forget takes them as one word.
 * @example sameWord("deploy", "deploys") // true
 * @example sameWord("wohne", "wohnt", "deu") // true
 */
export function sameWord(
  a: string,
  b: string,
  language: keyof typeof STOP_WORD_LISTS = "eng",
): boolean {
  const x = foldAccents(a.toLowerCase());
  const y = foldAccents(b.toLowerCase());
  if (x === y) return true;
  if (language !== "eng" && sameInLanguage(x, y, language)) return true;
  if (stemWord(x) !== stemWord(y)) return isYInflection(x, y) || isYInflection(y, x);
  const left = new Set(inflectionBases(x));
  return inflectionBases(y).some((base) => left.has(base));
}

// An inflectional ending is short; Snowball also strips derivations ("-ique", "-ation", "-ador",
// "-lich"), which name another thing: "organique" is not "organe", "trabajador" not "trabajo".
const MAX_ENDING_CHARS = 3;
// Snowball's German stems no verb person ending but "-st" ("wohne" is wohn, "wohnt" wohnt):
// a word ending in -e or -en is the same verb as its stem with -t, -st or -et ("wohnt",
// "arbeitet"), never a word without that -e ("Mark" is not "Markt").
const GERMAN_PERSON_ENDINGS = ["t", "st", "et"];

// The same word in `language` (its Snowball stem, `languageStem`): equal stems, each word at most
// an inflectional ending longer than the stem, or a German verb's person ending.
function sameInLanguage(x: string, y: string, language: keyof typeof STOP_WORD_LISTS): boolean {
  const stemX = languageStem(x, language);
  const stemY = languageStem(y, language);
  if (stemX === undefined || stemY === undefined || stemX.length < MIN_BASE_CHARS) return false;
  if (
    stemX === stemY &&
    x.startsWith(stemX) &&
    y.startsWith(stemY) &&
    x.length - stemX.length <= MAX_ENDING_CHARS &&
    y.length - stemY.length <= MAX_ENDING_CHARS
  ) {
    return true;
  }
  if (language !== "deu") return false;
  const personOf = (verb: string, stem: string, other: string) =>
    /en?$/.test(verb) &&
    stem.length >= MIN_BASE_CHARS &&
    GERMAN_PERSON_ENDINGS.some((ending) => other === stem + ending);
  return personOf(x, stemX, y) || personOf(y, stemY, x);
}
