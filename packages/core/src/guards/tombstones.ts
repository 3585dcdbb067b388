import { contentWords } from "../text/content-words.js";
import { factKey } from "../text/fact-key.js";
import { readTombstoneFile, type TombstoneProblem } from "./tombstone-file.js";
import { TombstoneFileError } from "./tombstone-file-error.js";
import {
  type ForgottenMatch,
  type IndexedTombstone,
  TOMBSTONES_FILE,
  TombstoneIndex,
  tombstoneKeyHash,
  tombstoneWordHash,
} from "./tombstone-index.js";
import { readTombstoneText } from "./tombstone-text.js";

export {
  readTombstoneFile,
  type TombstoneProblem,
  type TombstoneReading,
  UNKNOWN_TOMBSTONE_DATE,
} from "./tombstone-file.js";
export {
  type ForgottenMatch,
  TOMBSTONES_FILE,
  TombstoneIndex,
  tombstoneKeyHash,
  tombstoneWordHash,
} from "./tombstone-index.js";

/** One forget request, as kept: short hashes only, never the forgotten words. */
export type Tombstone = {
  /** The day of the forget in the user's calendar, `YYYY/MM/DD`. */
  date: string;
  /** One entry per removed line: its fact key's hash (11 chars), its content words' (8 each). */
  facts: Array<{ hash: string; words: string[] }>;
  /** Hashes of the forget query's content words (empty when it had none). */
  query: string[];
  /**
   * Fact-key hashes of the lines stated on the forget's day that it left in memory (see
   * `IndexedTombstone.kept`); absent on tombstones written before it was kept, and on those of a
   * write (the memory tool's, the write pass's), whose same-day lines count as kept.
   */
  kept?: string[];
};

/** What the tombstone code needs of a store (a `MemoryStore` fits). */
export type TombstoneStore = {
  readInternal(relativePath: string): Promise<string | undefined>;
  writeInternal(relativePath: string, text: string): Promise<void>;
};

/**
 * Builds the tombstone of one forget request.
 *
 * @param query - The forget query as the user gave it.
 * @param removedFacts - Fact texts of the removed lines.
 * @param date - UTC date `YYYY/MM/DD`.
 * @returns The tombstone (hashes only).
 * @example makeTombstone("my address", ["home address is 12 Elm Street"], "2026/09/12")
 */
export function makeTombstone(query: string, removedFacts: string[], date: string): Tombstone {
  return {
    date,
    facts: removedFacts.map((fact) => ({
      hash: tombstoneKeyHash(factKey(fact)),
      words: contentWords(fact, { ownLanguage: true }).map(tombstoneWordHash),
    })),
    query: contentWords(query, { ownLanguage: true }).map(tombstoneWordHash),
  };
}

/**
 * Whether a proposed fact was forgotten before, by three rules over hashes (the seed design: a
 * forgotten fact leaves a tombstone so no later write pass brings it back):
 * 1. `same_fact`: its fact key (see {@link factKey}: date tag, case, white space ignored) hashes
 *    to the key of a removed line;
 * 2. `forget_query_words`: it contains every content word of a forget query (stemmed, function
 *    words dropped; see {@link contentWords}), so "forget where I deploy" blocks "deploys on
 *    Render" too; a query with no content words never matches;
 * 3. `removed_fact_words`: it shares at least two content words with one removed line, and those
 *    make up at least two thirds of its own content words, so "lives at 12 Elm Street" is caught
 *    after "home address is 12 Elm Street, Springfield" was forgotten; a fact holding a number (a
 *    content word with a digit) the removed line did not hold is another fact and never matches
 *    this rule: "rent is 650 EUR" after "rent is 900 EUR", "tamarind1" after "tamarind3"
 *    (decision 0084).
 *
 * @param fact - The proposed fact text.
 * @param tombstones - From {@link readTombstones}.
 * @returns The first rule that matched with its tombstone's date, or `undefined`.
 * @example findForgotten("deploys on Fly.io", tombstones) // { rule: "same_fact", date: "2026/09/12" }
 */
export function findForgotten(
  fact: string,
  tombstones: readonly Tombstone[],
): ForgottenMatch | undefined {
  return new TombstoneIndex(tombstones).find(fact);
}

/**
 * Removes from the tombstones what a fact matches (the user's newest explicit word wins): a
 * removed line matched by rule `same_fact` or `removed_fact_words`, and a forget query matched by
 * rule `forget_query_words` (see {@link findForgotten}); tombstones left empty are dropped.
 *
 * @param fact - A fact the user explicitly asked to remember.
 * @param tombstones - The current tombstones.
 * @returns The new list; unchanged tombstones are the same objects.
 * @example liftTombstones("deploys on Render", tombstones)
 */
