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

/**
 * Whether two fact lines look like one fact in two languages (mem0-style cross-lingual
 * duplicates), by a deliberately simple test: the same values and a shared proper name
 * (`factValues`), in different writing systems or, both Latin, with function words of different
 * languages. A translated name ("Berlin" and "柏林") is not seen.
 *
 * @example sameFactOtherLanguage("works at Siemens since 2019", "arbeitet seit 2019 bei Siemens") // true
 */
export function sameFactOtherLanguage(a: string, b: string): boolean {
  const left = factValues(a);
  const right = factValues(b);
  const sameExact =
    left.exact.length === right.exact.length &&
    left.exact.every((value) => right.exact.includes(value));
  const sharedNames = left.names.filter((name) => right.names.includes(name)).length;
  if (!sameExact || (left.exact.length === 0 && sharedNames === 0)) return false;
  if (left.names.length > 0 && right.names.length > 0 && sharedNames === 0) return false;
  const leftSystems = writingSystems(a.replace(/\[[^\]]*\]/g, ""));
  const rightSystems = writingSystems(b.replace(/\[[^\]]*\]/g, ""));
  const otherScript =
    [...leftSystems].some((system) => system !== "latin" && !rightSystems.has(system)) ||
    [...rightSystems].some((system) => system !== "latin" && !leftSystems.has(system));
  if (otherScript) return true;
  const [one, two] = [languageOf(a), languageOf(b)];
  return one !== undefined && two !== undefined && one !== two;
}
