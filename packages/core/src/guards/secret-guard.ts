import type { LazyRegExp } from "../text/lazy.js";
import { CREDENTIAL_NEAR_TOKEN_SCREEN, findCredentialNearToken } from "./credential-near-token.js";
import { LONG_TOKEN_KIND, withOpaqueTokens } from "./long-tokens.js";
import { passphraseEnd } from "./passphrase.js";
import { PASSWORD_SHAPED_VALUE, REDACTED, secretReach } from "./password-words.js";
import {
  findRecoveryPhrases,
  loadRecoveryWordsFor,
  RECOVERY_PHRASE_LABEL,
} from "./recovery-phrase.js";
import {
  allMatches,
  findIbans,
  findRandomTokens,
  IBAN_CANDIDATE,
  RANDOM_TOKEN_SCREEN,
  SECRET_PATTERNS,
  valueSpan,
  wordCoverage,
} from "./secret-patterns.js";
import { secretlintMessagesOfEach } from "./secretlint-scan.js";
import { isStatedCredential } from "./stated-credential.js";
import { findStatedPasswords, STATED_PASSWORD_PATTERNS } from "./stated-passwords.js";

/** One secret found in a text; the range is in UTF-16 code units of the scanned text. */
export type SecretFinding = {
  /** snake_case kind, e.g. `anthropic_api_key`, `github_token`, `private_key`, `card_number`, `password`. */
  kind: string;
  /** `secretlint` for the recommended preset's rules, `memfiles` for our own patterns. */
  source: "secretlint" | "memfiles";
  start: number;
  end: number;
};

/** Result of {@link findSecrets}. */
export type FindSecretsResult = {
  findings: SecretFinding[];
  /** The text with every finding replaced by `[redacted]`; the text itself when nothing was found. */
  redacted: string;
};

export { REDACTED } from "./password-words.js";

// The preset's Anthropic rule only knows the exact `sk-ant-api03-<93 chars>AA` shape; anything
// shorter or newer that starts `sk-ant-` is still a key to us.
const ANTHROPIC_KEY = /\bsk-ant-[A-Za-z0-9_-]{8,}/g;
// A PEM header alone is enough: half a pasted key is still a secret. Without its END line the key
// ends where its body does (base64 and `Proc-Type:`-style header lines, up to a blank line or
// another kind of line), not at the end of the text: a finding to the end would hide every
// secret after it (`withoutNested`).
const PRIVATE_KEY =
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|(?:[ \t]*[A-Za-z0-9+/]+=*)*(?:\r?\n[ \t]*(?:[A-Za-z0-9+/]+=*|[A-Za-z][\w-]*:[^\r\n]*)[ \t]*(?![^\r\n]))*)/g;
// 13 to 19 digits, optionally grouped by single spaces, dashes or dots (ISO/IEC 7812 card lengths).
const CARD_CANDIDATE = /(?<![\d.-])\d(?:[ .-]?\d){12,18}(?!\d|\.\d)/g;
// An Amazon order number (3-7-7 digits): 17 digits, a card length, and no card is grouped so.
const ORDER_NUMBER = /^\d{3}-\d{7}-\d{7}$/;
// "my password is x", "the wifi password: x", "PIN for the bank is 1234", "Password → x": the
// value is the secret. Up to 7 words may say what it is for ("for the NAS at my parents' house");
// an arrow or a dash may stand for "is" (decision 0092). Markdown may wrap the label and the
// value ("**Password:** x", "Password: `x`") and a parenthesis may say which one it is ("the wifi
// password (guest network) is x") (decision 0096). The value is on the label's line: "Password:"
// ending a heading or a list item takes nothing of the next line (the split check joins lines,
// `findSplitSecrets`), and the words on what it is for end at its line too ("password on the
// fridge" above "name: accounts" labels nothing; decision 0117); a passphrase of plain words runs to the end of its clause
// (`passphraseEnd`; decision 0106), two words of it after "passphrase". A hyphen between spaces
// stands for "is" before a value typed as a password is, with a digit or symbol ("password -
// Girasol42"), not before a word ("password - protected"; decision 0113).
const PASSWORD_IN_WORDS =
  /\b(?:password|passwd|passphrase|passcode|pwd|pw|pin(?:[- ]code| number)?)s?\b[*_]{0,3}(?:\s*\([^()\r\n]{1,40}\))?(?:[^\S\r\n]+(?:for|to|on|of|at)[^\S\r\n]+(?:(?!\b(?:is|was)\b)[^\s:=]+(?:[^\S\r\n]+|(?=\s*(?:[:=]|\b(?:is|was)\b)))){0,7}?)?\s*(?:\bis\b|\bwas\b|:|=|→|⇒|->|=>|–|—|(?<hyphen>(?<=\s)-(?=[^\S\r\n])))[*_]{0,3}[^\S\r\n]*`?(?<value>[^\s"'`]+|"[^"]*"|'[^']*')/dgi;
