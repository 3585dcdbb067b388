import { lazy } from "../text/lazy.js";
import {
  PASSWORD_LANGUAGE_STOP_WORD_LISTS,
  STOP_WORD_LISTS,
  STOP_WORDS,
} from "../text/stop-words.js";
import { isNotAPasswordValue, isPointerWord } from "./password-words.js";

// Words a sentence about a password is made of and a passphrase is not: every stop word memfiles
// reads (the `stopword` package's lists of 12 languages, `STOP_WORD_LISTS`, those of Swedish,
// Danish, Norwegian and Polish, whose password words the check reads, and memfiles' own
// `STOP_WORDS`: "something", "thing"), the words 0092's "passphrase:" rule stops at, and the
// words that say how often or when ("my password is wrong every single time"). Built on the first
// passphrase looked at: a process that finds no password word never needs it.
const PHRASE_STOPS = lazy(
  (): ReadonlySet<string> =>
    new Set([
      ...[STOP_WORD_LISTS, PASSWORD_LANGUAGE_STOP_WORD_LISTS].flatMap((lists) =>
        Object.values(lists).flatMap((list) => list.map((word) => word.toLowerCase())),
      ),
      ...STOP_WORDS,
      ...["for", "to", "of", "and", "or", "is", "are", "was", "be", "my", "our", "your", "its"],
      ...["their", "if", "when", "every", "each", "this", "that", "it", "see", "ask", "check"],
      ...["look", "use", "uses", "used", "keep", "kept", "same", "as", "than", "then", "there"],
      ...["always", "often", "usually", "sometimes", "rarely", "once", "twice", "single", "time"],
      ...["times", "day", "days", "week", "weeks", "month", "months", "year", "years", "last"],
      ...["next", "ago", "since", "until", "down", "up", "away", "somewhere", "anywhere", "safe"],
      ...["here", "online", "offline", "today", "tomorrow", "yesterday", "again", "now", "enough"],
    ]),
);

/**
 * Words of {@link isNotAPasswordValue} a passphrase may start with: adjectives that read as a
 * value's first word ("correct horse battery staple", XKCD 936), where a participle or a place
 * word starts a description ("written down somewhere safe").
 */
const FIRST_WORD_ADJECTIVES = new Set([
  "correct",
  "incorrect",
  "wrong",
  "strong",
  "weak",
  "secret",
]);

// The words after a value's start to the end of its clause: a line break, clause punctuation or
// markdown ends it, as a typed value ends at its line.
const CLAUSE = /^[^\r\n.,;:!?()|*`"]*/;
const WORD = /^\p{L}+$/u;
/** Fewest and most words a passphrase said in a sentence has (diceware's 3 to 8; decision 0092). */
export const PASSPHRASE_WORDS = { min: 3, max: 8 } as const;

// A word of a passphrase: letters only, no stop word, pointer or description. A possessive or a
// name with an apostrophe ("John's birthday") describes the password.
const phraseWord = (word: string) => {
  const lower = word.toLowerCase();
  return WORD.test(word) && !PHRASE_STOPS().has(lower) && !isPointerWord(lower);
};

/**
 * Where a passphrase said after a password word ends: from `start` (the value's first char, after
 * "is", a copula or a colon) the words of its clause up to the first stop word are one when there
 * are {@link PASSPHRASE_WORDS} of them (3 to 8), each of letters and none a stop word of the
 * languages of `STOP_WORD_LISTS` and `PASSWORD_LANGUAGE_STOP_WORD_LISTS`, a pointer ("see", "ask") or a word that says where or what a
 * password is ({@link isNotAPasswordValue}; the first may be one of a few adjectives, "correct
 * horse battery staple"). "my password is purple monkey dishwasher" is one, and so is it before
 * "and I love it" (a stop word ends it; decision 0113); "my password is something I forget
 * often", "the password is on the fridge", "… the same as last year" are not (decision 0106).
 *
 * @param text - The text the value is in.
 * @param start - The value's first char (UTF-16 code unit index).
 * @param min - Fewest words: {@link PASSPHRASE_WORDS}' 3, or 2 after the word "passphrase",
 *   which says words follow ("my passphrase is correct horse", the first half of one).
 * @returns The end of the passphrase (code unit index, its last word's end), or `undefined`.
 * @example passphraseEnd("my password is purple monkey dishwasher", 15) // 39
 */
export function passphraseEnd(
  text: string,
  start: number,
  min: number = PASSPHRASE_WORDS.min,
): number | undefined {
  const clause = CLAUSE.exec(text.slice(start))?.[0] ?? "";
  const words = [...clause.matchAll(/\S+/g)].map((match) => ({
    word: match[0],
    end: match.index + match[0].length,
  }));
  const stop = words.findIndex(({ word }, at) => at > 0 && PHRASE_STOPS().has(word.toLowerCase()));
  const phrase = stop === -1 ? words : words.slice(0, stop);
  if (phrase.length < min || phrase.length > PASSPHRASE_WORDS.max) return undefined;
  const [first = "", ...rest] = phrase.map(({ word }) => word);
  const lower = first.toLowerCase();
  const firstPlain =
    phraseWord(first) && (!isNotAPasswordValue(lower) || FIRST_WORD_ADJECTIVES.has(lower));
  // An adjective may stand later too: "cheval correct pile agrafe" (French for XKCD 936's words;
  // decision 0117).
  const plain = (word: string) =>
    phraseWord(word) &&
    (!isNotAPasswordValue(word) || FIRST_WORD_ADJECTIVES.has(word.toLowerCase()));
  if (!firstPlain || !rest.every(plain)) return undefined;
  return start + (phrase.at(-1)?.end ?? 0);
}

/**
 * Whether a single word after "password is" is a stop word of English (memfiles' `STOP_WORDS`
 * and the `stopword` package's English list): "my password is something I forget often" says
 * what it is like, not what it is.
 */
export function isEnglishStopWord(word: string): boolean {
  const lower = word.replace(/[.,;:!?)]+$/, "").toLowerCase();
  return STOP_WORDS.has(lower) || ENGLISH().has(lower);
}
const ENGLISH = lazy((): ReadonlySet<string> => new Set(STOP_WORD_LISTS.eng));
