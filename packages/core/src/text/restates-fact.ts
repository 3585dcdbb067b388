import { contentWords } from "./content-words.js";
import { memoizeText } from "./memo.js";
import { NEGATION_WORDS, STOP_WORDS } from "./stop-words.js";

const AFFIRMATIVE_STOP_WORDS: ReadonlySet<string> = new Set(
  [...STOP_WORDS].filter((word) => !NEGATION_WORDS.has(word)),
);

// Memoized: the write pass checks every proposal against every stored line.
const statedWords = memoizeText((text: string): { words: Set<string>; negated: boolean } => {
  const words = contentWords(text, { ignore: AFFIRMATIVE_STOP_WORDS });
  return {
    words: new Set(words.filter((word) => !NEGATION_WORDS.has(word))),
    negated: words.some((word) => NEGATION_WORDS.has(word)),
  };
});

/**
 * Whether a proposed fact only restates a line already stored: every content word of the fact (see
 * `contentWords`: stemmed, function words dropped, any script) is in the line, and both or neither
 * are negated. `main editor is Neovim` restates `uses Neovim as the main editor`; `eats pork`
 * does not restate `doesn't eat pork anymore`, and `uses Neovim and tmux` adds a word.
 *
 * @param fact - The proposed fact.
 * @param line - A stored fact's text (a date tag is ignored).
 * @returns `true` when the fact adds nothing to the line.
 * @example restatesFact("Neovim is the user's main editor", "uses Neovim as the main editor") // true
 */
export function restatesFact(fact: string, line: string): boolean {
  const proposed = statedWords(fact);
  if (proposed.words.size === 0) return false;
  const stored = statedWords(line);
  if (proposed.negated !== stored.negated) return false;
  return [...proposed.words].every((word) => stored.words.has(word));
}
