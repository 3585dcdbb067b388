import { contentWords } from "./content-words.js";
import { endedPhrases } from "./ended-words.js";
import { foldText } from "./fold.js";
import { memoizeText } from "./memo.js";
import { sameRelations } from "./relation-words.js";
import { NEGATION_WORDS, STOP_WORDS } from "./stop-words.js";

const AFFIRMATIVE_STOP_WORDS: ReadonlySet<string> = new Set(
  [...STOP_WORDS].filter((word) => !NEGATION_WORDS.has(word)),
);

// A fact restates a line only when its content words are at least a third of the line's: a
// rewording ("deploys to Fly.io" of "deploys on Fly.io (previously Heroku)") keeps most of them,
// while a short fact whose few words a long hand-written line happens to hold ("likes painting"
// in "Painting looks like a great outlet for expressing yourself") says something new.
const RESTATED_SHARE = 3;

// Memoized: the write pass indexes every stored line by these words, and checks each proposal
// against the lines that share one. `holds` is the polarity: false when the text negates its words
// ("doesn't eat pork") or says they ended ("used to live in Berlin", "stopped drinking coffee");
// the words are what is left without those.
const statedWords = memoizeText((text: string): { words: Set<string>; holds: boolean } => {
  const folded = foldText(text);
  const rest = folded.replace(endedPhrases(), " ");
  const words = contentWords(rest, { ignore: AFFIRMATIVE_STOP_WORDS });
  return {
    words: new Set(words.filter((word) => !NEGATION_WORDS.has(word))),
    holds: rest === folded && !words.some((word) => NEGATION_WORDS.has(word)),
  };
});

/**
 * What {@link restatesFact} and {@link reversesFact} compare, and what an index of stored lines
 * keys them by: the content words without negations and ended-phrases, and `holds: false` when
 * the text negates them or says they ended. The set is shared: do not change it.
 *
 * @example statedFactWords("doesn't eat pork anymore") // { words: Set { "eat", "pork" }, holds: false }
 */
export function statedFactWords(text: string): { words: ReadonlySet<string>; holds: boolean } {
  return statedWords(text);
}

/**
 * Whether a proposed fact only restates a stored line (a date tag ignored): every content word of
 * the fact (`contentWords`) is in the line, both have the same polarity (negated or ended in both
 * or neither; {@link endedPhrases}), both name the same relations (`sameRelations`: "Anna lives
 * in Madrid" is not "Anna's sister lives in Madrid"), and the fact's words are at least a third
 * of the line's. `eats pork` does not restate `doesn't eat pork anymore`; `uses Neovim and tmux`
 * adds a word.
 *
 * @example restatesFact("Neovim is the user's main editor", "uses Neovim as the main editor") // true
 */
export function restatesFact(fact: string, line: string): boolean {
  const proposed = statedWords(fact);
  if (proposed.words.size === 0) return false;
  const stored = statedWords(line);
  if (proposed.holds !== stored.holds) return false;
  if (proposed.words.size * RESTATED_SHARE < stored.words.size) return false;
  if (![...proposed.words].every((word) => stored.words.has(word))) return false;
  return sameRelations(fact, line);
}

/**
 * Whether a proposed fact says the opposite of a stored line, so it updates the line: the other
 * polarity (see {@link restatesFact}), and the content words of one hold the other's, the smaller
 * at least half the larger (`smoke alarm beeps at night` does not reverse `quit smoking`), and
 * both name the same relations (`sameRelations`: another person's fact is not updated).
 *
 * @example reversesFact("drinks coffee", "stopped drinking coffee") // true
 */
export function reversesFact(fact: string, line: string): boolean {
  const proposed = statedWords(fact);
  const stored = statedWords(line);
  if (proposed.holds === stored.holds) return false;
  const [smaller, larger] =
    proposed.words.size <= stored.words.size
      ? [proposed.words, stored.words]
      : [stored.words, proposed.words];
  if (smaller.size === 0 || smaller.size * 2 < larger.size) return false;
  if (![...smaller].every((word) => larger.has(word))) return false;
  return sameRelations(fact, line);
}
