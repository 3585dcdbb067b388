import { contentWords } from "../text/content-words.js";
import { factKey } from "../text/fact-key.js";
import { hashText } from "../text/hash-text.js";

// The tombstone rules without the file's schema library: a prompt hook asks them of the units it
// recalls, and loading zod cost it ~40 ms of CPU (measured); `tombstones.ts` keeps the schemas.

/** Where tombstones live, inside the memory folder's internal state folder. */
export const TOMBSTONES_FILE = "tombstones.json";

/**
 * A fact key's hash in a tombstone: the first 64 bits of its sha256, base64url (11 chars). 64 bits
 * keep a false `same_fact` match out of reach (10,000 tombstones x 1,000 proposals: ~5e-13).
 */
export const KEY_HASH = /^[A-Za-z0-9_-]{11}$/;
/**
 * A content word's hash: the first 48 bits of its sha256, base64url (8 chars). The word rules
 * need two or more shared words, or every word of a query, so 48 bits a word are plenty.
 */
export const WORD_HASH = /^[A-Za-z0-9_-]{8}$/;
export const KEY_BYTES = 8;
export const WORD_BYTES = 6;

/** The first `bytes` of a hex hash, base64url (a format-1 hash cut to format 2). */
export function shortFromHex(hex: string, bytes: number): string {
  return Buffer.from(hex.slice(0, bytes * 2).toLowerCase(), "hex").toString("base64url");
}

/** The tombstone hash of a fact key (see {@link KEY_HASH}). */
export function tombstoneKeyHash(key: string): string {
  return shortFromHex(hashText(key), KEY_BYTES);
}

/** The tombstone hash of a content word (see {@link WORD_HASH}). */
export function tombstoneWordHash(word: string): string {
  return shortFromHex(hashText(word), WORD_BYTES);
}

/** Which tombstone rule matched a fact. */
export type ForgottenMatch =
  | { rule: "same_fact"; date: string }
  | { rule: "forget_query_words"; date: string }
  | { rule: "removed_fact_words"; date: string };

/** A tombstone as {@link TombstoneIndex} reads it (`Tombstone` of `tombstones.ts`). */
export type IndexedTombstone = {
  date: string;
  facts: ReadonlyArray<{ hash: string; words: readonly string[] }>;
  query: readonly string[];
  /**
   * Fact-key hashes of the lines stated on the forget's own day that were in memory when it ran
   * and that it left (decision 0095, amended): a line of that day not among them came after it.
   * Absent on tombstones written before (a line of that day then counts as kept).
   */
  kept?: readonly string[];
};

/**
 * The tombstones indexed by key and word for {@link findForgotten}'s rules, built once per write
 * pass, so a check costs the proposal's words, not the number of tombstones. Same answers as a
 * scan in order (the oldest matching tombstone of the first rule that matches).
 *
 * @example new TombstoneIndex(await readTombstones(store)).find("deploys on Fly.io")
 */
export class TombstoneIndex {
  private readonly keys = new Map<string, string>();
  /** Query word -> indexes into `queries` of the queries holding it. */
  private readonly queryWords = new Map<string, number[]>();
  private readonly queries: { date: string; words: readonly string[]; kept?: Kept }[] = [];
  /** Removed-line word -> indexes into `removed` of the lines holding it. */
  private readonly removedWords = new Map<string, number[]>();
  private readonly removed: {
    date: string;
    words: ReadonlySet<string>;
    /** The words of the forget query that removed the line (none for an older tombstone). */
    query: readonly string[];
    kept?: Kept;
  }[] = [];

  constructor(tombstones: readonly IndexedTombstone[]) {
    for (const tombstone of tombstones) {
      const kept = tombstone.kept === undefined ? {} : { kept: new Set(tombstone.kept) };
      for (const fact of tombstone.facts) {
        if (!this.keys.has(fact.hash)) this.keys.set(fact.hash, tombstone.date);
        const index =
          this.removed.push({
            date: tombstone.date,
            words: new Set(fact.words),
            query: tombstone.query,
            ...kept,
          }) - 1;
        // Every occurrence, as the scan counted them.
        for (const word of fact.words) push(this.removedWords, word, index);
      }
      if (tombstone.query.length > 0) {
        const index =
          this.queries.push({ date: tombstone.date, words: tombstone.query, ...kept }) - 1;
        for (const word of new Set(tombstone.query)) push(this.queryWords, word, index);
      }
    }
  }

