import {
  getNodeValue,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { UNKNOWN_TOMBSTONE_DATE } from "./tombstone-day.js";
import {
  type IndexedTombstone,
  KEY_BYTES,
  KEY_HASH,
  shortFromHex,
  storedTombstones,
  WORD_BYTES,
  WORD_HASH,
} from "./tombstone-index.js";

/** One thing in `.memfiles/tombstones.json` that could not be read as it should. */
export type TombstoneProblem = {
  /** 1-based line of the file where it is. */
  line: number;
  /** 0-based place of the tombstone in the list, when the problem is inside one. */
  entry?: number;
  /** What failed, in words ("its date 7 is not YYYY/MM/DD", "broken JSON: a comma is missing"). */
  problem: string;
  /**
   * How to put it right, when not by correcting the line or restoring the file from a backup
   * (`TOMBSTONE_FIX`): a link in the file's place is replaced by what it points to.
   */
  fix?: string;
};

/** What {@link readTombstoneFile} could read of a tombstone file, and what it could not. */
export type TombstoneReading = {
  /** Every tombstone, or every part of one, that could be read, oldest first, in format 2. */
  tombstones: IndexedTombstone[];
  /** What could not be read; empty for a sound file of format 1 or 2. */
  problems: TombstoneProblem[];
};

export { UNKNOWN_TOMBSTONE_DATE };

const HEX_HASH = /^[0-9a-f]{64}$/i;
const DAY = /^(\d{4})[/-](\d{2})[/-](\d{2})$/;

/**
 * Reads a tombstone file leniently: broken JSON (a hand edit, a half-synced copy) is read as far
 * as it goes, and each tombstone, of format 2 or 3 (`{ date, facts: [[key, "words"]], query:
 * "words" }`, format 3 adding `kept: "key …"` to a tombstone that has it)
 * or format 1 (64-hex sha256 hashes, cut to format 2's length, which keeps every match: the same
 * bits are compared), is read hash by hash. Nothing is skipped silently: what could not be read is
 * a problem with its line, and what could is kept (a date that cannot be read becomes
 * {@link UNKNOWN_TOMBSTONE_DATE}, which hides more). The one reader of formats 1, 2 and 3: every
 * surface decides through it what the file says and whether it can be read (decision 0115). A file
 * as `formatTombstones` writes it is read by `storedTombstones` (`JSON.parse`, checked by hand),
 * which answers only where the parse tree would read the same. An empty or blank file is a problem
 * (only a missing file holds no tombstones), and so is a key an object gives twice (`JSON.parse`
 * takes the last, the parse tree the first): both lists of a `tombstones` given twice are read.
 *
 * @param text - The file's text.
 * @returns The tombstones read and the problems (empty for a sound file).
 * @example readTombstoneFile('{"version":2,"tombstones":[') // { tombstones: [], problems: [{ line: 1, problem: "broken JSON: a value is missing" }] }
 */
export function readTombstoneFile(text: string): TombstoneReading {
  const written = storedTombstones(text);
  return written !== undefined ? { tombstones: written, problems: [] } : readTombstoneTree(text);
}

/**
 * The slow half of {@link readTombstoneFile}, by the parse tree alone: exported so a test can hold
 * the quick half (`storedTombstones`) to the same answer.
 *
 * @param text - The file's text.
 * @returns The tombstones read and the problems.
 */
export function readTombstoneTree(text: string): TombstoneReading {
  // Only a missing file has no tombstones: one cut to nothing (a sync, `> file`) lost them.
  if (text.trim() === "")
    return { tombstones: [], problems: [{ line: 1, problem: "it is empty" }] };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const problems: TombstoneProblem[] = [];
  const lineOf = lineCounter(text);
  const seenLines = new Set<number>();
  for (const error of errors) {
    const line = lineOf(error.offset);
    // The first error of a line says what broke; the rest follow from it.
    if (seenLines.has(line)) continue;
    seenLines.add(line);
    problems.push({ line, problem: `broken JSON: ${parseErrorWords(error.error)}` });
  }
  if (root?.type !== "object") {
    if (problems.length === 0) {
      problems.push({ line: 1, problem: "it is not a JSON object of `version` and `tombstones`" });
    }
    return { tombstones: [], problems };
  }
  problems.push(...twiceGiven(root, lineOf));
  const version = property(root, "version");
  const versionValue = version === undefined ? undefined : getNodeValue(version);
  if (version !== undefined && versionValue !== 1 && versionValue !== 2 && versionValue !== 3) {
    problems.push({
      line: lineOf(version.offset),
      problem: `its version is ${JSON.stringify(versionValue)}, not 1, 2 or 3`,
    });
  }
  // A list given twice: both are read, so what the file can be taken to say is hidden either way.
  const lists = properties(root, "tombstones").filter((list) => list.type === "array");
  if (lists.length === 0) {
    const list = property(root, "tombstones");
    problems.push({
      line: lineOf(list?.offset ?? root.offset),
      problem: "it has no `tombstones` list",
    });
    return { tombstones: [], problems };
  }
  const tombstones: IndexedTombstone[] = [];
  let entry = 0;
  for (const node of lists.flatMap((list) => list.children ?? [])) {
    const said: string[] = [];
    const tombstone = readEntry(getNodeValue(node), said);
    if (tombstone !== undefined) tombstones.push(tombstone);
    for (const problem of said) problems.push({ line: lineOf(node.offset), entry, problem });
    for (const problem of twiceGiven(node, lineOf)) problems.push({ ...problem, entry });
    entry++;
  }
  return { tombstones, problems };
}

// jsonc-parser's error codes, said in words a person editing the file reads (by the code's name,
// which the library prints: its enum is a `const enum`).
const PARSE_ERROR_WORDS: Record<string, string> = {
  InvalidSymbol: "a character that JSON does not allow here",
  InvalidNumberFormat: "a number written in a way JSON does not read",
  PropertyNameExpected: "a key in double quotes is missing",
  ValueExpected: "a value is missing",
  ColonExpected: "a colon is missing after a key",
  CommaExpected: "a comma is missing",
  CloseBraceExpected: "a closing } is missing",
  CloseBracketExpected: "a closing ] is missing",
  EndOfFileExpected: "text goes on after the end of the JSON",
  InvalidCommentToken: "a comment, which JSON does not allow",
  UnexpectedEndOfComment: "a comment that never ends",
  UnexpectedEndOfString: "a text whose closing quote is missing",
  UnexpectedEndOfNumber: "a number that is cut off",
  InvalidUnicode: "a \\u escape that is not four hex digits",
  InvalidEscapeCharacter: "a backslash escape JSON does not know",
  InvalidCharacter: "a control character inside a text",
};

function parseErrorWords(code: ParseError["error"]): string {
  return PARSE_ERROR_WORDS[printParseErrorCode(code)] ?? "it is not JSON";
}

// A key an object gives twice: JSON readers disagree on which one counts (`JSON.parse` takes the
// last, the parse tree the first), so the file says two things.
function twiceGiven(node: Node, lineOf: (offset: number) => number): TombstoneProblem[] {
  if (node.type !== "object") return [];
  const firstLine = new Map<string, number>();
  const problems: TombstoneProblem[] = [];
  for (const child of node.children ?? []) {
    const key = child.children?.[0];
    if (typeof key?.value !== "string") continue;
    const line = lineOf(key.offset);
    const first = firstLine.get(key.value);
    if (first === undefined) firstLine.set(key.value, line);
    else
      problems.push({
        line,
        problem: `its key ${JSON.stringify(key.value)} is given twice (lines ${first} and ${line})`,
      });
  }
  return problems;
}

// One tombstone of either format, read hash by hash; what cannot be read is said in `said`.
function readEntry(value: unknown, said: string[]): IndexedTombstone | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    said.push("it is not a tombstone (an object of `date`, `facts` and `query`)");
    return undefined;
  }
  const { date, facts, query, kept } = value as Record<string, unknown>;
  const day = typeof date === "string" ? DAY.exec(date.trim()) : null;
  if (day === null) said.push(`its date ${shown(date)} is not YYYY/MM/DD`);
  const read: Array<{ hash: string; words: string[] }> = [];
  if (facts !== undefined && !Array.isArray(facts)) said.push("its `facts` is not a list");
  for (const [at, fact] of (Array.isArray(facts) ? facts : []).entries()) {
    const [hash, words] = Array.isArray(fact)
      ? fact
      : [(fact as { hash?: unknown } | null)?.hash, (fact as { words?: unknown } | null)?.words];
    const key = keyHash(hash);
    if (key === undefined) said.push(`fact ${at + 1}'s hash ${shown(hash)} is not a fact hash`);
    const wordHashes = wordsOf(words, `fact ${at + 1}'s words`, said);
    // A fact whose key cannot be read still matches by its words (rule 3).
    if (key !== undefined || wordHashes.length > 0)
      read.push({ hash: key ?? "", words: wordHashes });
  }
  const queryWords = wordsOf(query, "its query", said);
  if (facts === undefined && query === undefined) said.push("it has neither `facts` nor `query`");
  const tombstone = {
    date: day === null ? UNKNOWN_TOMBSTONE_DATE : `${day[1]}/${day[2]}/${day[3]}`,
    facts: read,
    query: queryWords,
  };
  if (kept === undefined) return tombstone;
  // A `kept` that cannot be read keeps nothing of the forget's day: such a line is hidden.
  const keys = typeof kept === "string" ? kept.split(" ").filter((hash) => hash !== "") : [];
  if (typeof kept !== "string" || !keys.every((hash) => KEY_HASH.test(hash))) {
    said.push(`its kept ${shown(kept)} is not a list of fact hashes`);
    return { ...tombstone, kept: keys.filter((hash) => KEY_HASH.test(hash)) };
  }
  return { ...tombstone, kept: keys };
}