// A value after a hyphen for "is": 4 or more chars with a digit or a symbol.
const HYPHENED_VALUE = /^(?=.*[\p{N}!@#$%^&*]).{4,}$/u;
// "the password is John's birthday backwards": a name and "'s" says whose thing the password is
// made from, a hint, not the password (decision 0113).
const POSSESSIVE_AFTER = /^['’]s(?![\p{L}\p{N}])/u;
// "my password is Dana's2024": an apostrophe with more of the word after it than "'s" is typed in
// the value, which goes on to the next white space (a new user's trial masked "[redacted]'s2024";
// decision 0117).
const APOSTROPHE_REST = /^['’][\p{L}\p{N}][^\s"'`]*/u;
// The word "passphrase" says words follow: two plain words after it are (half) a passphrase.
const PASSPHRASE_LABEL = /^pass\s*phrase/i;
// "password hunter2xyz", "router passwd Xk9!mq4z": a password right after the word, without "is"
// or a colon (new-user trial). Only a value that looks like one counts: 6 or more chars, with a
// letter and a digit or symbol, so "password manager" and "password reset" stay facts. A table's
// bar may stand between them ("| wifi password | x |"; decision 0096).
const PASSWORD_BARE = new RegExp(
  `\\b(?:password|passwd|pwd|pw)[*_]{0,3}(?:\\s*\\|\\s*|\\s+)\`?(?<value>${PASSWORD_SHAPED_VALUE})`,
  "dgi",
);
// An AWS access key id in lower case or split by single spaces or dashes ("AKIA IOSF ODNN 7EXA
// MPLE"), which secretlint's rule (upper case, one run) misses. ASIA is left to that rule: in
// lower case it is a word. The 16 chars after the prefix must hold a digit, as prose never does.
const AWS_KEY_LOOSE =
  /\b(?:A3T[A-Z0-9]|AKIA|ABIA|ACCA)(?<rest>(?:[ -]?[A-Z0-9]){16})(?![A-Z0-9])/gi;
// The key id and secret key of AWS's documentation, which secretlint's rule skips by a built-in
// list no option turns off (its `BUILTIN_IGNORED`): pasted into a memory they are a test or a
// real-looking credential, and a memory file is no place for either ("secrets never reach disk").
const AWS_DOCUMENTATION_KEYS = [
  { kind: "aws_access_key_id", key: "AKIAIOSFODNN7EXAMPLE" },
  { kind: "aws_secret_access_key", key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
] as const;

/**
 * For each of `ownFindings`' finders, a regex every text it finds something in matches: its own
 * pattern, or the screen of a finder that tests more than a pattern. The secret screen
 * (`secret-screen.ts`) is made of these; a finder added below needs its entry here. A costly one
 * may stay unbuilt (`lazyRegExp`): the screen's identity reads its text alone.
 */
export const OWN_FINDER_PATTERNS: ReadonlyArray<RegExp | LazyRegExp> = [
  ANTHROPIC_KEY,
  PRIVATE_KEY,
  CARD_CANDIDATE,
  PASSWORD_IN_WORDS,
  PASSWORD_BARE,
  ...STATED_PASSWORD_PATTERNS,
  CREDENTIAL_NEAR_TOKEN_SCREEN,
  RECOVERY_PHRASE_LABEL,
  AWS_KEY_LOOSE,
  ...AWS_DOCUMENTATION_KEYS.map(({ key }) => new RegExp(key)),
  ...SECRET_PATTERNS.map(({ pattern }) => pattern),
  IBAN_CANDIDATE,
  RANDOM_TOKEN_SCREEN,
];

/** Whether digits (e.g. `4111111111111111`) pass the Luhn checksum of ISO/IEC 7812-1. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

// Issuer prefixes (IIN ranges, ISO/IEC 7812) of the card networks: Visa 4; Mastercard 51-55 and
// 2221-2720; Maestro 50, 56-58 and 6x; Amex 34, 37; Diners 300-305, 36, 38-39; JCB 3528-3589;
// Discover 6011, 644-649, 65; UnionPay 62; RuPay 60 (Wikipedia "Payment card number", IIN table).
// A Luhn-valid number outside them (an order or tracking number starting 1, 7, 8, 9, ...) is not
// a card; one inside them is refused even when labelled "order number": a label is easy to write
// and a leaked card costs more than a refused line (decision 0028-secret-guard-entry-points-languages-cards).
const CARD_IIN =
  /^(?:4|5[0-8]|6|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720|3[47]|30[0-5]|3[689]|35(?:2[89]|[3-8]\d))/;

/** Whether card-length digits start with a card network's issuer prefix (`CARD_IIN`). */
export function isCardIin(digits: string): boolean {
  return CARD_IIN.test(digits);
}

function ownFindings(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const add = (kind: string, start: number, end: number) =>
    findings.push({ kind, source: "memfiles", start, end });
  for (const match of allMatches(ANTHROPIC_KEY, text)) {
    add("anthropic_api_key", match.index, match.index + match[0].length);
  }
  for (const match of allMatches(PRIVATE_KEY, text)) {
    add("private_key", match.index, match.index + match[0].length);
  }
  for (const match of allMatches(CARD_CANDIDATE, text)) {
    if (ORDER_NUMBER.test(match[0])) continue;
    const digits = match[0].replace(/[ .-]/g, "");
    if (digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits) && isCardIin(digits)) {
      add("card_number", match.index, match.index + match[0].length);
    }
  }
  for (const match of allMatches(PASSWORD_IN_WORDS, text)) {
    const value = match.groups?.value ?? "";
    if (match.groups?.hyphen !== undefined && !HYPHENED_VALUE.test(value)) continue;
    const [start, end] = valueSpan(match);
    const phrase = passphraseEnd(text, start, PASSPHRASE_LABEL.test(match[0]) ? 2 : undefined);
    if (!isStatedCredential(match[0], value, phrase !== undefined)) continue;
    if (POSSESSIVE_AFTER.test(text.slice(end))) continue;
    add(
      "password",
      start,
      phrase ?? end + (APOSTROPHE_REST.exec(text.slice(end))?.[0].length ?? 0),
    );
  }
  for (const match of allMatches(PASSWORD_BARE, text)) add("password", ...valueSpan(match));
  for (const [start, end] of findStatedPasswords(text)) add("password", start, end);
  for (const [start, end] of findCredentialNearToken(text)) add("password", start, end);
  for (const [start, end] of findRecoveryPhrases(text)) add("recovery_phrase", start, end);
  for (const match of allMatches(AWS_KEY_LOOSE, text)) {
    const rest = match.groups?.rest ?? "";
    const loose = match[0] !== match[0].toUpperCase() || /[ -]/.test(rest);
    // An upper-case key in one run is secretlint's finding; only what it misses is added here.
    if (loose && /\d/.test(rest)) {
      add("aws_access_key_id", match.index, match.index + match[0].length);
    }
  }
  for (const { kind, key } of AWS_DOCUMENTATION_KEYS) {
    for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + key.length)) {
      add(kind, at, at + key.length);
    }
  }
  const screened = new Map<RegExp, boolean>();
  for (const { kind, pattern, accept, needle, screen } of SECRET_PATTERNS) {
    if (needle !== undefined && !needle.test(text)) continue;
    if (screen !== undefined) {
      const open = screened.get(screen) ?? screen.test(text);
      screened.set(screen, open);
      if (!open) continue;
    }
    for (const match of allMatches(pattern, text)) {
      const value = match.groups?.value;
      if (accept && !accept(value ?? match[0])) continue;
      add(kind, ...valueSpan(match));
    }
  }
  for (const [start, end] of findIbans(text)) add("iban", start, end);
  for (const [start, end] of findRandomTokens(text)) add("random_token", start, end);
  return findings;
}

/** The text with each finding's range replaced by `[redacted]`, overlapping ranges merged. */
export function redactRanges(text: string, findings: readonly SecretFinding[]): string {
  const ranges = findings
    .map(({ start, end }) => [start, end] as const)
    .sort((a, b) => a[0] - b[0]);
  let output = "";
  let position = 0;
  for (const [start, end] of ranges) {
    if (end <= position) continue;
    // A range overlapping the last one only widens it: one marker per merged range.
    if (start >= position) output += text.slice(position, start) + REDACTED;
    position = end;
  }
  return output + text.slice(position);
}

/**
 * Finds secrets in a text before it may reach a memory file: secretlint's recommended rule preset
 * with every rule on (API keys and tokens of the common providers, AWS access key ids, private
 * keys, credentials in URLs, ...), the provider formats of gitleaks' default rules it lacks (see
 * `SECRET_PATTERNS`), `.env`-style credential assignments, connection strings with a password,
 * credentials said in words, IBANs (mod-97 checksum) and US SSNs, plus `sk-ant-` keys of any
 * length, PEM private key headers, Luhn-valid card numbers (13-19 digits with a card network's
 * IIN prefix, see `isCardIin`) and passwords or PINs stated in words ("my password is ...", and in
 * 16 other languages, see `findStatedPasswords`). A value that says where a password is kept
 * ("see the vault", "siehe Tresor") or is only `[redacted]` is none (`secretReach`). The seed design
 * asks for "a code-level filter for key and card patterns before any write".
 *
 * @param text - Any text (a proposed fact, its evidence).
 * @returns The findings (empty when clean) and the text with each finding replaced by `[redacted]`.
 * @example
 * const { findings, redacted } = await findSecrets("my password is hunter2");
 * // findings: [{ kind: "password", ... }], redacted: "my password is [redacted]"
 */
export async function findSecrets(text: string): Promise<FindSecretsResult> {
  const [result] = await findSecretsOfEach([text]);
  return result as FindSecretsResult;
}

/**
 * {@link findSecrets} of each text, in order, with secretlint run over them in as few calls as
 * possible (it builds its rules anew each call) and texts scanned lately answered from memory.
 *
 * @example const [first, second] = await findSecretsOfEach(["my password is hunter2", "hello"]);
 */
export async function findSecretsOfEach(texts: readonly string[]): Promise<FindSecretsResult[]> {
  return scanEach(texts, true);
}

// A key typed with a space inside ("ghp_R8fK… D0sA2eG8k", two typed arguments joined): the word
// after a space after a finding, 4 or more chars of a key's alphabet with a digit, up to white
// space or clause punctuation.
const KEY_WORD_AFTER = /^ (?<word>(?=[A-Za-z0-9+/=_-]*\d)[A-Za-z0-9+/=_-]{4,})(?=[\s.,;:!?)]|$)/;

