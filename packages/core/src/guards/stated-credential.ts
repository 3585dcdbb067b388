import { isEnglishStopWord } from "./passphrase.js";
import { isNotAPasswordValue, isPointerWord } from "./password-words.js";

// A sentence ends before the value: ". Is", "! Was", `?" The` (an abbreviation such as "Inc. is"
// runs on in lower case and is not an end).
const SENTENCE_END = /[.!?]["')\]]*\s+\p{Lu}/u;
// The keyword names a PIN, not a password or passcode.
const PIN_KEYWORD = /^pin(?:s|\s+code|\s+number)?\b/i;
// ISO 9564-1: a PIN is 4 to 12 digits; a value with fewer digits is not one.
const PIN_DIGITS = 4;
// Words on what a PIN is for, then a colon, then a year: a heading over a date or a count ("pins
// on the board: 2024"), as the other languages' PIN rule reads it (`password-words.ts`; decisions
// 0117, 0124). "PIN for the bank is 2019" and "PIN: 2019" are still PINs.
const WORDS_THEN_YEAR = /^pins?\s+(?:for|to|on|of|at)\s[^:=]*:\s*$/i;
const YEAR = /^(?:19|20)\d\d$/;

/**
 * Whether a match of the "credential said in words" pattern (`my bank PIN is 4821`) states a
 * credential: keyword and value in one sentence, and a PIN value with at least 4 digits (ISO
 * 9564-1), so "a spiderman pin on your purse. Is Spider-Man ..." is no PIN (LoCoMo).
 *
 * A password's value that starts a passphrase (`passphraseEnd`: "correct horse battery staple")
 * is one though its first word alone would say what the password is like; a single English stop
 * word is none ("my password is something I forget often"; decision 0106).
 *
 * @param matched - The whole match, from the keyword to the value.
 * @param value - The value the match ends with (what would be redacted).
 * @param phrase - Whether the value starts a passphrase of plain words.
 */
export function isStatedCredential(matched: string, value: string, phrase = false): boolean {
  const lead = matched.slice(0, matched.length - value.length);
  if (SENTENCE_END.test(lead)) return false;
  if (!PIN_KEYWORD.test(lead)) {
    if (phrase) return true;
    // "my password is in 1Password", "password is required for sudo": where or how, not what.
    return !isNotAPasswordValue(value) && !isEnglishStopWord(value);
  }
  if (isNotAPasswordValue(value)) return false;
  if (YEAR.test(value) && WORDS_THEN_YEAR.test(lead.replace(/[*_`]/g, ""))) return false;
  // "PIN: see the card, 4821": a pointer is read with the rest of its line (`secretReach`).
  return (value.match(/\d/g)?.length ?? 0) >= PIN_DIGITS || isPointerWord(value);
}
