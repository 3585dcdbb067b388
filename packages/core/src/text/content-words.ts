import { factKey } from "./fact-key.js";
import { splitWords } from "./split-words.js";
import { stemWord } from "./stem-word.js";
import { STOP_WORDS } from "./stop-words.js";

/** Options of {@link contentWords} and {@link contentWordList}. */
export type ContentWordsOptions = {
  /** Words to leave out (folded, before stemming); default {@link STOP_WORDS}. */
  ignore?: ReadonlySet<string>;
};

/**
 * The content words of a text as written (folded, not stemmed, in order, with repeats), for
 * messages that quote words: `contentWordList("Please forget where I deploy")` is `["deploy"]`.
 */
export function contentWordList(text: string, options: ContentWordsOptions = {}): string[] {
  const ignore = options.ignore ?? STOP_WORDS;
  return splitWords(factKey(text)).filter((word) => !ignore.has(word));
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
