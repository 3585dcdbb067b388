import { factKey } from "./fact-key.js";
import { foldSearchText } from "./fold-accents.js";
import { splitWords } from "./split-words.js";
import { stemWord } from "./stem-word.js";
import { otherLanguageStopWords, STOP_WORDS } from "./stop-words.js";

/** Options of {@link contentWords} and {@link contentWordList}. */
export type ContentWordsOptions = {
  /** Words to leave out (folded, before stemming); default {@link STOP_WORDS}. */
  ignore?: ReadonlySet<string>;
  /**
   * Also leave out the stop words of the text's language when it is not English
   * (`otherLanguageStopWords`, the rule a query's words follow): "der", "mit", "de", "la".
   */
  ownLanguage?: boolean;
};

/**
 * The content words of a text as written (folded, not stemmed, in order, with repeats), for
 * messages that quote words: `contentWordList("Please forget where I deploy")` is `["deploy"]`.
 */
export function contentWordList(text: string, options: ContentWordsOptions = {}): string[] {
  const ignore = options.ignore ?? STOP_WORDS;
  const words = splitWords(factKey(text)).filter((word) => !ignore.has(word));
  if (options.ownLanguage !== true) return words;
  const folded = words.map(foldSearchText);
  const stops = otherLanguageStopWords(folded);
  return stops === undefined ? words : words.filter((_word, at) => !stops.has(folded[at] ?? ""));
}

/**
 * The content words of a text, as compared by tombstones, `forget`, the evidence check and the
 * consolidation checks: the fact key split into words (Unicode-aware; apostrophes dropped, so
 * "don't" is "dont"), function words and request words ("forget", "please", "my") removed, each
 * word reduced to its Porter stem, so "deploys", "deployed" and "deploy" are one word.
 *
 * @param text - A fact, a forget query or an evidence quote.
 * @param options - `{ ignore? }`: words to leave out; default {@link STOP_WORDS}.
 * @returns The distinct stems, in order of first appearance.
 * @example contentWords("Please forget where I deploy") // ["deploi"]
 */
export function contentWords(text: string, options: ContentWordsOptions = {}): string[] {
  return [...new Set(contentWordList(text, options).map(stemWord))];
}