async function scanEach(texts: readonly string[], glue: boolean): Promise<FindSecretsResult[]> {
  const results: (FindSecretsResult | undefined)[] = texts.map((text) =>
    text.trim() === "" ? { findings: [], redacted: text } : remembered(text),
  );
  const missing = [...new Set(texts.filter((_, index) => results[index] === undefined))];
  // A token past `LONG_TOKEN_CHARS` is read as `[redacted]` by every finder (the patterns' work
  // grows with the square of a token's length) and found as a `long_token` of its own.
  const opaque = missing.map(withOpaqueTokens);
  const foldings = missing.map((text) => {
    const folded = foldForScan(text);
    if (folded === undefined || folded.text === text) return undefined;
    return { ...folded, opaque: withOpaqueTokens(folded.text) };
  });
  const scanned = [
    ...missing.map((text, at) => opaque[at]?.text ?? text),
    ...foldings.flatMap((folded) => (folded ? [folded.opaque?.text ?? folded.text] : [])),
  ];
  const messages = await secretlintMessagesOfEach(scanned);
  await loadRecoveryWordsFor(scanned);
  const secretlint = (at: number): SecretFinding[] =>
    (messages[at] ?? []).map((message) => ({
      kind: snakeCase(message.messageId),
      source: "secretlint" as const,
      start: message.start,
      end: message.end,
    }));
  const fresh = new Map<string, FindSecretsResult>();
  let foldedAt = missing.length;
  for (const [at, text] of missing.entries()) {
    const tokens = opaque[at];
    const found = [...secretlint(at), ...ownFindings(scanned[at] as string)].map((finding) =>
      tokens === undefined ? finding : { ...finding, ...tokens.original(finding) },
    );
    found.push(...(tokens?.tokens ?? []).map(longToken));
    const folded = foldings[at];
    if (folded !== undefined) {
      const { opaque: foldedTokens } = folded;
      const hidden = [...secretlint(foldedAt), ...ownFindings(scanned[foldedAt] as string)].map(
        (finding) =>
          foldedTokens === undefined ? finding : { ...finding, ...foldedTokens.original(finding) },
      );
      hidden.push(...(foldedTokens?.tokens ?? []).map(longToken));
      foldedAt += 1;
      for (const finding of hidden) {
        const start = folded.starts[finding.start] ?? text.length;
        const end = folded.ends[finding.end - 1] ?? text.length;
        found.push({ ...finding, start, end });
      }
    }
    // What every finder found, secretlint's too, passes the one rule of what is no secret.
    const findings = withoutNested(
      found.flatMap((finding) => {
        const reach = secretReach(
          text.slice(finding.start, finding.end),
          text.slice(finding.end),
          text.slice(0, finding.start),
        );
        return reach === undefined ? [] : [{ ...finding, end: finding.end + reach }];
      }),
    );
    const result = {
      findings,
      redacted: findings.length === 0 ? text : redactRanges(text, findings),
    };
    remember(text, result);
    fresh.set(text, result);
  }
  if (glue) await glueKeyWords(fresh);
  return texts.map((text, index) => results[index] ?? copy(fresh.get(text) as FindSecretsResult));
}