export function liftTombstones(fact: string, tombstones: readonly Tombstone[]): Tombstone[] {
  const lifted: Tombstone[] = [];
  for (const tombstone of tombstones) {
    const facts = tombstone.facts.filter(
      (removed) =>
        findForgotten(fact, [{ date: tombstone.date, facts: [removed], query: [] }]) === undefined,
    );
    const queryMatches =
      findForgotten(fact, [{ date: tombstone.date, facts: [], query: tombstone.query }]) !==
      undefined;
    const query = queryMatches ? [] : tombstone.query;
    if (facts.length === tombstone.facts.length && query === tombstone.query)
      lifted.push(tombstone);
    else if (facts.length > 0 || query.length > 0) lifted.push({ ...tombstone, facts, query });
  }
  return lifted;
}

/**
 * Lifts the tombstones `fact` matches ({@link liftTombstones}) in the store, and gives back how to
 * put them back. Call it under `store.withLock`, in the section that writes the fact, before the
 * write: the lift and the fact's file then commit together (one transaction on PostgreSQL), and a
 * write that fails or is refused after it calls the undo, so nothing of the call is left.
 *
 * @param store - A `MemoryStore` (anything with `readInternal` / `writeInternal`).
 * @param fact - A fact the user explicitly asked to remember.
 * @returns The undo: writes the tombstone file back as it was (a no-op when nothing was lifted).
 * @throws {TombstoneFileError} when the file is not valid tombstone JSON (nothing written).
 * @example const undo = await liftMatchingTombstones(store, "deploys on Render");
 */
export async function liftMatchingTombstones(
  store: TombstoneStore,
  fact: string,
): Promise<() => Promise<void>> {
  const text = await readTombstoneText(store);
  if (text === undefined) return async () => {};
  const tombstones = parseTombstones(text);
  const lifted = liftTombstones(fact, tombstones);
  if (
    lifted.length === tombstones.length &&
    lifted.every((tombstone, index) => tombstone === tombstones[index])
  ) {
    return async () => {};
  }
  await writeTombstones(store, lifted);
  return () => store.writeInternal(TOMBSTONES_FILE, text);
}

/**
 * Reads `.memfiles/tombstones.json`; a missing file is no tombstones. Format 1 is converted in
 * memory (rewritten as format 2 by the next change). A file that cannot be read whole is an
 * error, never skipped: skipping it would let forgotten facts back.
 *
 * @param store - A `MemoryStore` (anything with `readInternal`).
 * @returns The tombstones, oldest first.
 * @throws {TombstoneFileError} when the file exists but is not valid tombstone JSON.
 * @example const tombstones = await readTombstones(store);
 */
export async function readTombstones(
  store: Pick<TombstoneStore, "readInternal">,
): Promise<Tombstone[]> {
  const text = await readTombstoneText(store);
  return text === undefined ? [] : parseTombstones(text);
}

/**
 * Reads `.memfiles/tombstones.json` as far as it can be read (`readTombstoneFile`): for the
 * person's views, `check` and the memory page, which report what could not be read
 * (`tombstones_unreadable`) and name the lines the rest matches, instead of failing whole. Every
 * surface that shows memory to a model and every write reads it with {@link readTombstones},
 * which refuses a damaged file (decision 0107).
 *
 * @param store - A `MemoryStore` (anything with `readInternal`).
 * @returns The tombstones read and the problems; none of either for a missing file.
 * @example const { tombstones, problems } = await readTombstonesLeniently(store);
 */
export async function readTombstonesLeniently(
  store: Pick<TombstoneStore, "readInternal">,
): Promise<{ tombstones: Tombstone[]; problems: TombstoneProblem[] }> {
  let text: string | undefined;
  try {
    text = await readTombstoneText(store);
  } catch (error) {
    // A link or a folder in the file's place: reported as its problem, never read through.
    if (error instanceof TombstoneFileError)
      return { tombstones: [], problems: [...error.problems] };
    throw error;
  }
  if (text === undefined) return { tombstones: [], problems: [] };
  const reading = readTombstoneFile(text);
  return { tombstones: reading.tombstones.map(copied), problems: reading.problems };
}

/**
 * Parses the text of a tombstone file (see {@link readTombstones}), format 1 or 2, by the one
 * lenient reader (`readTombstoneFile`); any problem it finds is an error here, since a tombstone
 * it could not read whole might hide any line (`memfiles check` lists every problem).
 *
 * @param text - The file's text.
 * @returns The tombstones, oldest first.
 * @throws {TombstoneFileError} when any of it cannot be read (broken JSON, a wrong shape, a hash
 *   or a date that is not one), naming the first problem's line.
 * @example parseTombstones('{"version":2,"tombstones":[]}') // []
 */