// A fact key's hash: format 2's 11 base64url chars, or format 1's 64 hex digits cut to it.
function keyHash(hash: unknown): string | undefined {
  if (typeof hash !== "string") return undefined;
  if (KEY_HASH.test(hash)) return hash;
  return HEX_HASH.test(hash) ? shortFromHex(hash, KEY_BYTES) : undefined;
}

// Word hashes: format 2's space-separated string of 8-char hashes, or format 1's list of 64-hex
// hashes. A missing list is none (format 1 left `words` and `query` out when empty).
function wordsOf(words: unknown, what: string, said: string[]): string[] {
  if (words === undefined) return [];
  const list = typeof words === "string" ? words.split(" ").filter((word) => word !== "") : words;
  if (!Array.isArray(list)) {
    said.push(`${what} is not a list of word hashes`);
    return [];
  }
  const read: string[] = [];
  for (const word of list) {
    if (typeof word === "string" && WORD_HASH.test(word)) read.push(word);
    else if (typeof word === "string" && HEX_HASH.test(word))
      read.push(shortFromHex(word, WORD_BYTES));
    else said.push(`${what} hold ${shown(word)}, not a word hash`);
  }
  return read;
}

// What a problem says of a value it could not read. A tombstone file holds hashes and dates only,
// so any other text in it was typed or pasted there, maybe a fact or a secret itself, and every
// surface a model reads shows this message: a number, `true`/`false`/`null` or a text of digits
// and date separators is quoted, anything else only described ("a text of 22 chars").
const QUOTABLE = /^[\d\s/.:-]{0,24}$/;
function shown(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return String(value);
  }
  if (typeof value === "string") {
    return QUOTABLE.test(value) ? JSON.stringify(value) : `(a text of ${value.length} chars)`;
  }
  if (Array.isArray(value)) return `(a list of ${value.length})`;
  return value === undefined ? "(nothing)" : "(an object)";
}

function property(node: Node, name: string): Node | undefined {
  return properties(node, name)[0];
}

function properties(node: Node, name: string): Node[] {
  const values: Node[] = [];
  for (const child of node.children ?? []) {
    const [key, value] = child.children ?? [];
    if (key?.value === name && value !== undefined) values.push(value);
  }
  return values;
}

// The 1-based line of a character offset, by the line breaks before it.
function lineCounter(text: string): (offset: number) => number {
  const starts: number[] = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