// A token past `LONG_TOKEN_CHARS`, found whole: it may be a key, and no finder reads it.
const longToken = ({ start, end }: { start: number; end: number }): SecretFinding => ({
  kind: LONG_TOKEN_KIND,
  source: "memfiles",
  start,
  end,
});

// A finding followed by a space and a word of a key's alphabet (`KEY_WORD_AFTER`) covers the word
// too when the finding glued to it is found whole as a key of a named format: the rest of a key a space cut in two, which
// the finding alone would leave shown. Only texts already found are read (the verdict is the
// same, the mask covers the whole key); a password's value is left as found, as the next word
// after it is prose as often.
async function glueKeyWords(fresh: Map<string, FindSecretsResult>): Promise<void> {
  const candidates: { result: FindSecretsResult; finding: SecretFinding; word: string }[] = [];
  const glued: string[] = [];
  for (const [text, result] of fresh) {
    for (const finding of result.findings) {
      if (finding.kind === "password") continue;
      const word = KEY_WORD_AFTER.exec(text.slice(finding.end))?.groups?.word;
      if (word === undefined) continue;
      candidates.push({ result, finding, word });
      glued.push(text.slice(finding.start, finding.end) + word);
    }
  }
  if (candidates.length === 0) return;
  const scans = await scanEach(glued, false);
  const widened = new Set<FindSecretsResult>();
  for (const [at, { result, finding, word }] of candidates.entries()) {
    const whole = (glued[at] as string).length;
    // Glued, the text is a key of a named format the finding alone is not: a random token's
    // head becomes a GitHub token, a credential's value an Anthropic key.
    // Or the word is as random as a token is (capitals, small letters and a digit, no word-like
    // runs) and the glued text looks random too: a token of no named format cut by a space
    // ("k3Jd9QmZ x8Pq2LrT7vNw"; decision 0096), where "Node22" or "2024" after it is prose.
    const covered =
      (scans[at]?.findings ?? []).some(
        (found) =>
          found.start === 0 &&
          found.end >= whole &&
          found.kind !== finding.kind &&
          !GENERIC_KINDS.has(found.kind),
      ) ||
      (GENERIC_KINDS.has(finding.kind) && randomWord(word) && randomWord(glued[at] as string));
    if (!covered) continue;
    finding.end += 1 + word.length;
    widened.add(result);
  }
  for (const [text, result] of fresh) {
    if (widened.has(result)) result.redacted = redactRanges(text, result.findings);
  }
}