  /**
   * The first rule of {@link findForgotten} that matches `fact`, with its tombstone's date.
   *
   * @param fact - A proposed fact, or the text of a stored line (date tag left out).
   * @param stated - For a stored line, the day it was stated (`[stated YYYY/MM/DD]`, a fact
   *   file's `updated:`): rules 2 (`forget_query_words`) and 3 (`removed_fact_words`) then match
   *   only tombstones of a forget made before that day. A line stated before the forget's day
   *   was in memory when the forget ran and was not removed, so it was kept ("Anna's brother
   *   lives in Madrid" after forgetting her sister's line; a fact file that only mentions the
   *   query's words); a line stated on the forget's own day was kept when the tombstone lists
   *   it (`kept`) or lists nothing (written before it did), and came after the forget otherwise;
   *   rule 1 still matches it, and a line the forget matched but could not remove is tombstoned
   *   by its own hash (decisions 0005, amended 2026-12-07, 0095 and its amendment). Omitted for
   *   a proposal or a file not yet in memory.
   * @param factsOnly - Ask only the removed lines (rules 1 and 3), not the forget queries' words
   *   (rule 2): for a file's name or description, which names a topic ("deploy questions"), not a
   *   fact (decision 0091, amended 2026-12-07). Such a field also matches a removed line it shares
   *   2 or more content words with when it holds every word of the query that removed the line
   *   ("Cello practice on Sundays, and other music." after `forget cello` removed "plays the
   *   cello on Sundays"), whatever its day: the forget left it without asking (decision 0108).
   */
  find(fact: string, stated?: string, factsOnly = false): ForgottenMatch | undefined {
    const day = statedDay(stated);
    const key = tombstoneKeyHash(factKey(fact));
    const date = this.keys.get(key);
    if (date !== undefined) return { rule: "same_fact", date };
    // A line stated before the forget's day was in memory when it ran, and it left the line; one
    // of its own day too when the tombstone says it was there (`kept`), or when it cannot say.
    const keptBy = (asked: { date: string; kept?: Kept } | undefined) =>
      day !== undefined &&
      asked !== undefined &&
      (asked.date > day || (asked.date === day && (asked.kept?.has(key) ?? true)));
    // The fact's language's stop words dropped too, as a forget query's are (decision 0089).
    const stems = contentWords(fact, { ownLanguage: true });
    const hashes = stems.map(tombstoneWordHash);
    const words = new Set(hashes);
    let first: number | undefined;
    for (const word of factsOnly ? [] : words) {
      for (const index of this.queryWords.get(word) ?? []) {
        if (first !== undefined && index >= first) break;
        const asked = this.queries[index];
        if (keptBy(asked)) continue;
        if ((asked?.words ?? []).every((queryWord) => words.has(queryWord))) {
          first = index;
        }
      }
    }
    const query = first === undefined ? undefined : this.queries[first];
    if (query !== undefined) return { rule: "forget_query_words", date: query.date };
    const shared = new Map<number, number>();
    for (const word of words) {
      for (const index of this.removedWords.get(word) ?? []) {
        shared.set(index, (shared.get(index) ?? 0) + 1);
      }
    }
    // A number of the fact that the removed line did not hold makes it another fact, not a
    // restatement: "rent is 650 EUR" after "rent is 900 EUR", "tamarind1" after "tamarind3".
    const numbers = hashes.filter((_, at) => NUMBER.test(stems[at] ?? ""));
    first = undefined;
    for (const [index, count] of shared) {
      const removed = this.removed[index];
      const named =
        factsOnly &&
        count >= 2 &&
        (removed?.query.length ?? 0) > 0 &&
        (removed?.query ?? []).every((queryWord) => words.has(queryWord));
      const restated = count >= 2 && count * 3 >= words.size * 2;
      if ((restated || named) && (first === undefined || index < first)) {
        if ((named || !keptBy(removed)) && numbers.every((number) => removed?.words.has(number)))
          first = index;
      }
    }
    const line = first === undefined ? undefined : this.removed[first];
    return line === undefined ? undefined : { rule: "removed_fact_words", date: line.date };
  }
}

