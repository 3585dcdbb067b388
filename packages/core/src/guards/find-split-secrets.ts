import { z } from "zod";
import { hasLongToken, LONG_TOKEN_KIND } from "./long-tokens.js";
import { PASSPHRASE_WORDS, passphraseEnd } from "./passphrase.js";
import { isPointerWord, REDACTED, startsWithSign } from "./password-words.js";
import {
  type FindSecretsResult,
  findSecretsOfEach,
  redactRanges,
  type SecretFinding,
} from "./secret-guard.js";
import { headEnd, MIN_KEY_CHARS, tailStart } from "./split-halves.js";

// Joined with nothing ("AKIA" + "2E4..." is one key), a space, or a line break (".env" lines).
const SEPARATORS = ["", " ", "\n"];

// Values of a known format that tools write beside each other, and that are no secret: a UUID
// (RFC 9562's 8-4-4-4-12 hex) and an ISO 8601 date-time (RFC 3339, as `toISOString` writes it).
// Claude Code's memory front matter holds both on neighbouring lines (`originSessionId:` and
// `modified:`); joined, the id and the time read as a random token, which neither half is.
// A day as memfiles writes it (`2026/12/05`, `resolveRelativeDates`) or as ISO 8601 does
// (`2026-12-05`), and a range of two (`2026/12/05-2026/12/06`: another language's weekend or week,
// decision 0101) end a word too: glued to the next line's "Maria…" they read as a random token
// (decision 0108).
const DAY = String.raw`\d{4}[/-](?:0[1-9]|1[0-2])[/-](?:0[1-9]|[12]\d|3[01])`;
const DAY_OR_RANGE = new RegExp(`^${DAY}(?:[-–]${DAY})?$`);
const KNOWN_FORMATS = [
  z.guid(),
  z.iso.datetime({ offset: true, local: true }),
  z.string().regex(DAY_OR_RANGE),
];
const QUOTES_AROUND = /^["'`]+|["'`.,;]+$/g;
// One word that is a memory file's path: a folder, a name and `.md`.
const MEMORY_PATH = /^(?<folder>\S*\/)?(?<name>[^\s/]+)\.md$/i;
// One word of a key's alphabet, 8 or more chars with a digit: what the middle line of a key split
// over three lines holds.
const MIDDLE_PIECE = /^(?=[^\s]*\d)[A-Za-z0-9+/=_-]{8,}$/;
// A file's name of small words, each may end in a number of up to 4 digits ("home2", "nas-2024",
// "note1"; decision 0092): letters after digits ("a3f9") may be a key's half.
const PLAIN_SLUG = /^(?:\S*\/)?(?:[a-z]+\d{0,4}|\d{1,4})(?:[-_](?:[a-z]+\d{0,4}|\d{1,4}))*\.md$/;
// A memory file's name as its `name:` field holds it, without `.md`: small words joined by `-` or
// `_` ("conv-26-caroline-s1-0"), alone (a proposal's name field) or after `name:` (a front matter
// line). Glued with nothing to the next field ("LoCoMo") it read as a random token neither field
// held, and a whole imported bundle was refused (a new user's trial; decision 0132).
const PLAIN_NAME = /^(?:name:\s*)?(?:[a-z]+\d{0,4}|\d{1,4})(?:[-_](?:[a-z]+\d{0,4}|\d{1,4}))+$/;

// Kinds of a value typed after a word or a name (a password, a `.env` assignment), which ends at
// white space: the next line glued to it is the next line ("…=hunter2xyz" + "NODE_ENV=…"). A
// code said in words may be cut in two fields ("recovery code is 8f3k-29" + "dm-x7q1").
const TYPED_VALUE_KINDS = new Set(["password", "credential_assignment"]);
// Kinds of a value said or typed after a label ("password:", "login:", "DB_PASSWORD="), which the
// label's line holds: the next line's plain words are no value of it.
const LABELLED_VALUE_KINDS = new Set(["password", "credential_in_words", "credential_assignment"]);
// A label's line that names a passphrase ("my passphrase is", "Passphrase:"): the word says plain
// words follow, so a next line of them is its value (decision 0113).
const PASSPHRASE_LABEL = /\bpass\s*phrases?\b[^\r\n]*$/i;
// What may stand between a label's line and its value on the next line: the link itself ("is",
// a colon, "=", an arrow) and markdown. More words there are a label of the value's own line.
const LINK_BEFORE_VALUE = /(?:[:=：→⇒–—-]|\p{L}+)?[\s*_`"']*$/u;
// A line's first word when it names a credential and assigns to it: `DB_PASSWORD=`, `api_key:`.
const CREDENTIAL_NAME_LEAD =
  /^[^\S\r\n]*[A-Za-z0-9_.-]*(?:pass|pwd|secret|token|key|auth|credential)[A-Za-z0-9_.-]*[=:]/i;

// A text shown masked holds `[redacted]` where a secret was: a secret held alone, as far as a
// join is concerned. Glued to the next line's first word ("…is [redacted]" + "likes tea"), the
// placeholder made a value of letters no text held alone, and that word was masked too.
function placeholders(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (let at = text.indexOf(REDACTED); at !== -1; at = text.indexOf(REDACTED, at + 1)) {
    found.push({ kind: "redacted", source: "memfiles", start: at, end: at + REDACTED.length });
  }
  return found;
}

// Whether the part [from, to) of `text` lies in a word that is wholly a value of a known format.
function inKnownFormat(text: string, from: number, to: number): boolean {
  let start = from;
  while (start > 0 && !/\s/.test(text[start - 1] as string)) start--;
  let end = to;
  while (end < text.length && !/\s/.test(text[end] as string)) end++;
  const word = text.slice(start, end).replace(QUOTES_AROUND, "");
  return KNOWN_FORMATS.some((format) => format.safeParse(word).success);
}

/**
 * Most texts `join: "every"` pairs each with each other one (a proposal has at most five fields);
 * more texts, a memory-tool edit's lines, are joined as neighbours: every ordered pair of a hundred
 * lines is 30,000 joins, seconds of scanning for one edit.
 */
export const MAX_EVERY_JOIN_TEXTS = 8;

/** Options of {@link findSplitSecrets}. */
export type FindSplitSecretsOptions = {
  /**
   * Which texts are joined: `neighbours` (default), each text with the next and all of them one a
   * line (a pass's facts, in order); `every`, each text before each other one, with each
   * separator (the fields of one proposal: a key's halves may sit in any two, in either order),
   * up to {@link MAX_EVERY_JOIN_TEXTS} texts that are not blank, as neighbours past that.
   */
  join?: "neighbours" | "every";
  /** What `findSecrets` found in each text alone, when the caller has scanned them already. */
  alone?: readonly (readonly SecretFinding[])[];
};

/**
 * Finds secrets no single text holds but their concatenation does: a key split across two facts
 * of one write pass or the fields of one proposal, also with label words around its halves
 * ("first part AKIA…"). Each text a finding spans is reported with its part redacted. A random
 * token spelled only by ids and times of a known format (a UUID, an ISO 8601 date-time, as Claude
 * Code's front matter holds them on neighbouring lines) is not reported.
 *
 * @param options - `{ join?, alone? }` (see {@link FindSplitSecretsOptions}).
 * @returns The index of each text holding part of a split secret -> `{ kinds, redacted }`.
 * @example await findSplitSecrets(["aws key AKIA", "2E4KQ7XY5ZB3MN6P"]) // Map { 0 => …, 1 => … }
 */
export async function findSplitSecrets(
  texts: readonly string[],
  options: FindSplitSecretsOptions = {},
): Promise<SplitSecrets> {
  const plan = planSplitSecrets(texts, options);
  return plan.finish(await findSecretsOfEach(plan.scan));
}

/**
 * What {@link findSplitSecrets} finds: the index of each text holding part of a split secret, its
 * kinds, the text redacted, and the parts redacted (ranges in the text's code units).
 */
export type SplitSecrets = Map<
  number,
  { kinds: string[]; redacted: string; ranges: SecretFinding[] }
>;

/**
 * {@link findSplitSecrets} of each list of texts (the lines of each file of a folder), their
 * texts and joins scanned in one `findSecretsOfEach`: secretlint builds its rules anew on each
 * call, most of a short text's cost. Each list gets what a call of its own would give.
 *
 * @param lists - Lists of texts, each joined only within itself.
 * @param options - `{ join? }`, for every list.
 * @returns One map per list, in order.
 * @example await findSplitSecretsOfEach([["aws key AKIA", "2E4KQ7XY5ZB3MN6P"], ["hello"]]) // [Map { 0 => …, 1 => … }, Map {}]
 */
export async function findSplitSecretsOfEach(
  lists: readonly (readonly string[])[],
  options: Omit<FindSplitSecretsOptions, "alone"> = {},
): Promise<SplitSecrets[]> {
  const plans = lists.map((texts) => planSplitSecrets(texts, options));
  const scans = await findSecretsOfEach(plans.flatMap((plan) => plan.scan));
  let next = 0;
  return plans.map((plan) => {
    const own = scans.slice(next, next + plan.scan.length);
    next += plan.scan.length;
    return plan.finish(own);
  });
}

// The texts one split check scans (the texts alone unless given, and every join) and how it
// reads their scans, so many checks can share one scan.
function planSplitSecrets(
  texts: readonly string[],
  options: FindSplitSecretsOptions,
): { scan: string[]; finish: (scans: readonly FindSecretsResult[]) => SplitSecrets } {
  const found = new Map<number, { kinds: Set<string>; ranges: SecretFinding[] }>();
  if (texts.length < 2) return { scan: [], finish: () => new Map() };
  // Each pair of neighbours (a third text glued on could hide the end of a secret from the
  // scanner), and all of them one a line; or each ordered pair of texts that are not blank.
  const groups: number[][] = [];
  const filled = texts.flatMap((text, index) => (text.trim() === "" ? [] : [index]));
  if (options.join === "every" && filled.length <= MAX_EVERY_JOIN_TEXTS) {
    // A text whose last line is the other's first line (a file's line and its lines joined, both
    // fields of one memory-tool edit) meets its own copy there: "pins on the board: 2024" +
    // "pins on the board: 2024\n…" read as "20242024" after the label (decision 0124).
    const lastLine = (text: string) => text.slice(text.lastIndexOf("\n") + 1).trim();
    const firstLine = (text: string) => (/^[^\r\n]*/.exec(text)?.[0] ?? "").trim();
    for (const first of filled) {
      for (const second of filled) {
        const [head, tail] = [texts[first] as string, texts[second] as string];
        if (first === second || head === tail || lastLine(head) === firstLine(tail)) continue;
        groups.push([first, second]);
      }
    }
  } else {
    // A blank line between two halves stands in no join: each text with the next one not blank.
    groups.push(...filled.slice(1).map((index, at) => [filled[at] as number, index]));
    groups.push(texts.map((_, index) => index));
    // A key over three lines: a middle line that is one key-shaped word joins both neighbours.
    for (let at = 1; at + 1 < filled.length; at++) {
      if (MIDDLE_PIECE.test((texts[filled[at] as number] as string).trim())) {
        groups.push([filled[at - 1] as number, filled[at] as number, filled[at + 1] as number]);
      }
    }
  }
  // Each piece of a join: which text, and where its first character sits in the join (`base`,
  // negative when the join starts past the text's start).
  type Piece = { index: number; start: number; end: number; base: number };
  // A random token is a shape, not a provider's format: a join of ids and times of a known format
  // (a UUID, an ISO date-time), with at most a field's name glued on ("…6B7C" + "modified:"), is
  // that, not a key.
  const idsAndTimes = (finding: SecretFinding, spanned: readonly Piece[]) => {
    const kinds = spanned.map(({ index, start, end, base }) => {
      const text = texts[index] as string;
      const [from, to] = [Math.max(finding.start, start) - base, Math.min(finding.end, end) - base];
      if (inKnownFormat(text, from, to)) return "known";
      return /^\p{Lu}?\p{Ll}+$/u.test(text.slice(from, to)) ? "name" : "other";
    });
    return kinds.includes("known") && !kinds.includes("other");
  };
  // A long token one text holds alone was judged with that text (masked whole, or no secret: a
  // line of dashes): a word a join glues to it from a neighbour ("…likes tea." + the token) is no
  // part of it. A token long only when glued is the join's to report (decision 0125).
  const longAlone = (finding: SecretFinding, spanned: readonly Piece[]) =>
    spanned.some(({ index, start, end, base }) =>
      hasLongToken(
        (texts[index] as string).slice(
          Math.max(finding.start, start) - base,
          Math.min(finding.end, end) - base,
        ),
      ),
    );
  // A pointer's value ends at its line (decision 0100): a password the join finds after a pointer
  // word of its first text ("password: see the vault" + " el código postal es 28013") ran on into
  // the next fact only because the join took the line end away. The pointer's line was judged
  // alone; the next fact is not its value.
  const endsAtPointer = (finding: SecretFinding, spanned: readonly Piece[]) => {
    const [head] = spanned;
    if (head === undefined || spanned.length < 2) return false;
    const part = (texts[head.index] as string).slice(
      Math.max(finding.start, head.start) - head.base,
      Math.min(finding.end, head.end) - head.base,
    );
    return part
      .split(/\s+/)
      .some((word) => isPointerWord(word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "")));
  };
  // A password's value ends at its line (decision 0106): "Password:" ending a heading or a list
  // item, or "my password is" ending a fact, takes the next line's first words only when they
  // are typed as a password is (a digit or a symbol: "hunter2", "Sommer2024!", "4821"); plain
  // words there are the next fact ("prefers tabs").
  // After a label that names a passphrase, a next line that is wholly 3 to 8 plain words
  // (`passphraseEnd`) is its value too ("my passphrase is" + "purple monkey dishwasher"; decision
  // 0113); after "Password:" plain words stay the next fact, as short ones are ("prefers tabs").
  const plainNextLine = (
    finding: SecretFinding,
    spanned: readonly Piece[],
    pieces: readonly Piece[],
  ) => {
    const [head] = spanned;
    if (head === undefined || head.start === 0 || finding.start < head.start) return false;
    const text = texts[head.index] as string;
    if (text.slice(head.start - head.base, finding.start - head.base).trim() !== "") return false;
    const value = text.slice(
      finding.start - head.base,
      Math.min(finding.end, head.end) - head.base,
    );
    if (/[\p{N}!@#$%^&*]/u.test(value)) return false;
    const label = pieces[pieces.indexOf(head) - 1];
    const phrase =
      label !== undefined &&
      PASSPHRASE_LABEL.test(texts[label.index] as string) &&
      passphraseEnd(text, finding.start - head.base, PASSPHRASE_WORDS.min) ===
        text.slice(0, head.end - head.base).trimEnd().length;
    return !phrase;
  };
  // Two words after "passphrase" are a passphrase's first half (decision 0113); a next line that
  // is wholly plain words is its rest ("my passphrase is correct horse" + "battery staple"), where
  // after a whole passphrase it is the next fact (0096: the plain words after a secret).
  const phraseRest = (finding: SecretFinding, spanned: readonly Piece[]) => {
    const [head, rest] = spanned;
    if (finding.kind !== "password" || spanned.length !== 2 || head === undefined) return false;
    if (rest === undefined || !PASSPHRASE_LABEL.test(texts[head.index] as string)) return false;
    const half = (texts[head.index] as string).slice(
      Math.max(finding.start, head.start) - head.base,
      head.end - head.base,
    );
    if (half.trim().split(/\s+/).length >= PASSPHRASE_WORDS.min) return false;
    const text = (texts[rest.index] as string).trim();
    const part = (texts[rest.index] as string)
      .slice(rest.start - rest.base, Math.min(finding.end, rest.end) - rest.base)
      .trim();
    return part === text && /^\p{L}+(?:[^\S\r\n]+\p{L}+)*$/u.test(part);
  };
  // A label's words end at its line (decision 0106): a value found only with the text before it,
  // whose own line holds more words than a link before it ("Kurs: Sicherheit" after "mein Hund
  // heißt Passwort"), is that line's own label's value, not the password word's (decision 0113).
  // A value right after the line break, or after only "is" or a colon ("is hunter2"), is the
  // label's.
  const ownLabel = (finding: SecretFinding, piece: Piece) => {
    if (piece.start === 0 || finding.start <= piece.start) return false;
    const text = texts[piece.index] as string;
    const before = text.slice(piece.start - piece.base, finding.start - piece.base);
    return /[\p{L}\p{N}]/u.test(before.replace(LINK_BEFORE_VALUE, ""));
  };
  // A value said in two halves on two lines under the same credential name, label words between
  // ("DB_PASSWORD=first part VbW2…" + "DB_PASSWORD=second part EekH…"): the name glued to the
  // second half's label words is no label word, so no join meets the halves, and the second half
  // alone (no digit) is no token. When the first line holds a secret alone that ends with its
  // last key word, the second line's first key word after the same name is the secret's rest
  // (decision 0106).
  const sameNameRest = (
    first: number,
    second: number,
    own: readonly SecretFinding[],
  ): SecretFinding | undefined => {
    const firstText = texts[first] as string;
    const secondText = texts[second] as string;
    const name = CREDENTIAL_NAME_LEAD.exec(firstText)?.[0];
    if (name === undefined || !secondText.startsWith(name)) return undefined;
    const head = heads[first];
    const secret = own.find(
      (finding) => head !== undefined && finding.start < head.at && finding.end >= head.at - 1,
    );
    const tail = tailStart(secondText.slice(name.length));
    if (secret === undefined || tail === undefined) return undefined;
    const start = name.length + tail.at;
    return { ...secret, start, end: start + tail.word.length };
  };
  const join = (
    parts: ReadonlyArray<{ index: number; from: number; to: number }>,
    separator: string,
  ) => {
    const pieces: Piece[] = [];
    let offset = 0;
    for (const { index, from, to } of parts) {
      pieces.push({ index, start: offset, end: offset + to - from, base: offset - from });
      offset += to - from + separator.length;
    }
    const joined = parts.map(({ index, from, to }) => (texts[index] as string).slice(from, to));
    return { pieces, joined: joined.join(separator), separator, labelled: false, triple: false };
  };
  const whole = (index: number) => {
    const text = texts[index] as string;
    // A memory file's path ("topics/accounts.md") is joined by its name alone: its folder and
    // `.md` are no half of a key, and glued to a fact they made one ("…see the vault" +
    // "topics/accounts.md" read as a pointer to no place).
    const path = MEMORY_PATH.exec(text);
    if (path === null) return { index, from: 0, to: text.length };
    const from = (path.groups?.folder ?? "").length;
    return { index, from, to: from + (path.groups?.name ?? "").length };
  };
  // Of a path, its name's: the folder and `.md` stand in no join.
  const heads = texts.map((_, index) => {
    const { from, to } = whole(index);
    const head = headEnd((texts[index] as string).slice(from, to));
    return head === undefined ? undefined : { ...head, at: head.at + from };
  });
  const tails = texts.map((_, index) => {
    const { from, to } = whole(index);
    const tail = tailStart((texts[index] as string).slice(from, to));
    return tail === undefined ? undefined : { ...tail, at: tail.at + from };
  });
  const jobs = groups.flatMap((group) => {
    if (group.length === 3) return [{ ...join(group.map(whole), ""), triple: true }];
    if (group.length !== 2) return [join(group.map(whole), "\n")];
    const [first, second] = group as [number, number];
    // A path's name of small letters glued to a fact's last or first word only made a word
    // ("…the 1st." + "accounts"), or after a space one more word ("…see the vault" + " home2"
    // read as a password after a pointer): no key's half is a plain slug, it joins by a line break.
    const slug = [first, second].some((index) => {
      const text = texts[index] as string;
      return PLAIN_SLUG.test(text) || PLAIN_NAME.test(text.trim());
    });
    const plain = SEPARATORS.filter((separator) => separator === "\n" || !slug).map((separator) =>
      join([whole(first), whole(second)], separator),
    );
    // The key words at the end of one and the start of the other, the label words between them
    // dropped; only when there were some (else the plain joins are the same).
    const head = heads[first];
    const tail = tails[second];
    if (head === undefined || tail === undefined || slug) return plain;
    const firstText = texts[first] as string;
    const secondText = texts[second] as string;
    const dropped =
      head.at < firstText.trimEnd().length ||
      tail.at > secondText.length - secondText.trimStart().length;
    if (!dropped || (head.word + tail.word).replace(/[^\p{L}\p{N}]/gu, "").length < MIN_KEY_CHARS) {
      return plain;
    }
    const parts = [
      { index: first, from: whole(first).from, to: head.at },
      { index: second, from: tail.at, to: whole(second).to },
    ];
    // Halves of a key meet with nothing between them; groups of digits (a card, an account
    // number) with a space too. A line break joins lines of a file, not halves.
    const separators = /\p{N}$/u.test(head.word) && /^\p{N}/u.test(tail.word) ? ["", " "] : [""];
    // Only markdown or punctuation dropped (backticks, a table's bars): the halves are as
    // plainly one key as when nothing stood between them.
    const worded = /[\p{L}\p{N}]/u.test(
      firstText.slice(head.at, whole(first).to) + secondText.slice(whole(second).from, tail.at),
    );
    const labelled = separators.map((separator) => ({
      ...join(parts, separator),
      labelled: worded,
    }));
    return [...plain, ...labelled];
  });
  // The texts alone (unless given) and every join, scanned in one go.
  const scan = [...(options.alone === undefined ? texts : []), ...jobs.map((job) => job.joined)];
  const finish = (scans: readonly FindSecretsResult[]): SplitSecrets => {
    // A secret one text holds alone is refused with that text. A joined match that runs on from it
    // into a neighbour (texts joined with nothing glue "...kS" + "keeps") blames the neighbour only
    // when its part looks like more of a token (a digit, an inner capital or a symbol), not a plain
    // word: a key's second half is refused, the next fact "keeps keys in 1Password" is not.
    const alone = (options.alone ?? scans.slice(0, texts.length).map((scan) => scan.findings)).map(
      (findings, index) => [...findings, ...placeholders(texts[index] as string)],
    );
    const scanned = scans.slice(scans.length - jobs.length).map((scan) => scan.findings);
    // Pairs of texts whose join with a space or a line break finds a labelled value starting the
    // second text ("my password is" + "Girasol42"): glued with nothing, the label's last word ran
    // into the value ("isGirasol42"), and that word is no part of it (decision 0113).
    const valueStarts = new Set<string>();
    for (const [job, { pieces, separator, labelled }] of jobs.entries()) {
      const [first, second] = pieces;
      if (
        separator === "" ||
        labelled ||
        pieces.length !== 2 ||
        first === undefined ||
        second === undefined
      ) {
        continue;
      }
      for (const finding of scanned[job] ?? []) {
        if (LABELLED_VALUE_KINDS.has(finding.kind) && finding.start === second.start) {
          valueStarts.add(`${first.index} ${second.index}`);
        }
      }
    }
    const gluedLabel = (finding: SecretFinding, spanned: readonly Piece[], separator: string) => {
      const [first, second] = spanned;
      return (
        separator === "" &&
        LABELLED_VALUE_KINDS.has(finding.kind) &&
        first !== undefined &&
        second !== undefined &&
        valueStarts.has(`${first.index} ${second.index}`)
      );
    };
    // A number ending a line is a word of its own (a model, a count, a year): glued with nothing
    // to the next line's first word ("Fritz!Box 7590" + "Wi-Fi: …" read as "7590Wi-Fi" beside
    // "password") or to a line of marks alone (a front matter's "---" after "pins on the
    // board: 2024"; decision 0124) it is no half of a value typed after a label; nor is a line's
    // last word glued to a postal mark or a currency sign, which start a word ("my password is" +
    // "〒150-0001 …" read as "is〒150-0001"; a new user's trial, decision 0117).
    const wordsGlued = (finding: SecretFinding, spanned: readonly Piece[], separator: string) => {
      const [first, second] = spanned;
      if (separator !== "" || first === undefined || second === undefined) return false;
      if (spanned.length !== 2 || !LABELLED_VALUE_KINDS.has(finding.kind)) return false;
      const head = (texts[first.index] as string).slice(
        Math.max(finding.start, first.start) - first.base,
        first.end - first.base,
      );
      const tail = (texts[second.index] as string).slice(
        second.start - second.base,
        Math.min(finding.end, second.end) - second.base,
      );
      const wordOrMarks = /^\p{L}/u.test(tail) || !/[\p{L}\p{N}]/u.test(tail);
      return (/^\p{N}+$/u.test(head) && wordOrMarks) || startsWithSign(tail);
    };
    // A value typed after a label ends at white space: with the words after it on its own line
    // dropped (a join for a key's halves), it met the next text's first word ("Wi-Fi: Casa42
    // network, password on the fridge" + "---", a file's next field, read as "Casa42---": the
    // network's name, which "network" said it was; decision 0124). The words after a value on its
    // line are no label between halves of it.
    const wordsAfterValue = (finding: SecretFinding, spanned: readonly Piece[]) => {
      const [first] = spanned;
      if (spanned.length < 2 || first === undefined) return false;
      if (!LABELLED_VALUE_KINDS.has(finding.kind)) return false;
      const dropped = (texts[first.index] as string).slice(first.end - first.base);
      return /^[^\r\n]*[\p{L}\p{N}]/u.test(dropped);
    };
    const blame = (index: number, range: SecretFinding) => {
      const entry = found.get(index) ?? { kinds: new Set<string>(), ranges: [] };
      entry.kinds.add(range.kind);
      entry.ranges.push(range);
      found.set(index, entry);
    };
    for (const [job, { pieces, labelled, triple, separator }] of jobs.entries()) {
      for (const finding of scanned[job] ?? []) {
        // A blank text inside a finding holds no part of it.
        const spanned = pieces.filter(
          ({ start, end }) => start < end && finding.start < end && finding.end > start,
        );
        if (spanned.length === 0) continue;
        // Three lines glued are a key's thirds only when the finding spans all three and none of
        // its parts is a plain word ("…MN6" + "likes tea"): the pairs find the rest.
        const plainPart = ({ index, start, end, base }: Piece) =>
          /^\p{Lu}?\p{Ll}+$/u.test(
            (texts[index] as string).slice(
              Math.max(finding.start, start) - base,
              Math.min(finding.end, end) - base,
            ),
          );
        if (triple && (spanned.length < 3 || spanned.some(plainPart))) continue;
        if (finding.kind === "random_token" && idsAndTimes(finding, spanned)) continue;
        if (finding.kind === LONG_TOKEN_KIND && longAlone(finding, spanned)) continue;
        if (LABELLED_VALUE_KINDS.has(finding.kind) && plainNextLine(finding, spanned, pieces)) {
          continue;
        }
        if (gluedLabel(finding, spanned, separator)) continue;
        if (wordsGlued(finding, spanned, separator)) continue;
        if (labelled && wordsAfterValue(finding, spanned)) continue;
        if (spanned.length === 1) {
          // Inside one text, but found only with its neighbour: "my password is" + "hunter2", or
          // "redis://:pw" + "@host". That text alone held nothing, so the words of the other made
          // it a secret: it is refused.
          const [only] = spanned as [Piece];
          const heldAlone = (alone[only.index] ?? []).some(
            (own) => finding.start < only.base + own.end && finding.end > only.base + own.start,
          );
          if (heldAlone) continue;
          if (LABELLED_VALUE_KINDS.has(finding.kind) && ownLabel(finding, only)) continue;
        }
        if (finding.kind === "password" && endsAtPointer(finding, spanned)) continue;
        const ownedAlone = spanned.some(({ index, base }) =>
          (alone[index] ?? []).some(
            (own) => finding.start < base + own.end && finding.end > base + own.start,
          ),
        );
        const plainWords = spanned.every(({ index, start, end, base }) => {
          const part = (texts[index] as string).slice(
            Math.max(finding.start, start) - base,
            Math.min(finding.end, end) - base,
          );
          // A sentence's first word (a fact file's body) is a plain word too: "Keeps"; so are
          // words after a space: a key's rest is one word ("…see the vault2024!" + " likes tea").
          return (alone[index] ?? []).length > 0 || /^(?:[A-Z]?[a-z]+|\S+\s[\s\S]*)$/.test(part);
        });
        // Without the label words, a key one text holds alone runs into whatever word comes next
        // ("…Op" + "1Password"): a join without them is for secrets no text holds alone. A
        // password or an assignment ends at white space, so what the join glues after one is the
        // next line's ("Sommer2024!" + "Node22 rocks"); a key's rest is found as its format.
        const carriesOn = !plainWords && !labelled && !TYPED_VALUE_KINDS.has(finding.kind);
        if (ownedAlone && !carriesOn && !phraseRest(finding, spanned)) continue;
        for (const { index, start, end, base } of spanned) {
          blame(index, {
            ...finding,
            start: Math.max(finding.start, start) - base,
            end: Math.min(finding.end, end) - base,
          });
        }
      }
    }
    for (const [at, first] of filled.slice(0, -1).entries()) {
      const rest = sameNameRest(first, filled[at + 1] as number, alone[first] ?? []);
      if (rest !== undefined) blame(filled[at + 1] as number, rest);
    }
    return new Map(
      [...found].map(([index, entry]) => [
        index,
        {
          kinds: [...entry.kinds],
          redacted: redactRanges(texts[index] as string, entry.ranges),
          ranges: entry.ranges,
        },
      ]),
    );
  };
  return { scan, finish };
}
