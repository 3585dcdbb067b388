import { type LazyRegExp, lazy, lazyRegExp } from "../text/lazy.js";
import { passphraseEnd } from "./passphrase.js";
import {
  isNotAPasswordValue,
  isPointerWord,
  PASSWORD_LINKS_OTHER_LANGUAGES,
  PASSWORD_WORDS_OTHER_LANGUAGES,
} from "./password-words.js";
import { allMatches } from "./secret-patterns.js";

// Escapes a link word for a regex with the `u` flag.
const escapeLink = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A link in Latin letters ("ist", "es") is a whole word, not the end of one ("routera" holds
// "era"); "は", "是", "هي" may touch the value.
const LATIN = /^[a-zà-ɏ]+$/i;
const LINKS = PASSWORD_LINKS_OTHER_LANGUAGES.map((link) =>
  LATIN.test(link) ? `(?<![\\p{L}\\p{N}])${escapeLink(link)}(?=[\\s:=])` : escapeLink(link),
).join("|");

// "パスワードは hunter2 です", "كلمة المرور هي hunter2", "Passwort: geheim", "密码是hunter2": the
// word (not inside a longer Latin word), then a particle or copula, or up to 3 words ("senha do
// wifi") and a colon or equals sign, all on the word's line ("… Passwort" above "Kurs: …" is no
// label; decision 0113), then a value in Latin letters, digits and ASCII symbols
// (3 chars: "ver", a pointer, is read by `secretReach`), or a word of 6 or more chars in any
// script ("пароль: Лето2024!"), which counts only when password-shaped (`nonLatinPassword`): a
// value in the sentence's own script is prose as often ("パスワードは忘れた").
// Or (tried first, `plain`; decision 0096) "пароль от роутера Sommer2024!", "hasło do konta …":
// the word, one to three words saying what it is for, and with no particle or colon a Latin value
// of 6 or more chars that is plainly a password (a letter, a digit, and both cases or one of
// `!@#$%^&*`: "hasło do routera AX1500" names a model), the last word of its clause.
// A word in Latin letters is not one inside a longer Latin word ("passwort" in "bypasswort"); a
// word in another script may follow Latin letters: "Wi-Fiパスワードは…", "wifi密码是…" (decision
// 0096). A word joined by a hyphen to a word after it is the first part of a compound that names
// a thing ("Passwort-Manager", "wachtwoord-kluis"), no label: glued by the session's check to the
// next fact's number ("mein Passwort-Manager ist Bitwarden" + "meine Postleitzahl ist 10115"), it
// read as "Passwort" and the value "-Manager10115" (decision 0124). One regex for all of it: the
// words are the costly part to find in every text.
const startsLatin = (word: string) => /^[a-zà-ɏ]/i.test(word);
const WORDS =
  `(?:(?<![a-zà-ɏ0-9])(?:${PASSWORD_WORDS_OTHER_LANGUAGES.filter(startsLatin).join("|")})` +
  `|(?:${PASSWORD_WORDS_OTHER_LANGUAGES.filter((word) => !startsLatin(word)).join("|")}))(?!-?[a-zà-ɏ])`;
// Both cases or a symbol is checked in code (`plainlyPassword`): the pattern ignores case.
const PLAIN_VALUE =
  "(?<plain>(?=[\\x21-\\x7E]*[A-Za-z])(?=[\\x21-\\x7E]*\\d)[\\x21-\\x7E]{6,64})(?=[.,;!?)]*(?:\\s|$))";
const AFTER_WORD = `[*_]{0,3}(?:(?:[^\\S\\r\\n]+[^\\s:=：]{1,15}){0,3}?[^\\S\\r\\n]*(?<sep>[:=：])[*_]{0,3}|(?:[^\\S\\r\\n]+[^\\s:=：]{1,15}){0,3}?[^\\S\\r\\n]*(?:${LINKS}))?[^\\S\\r\\n]*(?<value>[\\x21-\\x7E\\u00C0-\\u024F]{3,}|[^\\s"'\`]{6,})`;
// Built on the first text searched, as the three below: a regex of this many words in other
// scripts costs ~1.5-2 ms of CPU to build, which a process that searches no text (a cold recall of
// cleared files) would pay at import (decisions 0109, 0119). The secret screen's identity reads
// its source and flags, not the built regex.
const OTHER_LANGUAGES = lazyRegExp(
  `${WORDS}(?:(?:[^\\S\\r\\n]+[^\\s:=：]{1,15}){1,3}?[^\\S\\r\\n]+${PLAIN_VALUE}|${AFTER_WORD})`,
  "giu",
);
// A match's text before its value ends in a copula or a colon: the value was said to be one.
const LINKED_BEFORE = lazy(() => new RegExp(`(?:${LINKS}|[:=：])[*_]{0,3}[^\\S\\r\\n]*$`, "iu"));
// The particle-or-colon reading alone, at a match whose plain value was no password.
const OTHER_LANGUAGES_LINKED = lazy(() => new RegExp(`${WORDS}${AFTER_WORD}`, "iuy"));
const plainlyPassword = (value: string) =>
  !isNotAPasswordValue(value) &&
  ((/[a-z]/.test(value) && /[A-Z]/.test(value)) || /[!@#$%^&*]/.test(value));
const LATIN_VALUE = /^[\x21-\x7E\u00C0-\u024F]+$/;
// A particle the pattern let the value start with, when the value after it was too short:
// "パスワードは8文字以上" is no password "は8文字以上".
const LINK_FIRST = lazy(() => new RegExp(`^(?:${LINKS})`, "iu"));
// A value in another script is a password when it is one word with a letter and a digit that
// starts with its letters ("Лето2024", "夏天2024!") or holds one of `!@#$%^&*`: a date or count
// starts with its digits ("2024年5月", "8文字以上").
// Its length is counted as typed, with its end punctuation ("夏2024!") and the sentence's ending
// after it ("夏2024です"), which the mask leaves shown.
const nonLatinPassword = (value: string, matched: string) =>
  matched.length >= 6 &&
  /\p{L}/u.test(value) &&
  /\p{N}/u.test(value) &&
  (/^\p{L}[\p{L}\p{M}]*\p{N}/u.test(value) || /[!@#$%^&*]/.test(value));
// A run of hiragana (and the full stop or comma of Japanese) after a value's last digit or
// symbol: the copula or particle that goes on with the sentence ("です", "だよ", "でした。"),
// which a password written in kanji, katakana or Latin letters and digits does not end in.
const SENTENCE_AFTER = /(?<=[\p{N}!@#$%^&*])[\p{Script=Hiragana}。、]+$/u;
// "ssh root@host with password letmein", "log in using the password opensesame": a value right
// after "with/using password" is one even in plain letters, unless it is a word that names a kind
// of password thing ("with password protection").
const WITH_PASSWORD =
  /\b(?:with|using|via)\s+(?:the\s+)?(?:password|passwd|pwd|pw)\s+(?<value>[^\s"'`]{4,})/gi;
const PASSWORD_THINGS = new Set([
  "manager",
  "managers",
  "reset",
  "resets",
  "protection",
  "authentication",
  "auth",
  "login",
  "prompt",
  "prompts",
  "hash",
  "hashing",
  "policy",
  "policies",
  "change",
  "changes",
  "field",
  "rotation",
  "and",
  "or",
  "only",
  "less",
  "based",
  "access",
  "recovery",
  "expiry",
  "expiration",
  "strength",
]);

/** The patterns {@link findStatedPasswords} finds values with: none matches, none is found. */
export const STATED_PASSWORD_PATTERNS: ReadonlyArray<RegExp | LazyRegExp> = [
  OTHER_LANGUAGES,
  WITH_PASSWORD,
];

// The value without the punctuation that may end its clause, for the checks: "Passwort: geheim."
// is tested as "geheim". The span is the value as matched, end punctuation too, as the English
// patterns cover it ("Bank password: Sommer2024!"), so no part of a password stays beside the mask.
const bare = (value: string) => value.replace(/[.,;!?)]+$/, "");

/**
 * Passwords stated in words the English patterns of `findSecrets` miss: in 19 other languages
 * (words and sources in `password-words.ts`) and English "with password <value>". After a particle
 * or copula a value needs a digit or ASCII symbol ("Das Passwort ist falsch" is prose); after `:`
 * or `=` any value of 4+ chars counts; values saying where a password is ("in", "required") never.
 *
 * @returns `[start, end]` ranges (UTF-16 code units) of the values.
 * @example findStatedPasswords("パスワードは hunter2 です") // [[7, 14]]
 */
export function findStatedPasswords(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const first of allMatches(OTHER_LANGUAGES(), text)) {
    let match: RegExpExecArray | null = first;
    const plain = first.groups?.plain;
    if (plain !== undefined) {
      const end = first.index + first[0].length;
      if (plainlyPassword(bare(plain))) {
        found.push([end - plain.length, end]);
        continue;
      }
      const linkedReading = OTHER_LANGUAGES_LINKED();
      linkedReading.lastIndex = first.index;
      match = linkedReading.exec(text);
      if (match === null) continue;
    }
    const typed = match.groups?.value ?? "";
    // The sentence's own ending after a non-Latin value is the sentence's: "パスワードは夏2024!です".
    const matched = LATIN_VALUE.test(typed) ? typed : typed.replace(SENTENCE_AFTER, "");
    const value = bare(matched);
    const end = match.index + match[0].length - (typed.length - matched.length);
    // Plain words after a copula or a colon, to the end of the clause: a passphrase ("mein
    // Passwort ist korrekt Pferd Batterie Heftklammer"; decision 0106).
    const linked = LINKED_BEFORE().test(match[0].slice(0, match[0].length - typed.length));
    const phrase = linked ? passphraseEnd(text, end - matched.length) : undefined;
    if (phrase !== undefined) {
      found.push([end - matched.length, phrase]);
      continue;
    }
    if (!LATIN_VALUE.test(matched)) {
      if (LINK_FIRST().test(matched) || !nonLatinPassword(value, typed)) continue;
    } else if (value.length < 4 && !isPointerWord(value)) continue;
    else if (isNotAPasswordValue(value)) continue;
    else if (match.groups?.sep === undefined && !/[\d!@#$%^&*_+=?~/\\|<>.-]/.test(value)) continue;
    found.push([end - matched.length, end]);
  }
  for (const match of allMatches(WITH_PASSWORD, text)) {
    const matched = match.groups?.value ?? "";
    const value = bare(matched);
    if (isNotAPasswordValue(value) || PASSWORD_THINGS.has(value.toLowerCase())) continue;
    const end = match.index + match[0].length;
    found.push([end - matched.length, end]);
  }
  return found;
}