// A line's day as a tombstone's date is written (`YYYY/MM/DD`); `updated:` may be typed with
// dashes. Anything else is no day, and the line is asked as a proposal is.
function statedDay(stated: string | undefined): string | undefined {
  const day = stated?.trim().replace(/-/g, "/");
  return day !== undefined && /^\d{4}\/\d{2}\/\d{2}$/.test(day) ? day : undefined;
}

type Kept = ReadonlySet<string>;

/** Where a key of a JSON text ends (its closing quote and the colon). */
const KEY_END = /"\s*:/g;

/** A tombstone's date as `formatTombstones` writes it. */
const DATE = /^\d{4}\/\d{2}\/\d{2}$/;

/** A content word that holds a digit: a number, or a name with one ("tamarind3", "v2"). */
const NUMBER = /\p{N}/u;

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * The tombstones of a format-2 or format-3 file as written (`formatTombstones`), checked by hand:
 * the quick path of the one reader (`readTombstoneFile`, which starts with it) and of a prompt
 * hook, which then loads no JSON parse tree. It answers only where the lenient reader would read
 * the same tombstones with no problem, and `undefined` for anything else (format 1, a broken file,
 * a key given twice: `JSON.parse` keeps the last one where the parse tree reads the first), which
 * that reader then reads (decision 0115).
 *
 * @param text - The tombstone file's text.
 * @returns The tombstones, or `undefined`.
 * @example storedTombstones('{"version":2,"tombstones":[]}') // []
 */
export function storedTombstones(text: string): IndexedTombstone[] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const file = data as { version?: unknown; tombstones?: unknown };
  if ((file?.version !== 2 && file?.version !== 3) || !Array.isArray(file.tombstones)) {
    return undefined;
  }
  // Every key of the text ends in a quote then a colon; more of those than keys read means a key
  // given twice (or an unknown nested object): the lenient reader decides.
  let keys = Object.keys(file).length;
  for (const stored of file.tombstones as unknown[]) {
    if (stored !== null && typeof stored === "object") keys += Object.keys(stored).length;
  }
  if ((text.match(KEY_END) ?? []).length !== keys) return undefined;
  const hashes = (text: unknown) =>
    typeof text === "string" ? text.split(" ").filter((hash) => hash !== "") : undefined;
  const tombstones: IndexedTombstone[] = [];
  for (const stored of file.tombstones as unknown[]) {
    const { date, facts, query, kept } = (stored ?? {}) as Record<string, unknown>;
    const queryWords = hashes(query);
    const keptKeys = kept === undefined ? undefined : hashes(kept);
    if (kept !== undefined && !keptKeys?.every((hash) => KEY_HASH.test(hash))) return undefined;
    if (typeof date !== "string" || !DATE.test(date) || !Array.isArray(facts)) return undefined;
    if (queryWords === undefined) return undefined;
    const read: Array<{ hash: string; words: string[] }> = [];
    for (const fact of facts as unknown[]) {
      const [hash, words] = Array.isArray(fact) ? fact : [];
      const wordList = hashes(words);
      if (typeof hash !== "string" || !KEY_HASH.test(hash) || wordList === undefined) return;
      read.push({ hash, words: wordList });
    }
    if (![...queryWords, ...read.flatMap((fact) => fact.words)].every((w) => WORD_HASH.test(w))) {
      return undefined;
    }
    tombstones.push(
      keptKeys === undefined
        ? { date, facts: read, query: queryWords }
        : { date, facts: read, query: queryWords, kept: keptKeys },
    );
  }
  return tombstones;
}