export function parseTombstones(text: string): Tombstone[] {
  const reading = readTombstoneFile(text);
  if (reading.problems.length > 0) {
    throw new TombstoneFileError(`.memfiles/${TOMBSTONES_FILE}`, reading.problems);
  }
  return reading.tombstones.map(copied);
}

function copied(tombstone: IndexedTombstone): Tombstone {
  const copy = {
    date: tombstone.date,
    facts: tombstone.facts.map(({ hash, words }) => ({ hash, words: [...words] })),
    query: [...tombstone.query],
  };
  return tombstone.kept === undefined ? copy : { ...copy, kept: [...tombstone.kept] };
}

/**
 * A store's tombstones, indexed again only when the file's text changed: a write pass keeps one
 * for all its proposals. Each `find` reads the text again, so a forget that finishes during a
 * pass still refuses the pass's next proposals.
 *
 * @example const cache = new TombstoneCache(); await cache.find(store, "deploys on Fly.io");
 */
export class TombstoneCache {
  private text: string | undefined;
  private index: TombstoneIndex | undefined;

  /**
   * The first tombstone rule that matches `fact` (see {@link findForgotten}).
   *
   * @param store - A `MemoryStore` (anything with `readInternal`).
   * @param fact - The proposed fact text.
   * @returns `{ rule, date }` or `undefined`.
   * @throws {TombstoneFileError} when the file is not valid tombstone JSON.
   */
  async find(
    store: Pick<TombstoneStore, "readInternal">,
    fact: string,
  ): Promise<ForgottenMatch | undefined> {
    const text = await readTombstoneText(store);
    if (this.index === undefined || text !== this.text) {
      this.index = new TombstoneIndex(text === undefined ? [] : parseTombstones(text));
      this.text = text;
    }
    return this.index.find(fact);
  }
}

/**
 * Replaces the tombstone list, in format 2 (one tombstone a line). Call inside `store.withLock`
 * with the read, so two forgets cannot lose each other's tombstone.
 *
 * @param store - A `MemoryStore` (anything with `writeInternal`).
 * @param tombstones - The whole new list.
 * @example await writeTombstones(store, [...old, makeTombstone(query, removed, date)]);
 */
export async function writeTombstones(
  store: TombstoneStore,
  tombstones: Tombstone[],
): Promise<void> {
  await store.writeInternal(TOMBSTONES_FILE, formatTombstones(tombstones));
}

/**
 * The text of a tombstone file: format 2, or format 3 when a tombstone holds `kept` (the lines
 * of its day a forget left; format 2 had no such field, and a reader of format 2 alone refuses a
 * field it does not know rather than skip it). The oldest format that holds the list is written,
 * so a memfiles that reads format 2 only still reads a file no forget of this kind touched.
 *
 * @param tombstones - The whole list.
 * @returns JSON, one tombstone a line.
 * @example formatTombstones([]) // '{"version":2,"tombstones":[]}\n'
 */
export function formatTombstones(tombstones: readonly Tombstone[]): string {
  const lines = tombstones.map((tombstone) =>
    JSON.stringify({
      date: tombstone.date,
      facts: tombstone.facts.map((fact) => [fact.hash, fact.words.join(" ")]),
      query: tombstone.query.join(" "),
      ...(tombstone.kept === undefined ? {} : { kept: tombstone.kept.join(" ") }),
    }),
  );
  const version = tombstones.some((tombstone) => tombstone.kept !== undefined) ? 3 : 2;
  if (lines.length === 0) return `{"version":${version},"tombstones":[]}\n`;
  return `{"version":${version},"tombstones":[\n${lines.join(",\n")}\n]}\n`;
}

/**
 * Tombstones another memory left, added to this one's: those `incoming` holds that `own` does
 * not (the same date, hashes, query and `kept`), after `own`, in their order. An import carries a
 * bundle's source's tombstones this way, so a fact forgotten there stays forgotten here
 * (decision 0121).
 *
 * @param own - This memory's tombstones, oldest first.
 * @param incoming - The other memory's, oldest first.
 * @returns The list to write; `own` itself (the same array) when nothing is new.
 * @example mergeTombstones(await readTombstones(store), parseTombstones(bundle.tombstones))
 */
export function mergeTombstones(own: Tombstone[], incoming: readonly Tombstone[]): Tombstone[] {
  const key = (tombstone: Tombstone) =>
    JSON.stringify([tombstone.date, tombstone.facts, tombstone.query, tombstone.kept ?? null]);
  const known = new Set(own.map(key));
  const added = incoming.filter((tombstone) => !known.has(key(tombstone)));
  return added.length === 0 ? own : [...own, ...added];
}
