import { factValues } from "./fact-values.js";
import { splitWords } from "./split-words.js";
import { writingSystems } from "./writing-systems.js";

// Function words that belong to one language only (Wiktionary's frequency lists, the first words
// that no other listed language spells the same), to tell two Latin-script facts apart.
const LANGUAGE_WORDS: ReadonlyArray<readonly [language: string, words: ReadonlySet<string>]> = [
  [
    "en",
    new Set("i my the and is are at with works lives uses since from of for his her".split(" ")),
  ],
  [
    "de",
    new Set("ich mein meine der die das und ist bei mit seit für wohnt arbeitet nicht".split(" ")),
  ],
  ["fr", new Set("je mon ma mes le les et est avec chez depuis pour habite travaille".split(" "))],
  ["es", new Set("yo mi los las y es con desde vive trabaja para".split(" "))],
  ["it", new Set("io il gli e è con da vive lavora presso".split(" "))],
  ["pt", new Set("eu meu minha os e é com desde mora trabalha".split(" "))],
  ["nl", new Set("ik mijn het en is bij met sinds woont werkt".split(" "))],
];

function languageOf(text: string): string | undefined {
  const words = splitWords(text.toLowerCase());
  let best: string | undefined;
  let bestCount = 0;
  for (const [language, list] of LANGUAGE_WORDS) {
    const count = words.filter((word) => list.has(word)).length;
    if (count > bestCount) [best, bestCount] = [language, count];
    else if (count === bestCount && count > 0) best = undefined;
  }
  return best;
}

/** What {@link sameFactOtherLanguage} compares of one fact line, worked out once per line. */
export type FactLanguageTraits = {
  /** `factValues(line).exact`: identifiers, numbers, versions, dates (folded). */
  exact: ReadonlySet<string>;
  /** `factValues(line).names`: proper names (folded). */
  names: ReadonlySet<string>;
  /** The writing systems of its letters, `[...]` tags left out (`writingSystems`). */
  systems: ReadonlySet<string>;
  /** The language its function words point to, `undefined` when none or a tie. */
  language: string | undefined;
};

/**
 * The traits of a fact line that {@link sameFactOtherLanguage} compares: compute them once per
 * line and compare pairs with {@link sameTraitsOtherLanguage}.
 *
 * @example factLanguageTraits("works at Siemens since 2019").language // "en"
 */
export function factLanguageTraits(text: string): FactLanguageTraits {
  const { exact, names } = factValues(text);
  return {
    exact: new Set(exact),
    names: new Set(names),
    systems: writingSystems(text.replace(/\[[^\]]*\]/g, "")),
    language: languageOf(text),
  };
}

/**
 * The values half of {@link sameFactOtherLanguage}: the same exact values (and at least one, or a
 * shared name), and a shared name when both have names.
 */
export function sameFactValues(left: FactLanguageTraits, right: FactLanguageTraits): boolean {
  const sameExact =
    left.exact.size === right.exact.size &&
    [...left.exact].every((value) => right.exact.has(value));
  if (!sameExact) return false;
  const sharedName = [...left.names].some((name) => right.names.has(name));
  if (left.exact.size === 0 && !sharedName) return false;
  return left.names.size === 0 || right.names.size === 0 || sharedName;
}

/**
 * The language half of {@link sameFactOtherLanguage}: a non-Latin writing system on one side only,
 * or, failing that, function words of two different languages. It reads only `systems` and
 * `language`, so lines alike in both are never a pair.
 */
export function otherLanguage(left: FactLanguageTraits, right: FactLanguageTraits): boolean {
  const otherScript =
    [...left.systems].some((system) => system !== "latin" && !right.systems.has(system)) ||
    [...right.systems].some((system) => system !== "latin" && !left.systems.has(system));
  if (otherScript) return true;
  return (
    left.language !== undefined && right.language !== undefined && left.language !== right.language
  );
}

/** {@link sameFactOtherLanguage} on traits worked out once per line ({@link factLanguageTraits}). */
export function sameTraitsOtherLanguage(
  left: FactLanguageTraits,
  right: FactLanguageTraits,
): boolean {
  return sameFactValues(left, right) && otherLanguage(left, right);
}

/**
 * Whether two fact lines look like one fact in two languages (mem0-style cross-lingual
 * duplicates), by a deliberately simple test: the same values and a shared proper name
 * (`factValues`), in different writing systems or, both Latin, with function words of different
 * languages. A translated name ("Berlin" and "柏林") is not seen.
 *
 * @example sameFactOtherLanguage("works at Siemens since 2019", "arbeitet seit 2019 bei Siemens") // true
 */
export function sameFactOtherLanguage(a: string, b: string): boolean {
  return sameTraitsOtherLanguage(factLanguageTraits(a), factLanguageTraits(b));
}
