import { lazy } from "../text/lazy.js";
import { CREDENTIAL_LABELS, PASSWORD_WORDS_OTHER_LANGUAGES } from "./password-words.js";
import { allMatches, wordCoverage } from "./secret-patterns.js";

// Words that name a credential or label one ("Zugangsdaten"), in English and the languages of
// `password-words.ts`. "Key", "token" and "secret" are left out: in prose they name other things
// ("the key to the shed"). Built on the first text the finder is run on.
const CREDENTIAL_WORD = lazy(
  () =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:passwords?|passwd|passphrases?|passcodes?|pwd|pins?|${[...CREDENTIAL_LABELS, ...PASSWORD_WORDS_OTHER_LANGUAGES].join("|")})(?![\\p{L}\\p{N}])`,
      "giu",
    ),
);
// A run that could be a typed password: 6 to 64 letters, digits and ASCII symbols. A colon, equals
// sign, slash or dot ends it: "password:Rd4sPw9Lk2" is a word and its value, not one token.
const TOKEN = /(?<![\p{L}\p{N}])[A-Za-z0-9!#$%&*+?@^_~-]{6,64}(?![\p{L}\p{N}])/gu;
/**
 * Matches wherever {@link findCredentialNearToken} can find a token: at the start of a run of
 * {@link TOKEN}'s characters with a small letter, a capital and a digit ahead in it.
 */
export const CREDENTIAL_NEAR_TOKEN_SCREEN =
  /(?=[A-Za-z0-9!#$%&*+?@^_~-]*[a-z])(?=[A-Za-z0-9!#$%&*+?@^_~-]*[A-Z])(?=[A-Za-z0-9!#$%&*+?@^_~-]*\d)[A-Za-z0-9!#$%&*+?@^_~-]{6}/u;
// How far from the word a token may stand, in words, before or after it: "I use X as my password
// everywhere" (3), "my password's X" (0), "X is what I use for the password" (6).
const NEAR_WORDS = 6;

/**
 * Whether a run reads as random rather than as a word, name or number: small letters, capitals
 * and digits together, less than half of it in word-like runs (see `wordCoverage`). `Rv8kTq2Wx`
 * is; `iPhone15`, `MacBook2024`, `COVID19` and `zq27x` are not.
 */
export function isHighEntropyToken(token: string): boolean {
  const run = token.replace(/[.,;:!?)]+$/, "");
  return (
    run.length >= 6 &&
    /[a-z]/.test(run) &&
    /[A-Z]/.test(run) &&
    /\d/.test(run) &&
    wordCoverage(run) < 0.5
  );
}

/**
 * Random-looking tokens ({@link isHighEntropyToken}) within {@link NEAR_WORDS} words of a
 * credential word, in either order: "I use Rv8kTq2Wx as my password", "PIN Qz7pW2xk".
 *
 * @returns `[start, end]` ranges (UTF-16 code units) of the tokens.
 */
export function findCredentialNearToken(text: string): Array<[number, number]> {
  const words = [...allMatches(CREDENTIAL_WORD(), text)];
  if (words.length === 0) return [];
  const found: Array<[number, number]> = [];
  for (const token of allMatches(TOKEN, text)) {
    if (!isHighEntropyToken(token[0])) continue;
    const start = token.index;
    const end = start + token[0].replace(/[.,;:!?)]+$/, "").length;
    const near = words.some((word) => {
      const between =
        word.index < start
          ? text.slice(word.index + word[0].length, start)
          : text.slice(end, word.index);
      return (between.match(/\S+/g)?.length ?? 0) <= NEAR_WORDS;
    });
    if (near) found.push([start, end]);
  }
  return found;
}