// A word with capitals, small letters and a digit, less than half of it in word-like runs.
const randomWord = (word: string) =>
  /[A-Z]/.test(word) && /[a-z]/.test(word) && /\d/.test(word) && wordCoverage(word) < 0.5;

// The last texts scanned and what was found: a write's texts are scanned again by the next check
// (the pass's facts, then each proposal's fields, then the session's joins). The scan is a pure
// function of the text, so an answer from memory is the scan's answer. Bounded in entries and in
// the length of a text kept: at most 2,000 clean texts of 1,000 chars, 8 MB.
const REMEMBERED_TEXTS = 2_000;
const REMEMBERED_CHARS = 1_000;
const recent = new Map<string, FindSecretsResult>();

function remembered(text: string): FindSecretsResult | undefined {
  const result = recent.get(text);
  if (result === undefined) return undefined;
  // Most recently used last, so the oldest is the first to go.
  recent.delete(text);
  recent.set(text, result);
  return copy(result);
}

function remember(text: string, result: FindSecretsResult): void {
  // A text that holds a secret is not kept: a long-running server would hold it for as long as
  // it is among the last texts, and a refused text is seldom scanned again.
  if (text.length > REMEMBERED_CHARS || result.findings.length > 0) return;
  recent.set(text, result);
  if (recent.size > REMEMBERED_TEXTS) recent.delete(recent.keys().next().value as string);
}

