import { stemmer } from "stemmer";

/**
 * The Porter stem of a lower-case word (`stemmer`): `stemWord("deploys")` is `deploi`; numbers
 * and words of other scripts come back unchanged.
 */
export function stemWord(word: string): string {
  return /^\p{N}+$/u.test(word) ? word : stemmer(word);
}
