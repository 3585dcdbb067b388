import { z } from "zod";
import { contentWords } from "../text/content-words.js";
import { factKey } from "../text/fact-key.js";
import { TombstoneFileError } from "./tombstone-file-error.js";
import {
  type ForgottenMatch,
  KEY_BYTES,
  KEY_HASH,
  shortFromHex,
  TOMBSTONES_FILE,
  TombstoneIndex,
  tombstoneKeyHash,
  tombstoneWordHash,
  WORD_BYTES,
  WORD_HASH,
} from "./tombstone-index.js";

export {
  type ForgottenMatch,
  TOMBSTONES_FILE,
  TombstoneIndex,
  tombstoneKeyHash,
  tombstoneWordHash,
} from "./tombstone-index.js";

/** One forget request, as kept: short hashes only, never the forgotten words. */
export const TombstoneSchema = z.strictObject({
  /** UTC date of the forget, `YYYY/MM/DD`. */
  date: z.string(),
  /** One entry per removed line: the hash of its fact key, and the hashes of its content words. */
  facts: z.array(
    z.strictObject({
      hash: z.string().regex(KEY_HASH),
      words: z.array(z.string().regex(WORD_HASH)),
    }),
  ),
  /** Hashes of the forget query's content words (empty when it had none). */
  query: z.array(z.string().regex(WORD_HASH)),
});
export type Tombstone = z.infer<typeof TombstoneSchema>;

/**
 * One tombstone on disk (format 2): `{ date, facts: [[key hash, "word hash …"]], query: "word hash …" }`,
 * one a line; ~150 bytes for a removed line of 8 content words (format 1: ~430).
 */
const StoredTombstoneSchema = z.strictObject({
  date: z.string(),
  facts: z.array(z.tuple([z.string().regex(KEY_HASH), z.string()])),
  query: z.string(),
});

/** The tombstone file, format 2: `.memfiles/tombstones.json`. */
export const TombstoneFileSchema = z.strictObject({
  version: z.literal(2),
  tombstones: z.array(StoredTombstoneSchema),
});
export type TombstoneFile = z.infer<typeof TombstoneFileSchema>;

const HEX_HASH = /^[0-9a-f]{64}$/i;

/**
 * A tombstone of format 1 (64-hex sha256 hashes), read leniently: extra fields, upper-case hex, a
 * missing `words` or `query` are accepted; each hash is cut to the format-2 length, which keeps
 * every match it made (the same bits are compared).
 */
const V1TombstoneSchema = z.looseObject({
  date: z.string(),
  facts: z
    .array(
      z.looseObject({
        hash: z.string().regex(HEX_HASH),
        words: z.array(z.string().regex(HEX_HASH)).default([]),
      }),
    )
    .default([]),
  query: z.array(z.string().regex(HEX_HASH)).default([]),
});
const V1FileSchema = z.looseObject({
  version: z.literal(1).optional(),
  tombstones: z.array(V1TombstoneSchema),
});

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
    else if (facts.length > 0 || query.length > 0)
      lifted.push({ date: tombstone.date, facts, query });
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
  const text = await store.readInternal(TOMBSTONES_FILE);
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
 * memory (rewritten as format 2 by the next change). A file of neither format is an error, never
 * skipped: skipping it would let forgotten facts back.
 *
 * @param store - A `MemoryStore` (anything with `readInternal`).
 * @returns The tombstones, oldest first.
 * @throws {TombstoneFileError} when the file exists but is not valid tombstone JSON.
 * @example const tombstones = await readTombstones(store);
 */
export async function readTombstones(
  store: Pick<TombstoneStore, "readInternal">,
): Promise<Tombstone[]> {
  const text = await store.readInternal(TOMBSTONES_FILE);
  return text === undefined ? [] : parseTombstones(text);
}

/**
 * Parses the text of a tombstone file (see {@link readTombstones}).
 *
 * @param text - The file's text.
 * @returns The tombstones, oldest first.
 * @throws {TombstoneFileError} when it is not valid tombstone JSON of format 1 or 2.
 * @example parseTombstones('{"version":2,"tombstones":[]}') // []
 */
export function parseTombstones(text: string): Tombstone[] {
  const path = `.memfiles/${TOMBSTONES_FILE}`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TombstoneFileError(path, "it is not valid JSON", { cause: error });
  }
  const current = TombstoneFileSchema.safeParse(data);
  if (current.success) {
    return current.data.tombstones.map((stored) => ({
      date: stored.date,
      facts: stored.facts.map(([hash, words]) => ({ hash, words: splitHashes(words) })),
      query: splitHashes(stored.query),
    }));
  }
  const old = V1FileSchema.safeParse(data);
  if (old.success) {
    return old.data.tombstones.map((tombstone) => ({
      date: tombstone.date,
      facts: tombstone.facts.map((fact) => ({
        hash: shortFromHex(fact.hash, KEY_BYTES),
        words: fact.words.map((word) => shortFromHex(word, WORD_BYTES)),
      })),
      query: tombstone.query.map((word) => shortFromHex(word, WORD_BYTES)),
    }));
  }
  const version = (data as { version?: unknown } | null)?.version;
  const error = version === 1 ? old.error : current.error;
  throw new TombstoneFileError(path, `it has the wrong shape:\n${z.prettifyError(error)}`, {
    cause: error,
  });
}

function splitHashes(text: string): string[] {
  const hashes = text.split(" ").filter((hash) => hash !== "");
  for (const hash of hashes) {
    if (!WORD_HASH.test(hash)) {
      throw new TombstoneFileError(
        `.memfiles/${TOMBSTONES_FILE}`,
        `"${hash.slice(0, 20)}" is not a word hash (8 base64url chars)`,
      );
    }
  }
  return hashes;
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
    const text = await store.readInternal(TOMBSTONES_FILE);
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
 * The text of a tombstone file, format 2.
 *
 * @param tombstones - The whole list.
 * @returns JSON, one tombstone a line.
 * @example formatTombstones([]) // '{"version":2,"tombstones":[\n]}\n'
 */
export function formatTombstones(tombstones: readonly Tombstone[]): string {
  const lines = tombstones.map((tombstone) =>
    JSON.stringify({
      date: tombstone.date,
      facts: tombstone.facts.map((fact) => [fact.hash, fact.words.join(" ")]),
      query: tombstone.query.join(" "),
    }),
  );
  if (lines.length === 0) return `{"version":2,"tombstones":[]}\n`;
  return `{"version":2,"tombstones":[\n${lines.join(",\n")}\n]}\n`;
}