// Callers may change what they get; what is kept stays as scanned.
function copy(result: FindSecretsResult): FindSecretsResult {
  return {
    findings: result.findings.map((finding) => ({ ...finding })),
    redacted: result.redacted,
  };
}

/**
 * The text as it will be stored and read, each code unit mapped back to where it came from: a key
 * with a format character inside (zero-width space, soft hyphen: Unicode Cf) or in full-width
 * forms slips past every pattern yet reads, and after NFKC copies, as the key; a run of white
 * space is stored as one space (`formatDatedLine`). `undefined` when folding changes nothing.
 */
export function foldForScan(
  text: string,
): { text: string; starts: number[]; ends: number[] } | undefined {
  // ASCII holds no format character and NFKC maps each ASCII character to itself; most texts
  // are ASCII with single spaces, and building the maps for them cost more than the scans.
  const spaced = WHITE_SPACE_TO_FOLD.test(text);
  if (!spaced && !NON_ASCII.test(text)) return undefined;
  let changes = spaced;
  if (!changes) {
    for (const char of text) {
      if (foldCharacter(char) !== char) {
        changes = true;
        break;
      }
    }
  }
  if (!changes) return undefined;
  // The folded text is built as parts joined once, and whether it ends in a space is kept in a
  // flag: `folded.endsWith(" ")` on a string grown by `+=` flattens it at each character, work
  // quadratic in the text's length (a hand-written line of 20,000 words took minutes to recall).
  const parts: string[] = [];
  let endsInSpace = false;
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    if (/\s/u.test(char) && endsInSpace && ends.length > 0 && /\s/u.test(text[index - 1] ?? "")) {
      // One more character of a run of white space: the run's one space now ends after it.
      ends[ends.length - 1] = index + char.length;
      index += char.length;
      continue;
    }
    const mapped = /\s/u.test(char) ? " " : foldCharacter(char);
    for (let unit = 0; unit < mapped.length; unit += 1) {
      starts.push(index);
      ends.push(index + char.length);
    }
    parts.push(mapped);
    if (mapped.length > 0) endsInSpace = mapped.endsWith(" ");
    index += char.length;
  }
  return { text: parts.join(""), starts, ends };
}

// Two white-space characters in a row on one line, or a tab or other white space that is not a
// plain space or a line break. Line breaks are left to the split check (`findSplitSecrets` joins
// the lines of a text): folding every multi-line text would scan each file twice.
const WHITE_SPACE_TO_FOLD = /[^\S\n\r]{2,}|[^\S \n\r]/u;
const NON_ASCII = /[^\p{ASCII}]/u;
const FORMAT_CHARACTER = /\p{Cf}/u;

// One character of the folded copy: nothing for a format character, else its NFKC form.
function foldCharacter(char: string): string {
  if (char.charCodeAt(0) < 0x80) return char;
  return FORMAT_CHARACTER.test(char) ? "" : char.normalize("NFKC");
}

// Kinds that name no format, only that a text looks like a credential: on the same span a named
// kind is reported instead.
const GENERIC_KINDS = new Set(["random_token", "credential_in_words", "credential_assignment"]);
const rank = (finding: SecretFinding) =>
  finding.source === "secretlint" ? 0 : GENERIC_KINDS.has(finding.kind) ? 2 : 1;

// One finding per secret: several rules often match the same key (the preset and a pattern, a
// named format and the random-token rule). A finding inside the span of one at least as specific
// adds nothing; one more specific than every finding around it is kept for its kind. Findings
// come back in text order.
function withoutNested(findings: SecretFinding[]): SecretFinding[] {
  const ordered = [...findings].sort(
    (a, b) => a.start - b.start || b.end - a.end || rank(a) - rank(b),
  );
  const kept: SecretFinding[] = [];
  for (const finding of ordered) {
    const covered = kept.some(
      (other) =>
        other.start <= finding.start && finding.end <= other.end && rank(other) <= rank(finding),
    );
    if (!covered) kept.push(finding);
  }
  return kept;
}

/** A secretlint message id as a kind: `AWSAccessKeyID` -> `aws_access_key_id`. */
export function snakeCase(id: string): string {
  return id
    .replace(/PostgreSQL/g, "Postgresql")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .toLowerCase();
}
