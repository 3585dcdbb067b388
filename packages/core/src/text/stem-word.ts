import { stemmer } from "stemmer";

/**
 * The Porter stem of a word (the `stemmer` package), so "deploys", "deployed" and "deploy" are one
 * word; numbers stay as they are, and words of scripts without Latin suffixes come back unchanged.
 *
 * @param word - One lower-case word (see `splitWords`).
 * @returns The stem.
 * @example stemWord("deploys") // "deploi"
 */
export function stemWord(word: string): string {
  return /^\p{N}+$/u.test(word) ? word : stemmer(word);
}
