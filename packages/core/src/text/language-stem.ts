import { createRequire } from "node:module";
import type { STOP_WORD_LISTS } from "./stop-words.js";

const require = createRequire(import.meta.url);

// The Snowball stemmers of `@orama/stemmers` (Apache-2.0, one module of 6-11 KB per language),
// for the languages whose stop words a forget query already drops (decision 0061), Russian too.
// English keeps Porter (`stemWord`). Each is required on first use, by a literal name so a bundle
// (the Claude Code hooks') can hold it: a process that never forgets in German never runs it.
type Stemmer = { stemmer: (word: string) => string };
const STEMMERS: Partial<Record<keyof typeof STOP_WORD_LISTS, () => Stemmer>> = {
  deu: () => require("@orama/stemmers/german"),
  fra: () => require("@orama/stemmers/french"),
  spa: () => require("@orama/stemmers/spanish"),
  por: () => require("@orama/stemmers/portuguese"),
  ita: () => require("@orama/stemmers/italian"),
  nld: () => require("@orama/stemmers/dutch"),
  rus: () => require("@orama/stemmers/russian"),
};
const loaded = new Map<string, (word: string) => string>();

/**
 * The Snowball stem of a lower-case word in a language other than English, from
 * `@orama/stemmers` (its ports of the Snowball algorithms, snowballstem.org): `languageStem("katzen",
 * "deu")` is `katz`.
 *
 * @param word - One word, lower-cased (accents as written or folded).
 * @param language - The text's language (`textLanguage`, ISO 639-3).
 * @returns The stem, or `undefined` for English and a language without a stemmer (Japanese,
 *   Chinese, Korean, Ukrainian, Arabic).
 * @example languageStem("wohnen", "deu") // "wohn"
 */
export function languageStem(
  word: string,
  language: keyof typeof STOP_WORD_LISTS,
): string | undefined {
  const load = STEMMERS[language];
  if (load === undefined) return undefined;
  let stem = loaded.get(language);
  if (stem === undefined) {
    stem = load().stemmer;
    loaded.set(language, stem);
  }
  return stem(word);
}
