import { z } from "zod";
import { contentWords, factKey, hashText } from "../text/index.js";
import { TombstoneFileError } from "./tombstone-file-error.js";

/** Where tombstones live, inside the memory folder's internal state folder. */
export const TOMBSTONES_FILE = "tombstones.json";

const HASH = z.string().regex(/^[0-9a-f]{64}$/);

/** One forget request, as stored: hashes only, never the forgotten words. */
export const TombstoneSchema = z.strictObject({
  /** UTC date of the forget, `YYYY/MM/DD`. */
  date: z.string(),
  /** One entry per removed line: the hash of its fact key, and the hashes of its content words. */
  facts: z.array(z.strictObject({ hash: HASH, words: z.array(HASH) })),
  /** Hashes of the forget query's content words (empty when it had none). */
  query: z.array(HASH),
});
export type Tombstone = z.infer<typeof TombstoneSchema>;

/** The tombstone file: `.memfiles/tombstones.json`. */
export const TombstoneFileSchema = z.strictObject({
  version: z.literal(1),
  tombstones: z.array(TombstoneSchema),
});
export type TombstoneFile = z.infer<typeof TombstoneFileSchema>;

/** What the tombstone code needs of a store (a `MemoryStore` fits). */
export type TombstoneStore = {
  readInternal(relativePath: string): Promise<string | undefined>;
  writeInternal(relativePath: string, text: string): Promise<void>;
};

/** Which tombstone rule matched a fact. */
export type ForgottenMatch =
  | { rule: "same_fact"; date: string }
  | { rule: "forget_query_words"; date: string }
  | { rule: "removed_fact_words"; date: string };

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
      hash: hashText(factKey(fact)),
      words: contentWords(fact).map(hashText),
    })),
    query: contentWords(query).map(hashText),
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
 *    after "home address is 12 Elm Street, Springfield" was forgotten.
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
  const key = hashText(factKey(fact));
  const words = new Set(contentWords(fact).map(hashText));
  for (const tombstone of tombstones) {
    if (tombstone.facts.some((removed) => removed.hash === key)) {
      return { rule: "same_fact", date: tombstone.date };
    }
  }
  for (const tombstone of tombstones) {
    if (tombstone.query.length > 0 && tombstone.query.every((word) => words.has(word))) {
      return { rule: "forget_query_words", date: tombstone.date };
    }
  }
  for (const tombstone of tombstones) {
    for (const removed of tombstone.facts) {
      const shared = removed.words.filter((word) => words.has(word)).length;
      if (shared >= 2 && shared * 3 >= words.size * 2) {
        return { rule: "removed_fact_words", date: tombstone.date };
      }
    }
  }
  return undefined;
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
 * Reads `.memfiles/tombstones.json`; a missing file is no tombstones.
 *
 * @param store - A `MemoryStore` (anything with `readInternal`).
 * @returns The tombstones, oldest first.
 * @throws {TombstoneFileError} when the file exists but is not valid tombstone JSON.
 * @example const tombstones = await readTombstones(store);
 */
export async function readTombstones(store: TombstoneStore): Promise<Tombstone[]> {
  const text = await store.readInternal(TOMBSTONES_FILE);
  if (text === undefined) return [];
  const path = `.memfiles/${TOMBSTONES_FILE}`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TombstoneFileError(path, "it is not valid JSON", { cause: error });
  }
  const parsed = TombstoneFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new TombstoneFileError(
      path,
      `it has the wrong shape:\n${z.prettifyError(parsed.error)}`,
      {
        cause: parsed.error,
      },
    );
  }
  return parsed.data.tombstones;
}

/**
 * Replaces the tombstone list. Call inside `store.withLock` with the read, so two forgets cannot
 * lose each other's tombstone.
 *
 * @param store - A `MemoryStore` (anything with `writeInternal`).
 * @param tombstones - The whole new list.
 * @example await writeTombstones(store, [...old, makeTombstone(query, removed, date)]);
 */
export async function writeTombstones(
  store: TombstoneStore,
  tombstones: Tombstone[],
): Promise<void> {
  const file: TombstoneFile = { version: 1, tombstones };
  await store.writeInternal(TOMBSTONES_FILE, `${JSON.stringify(file, null, 2)}\n`);
}
