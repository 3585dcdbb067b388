import { dateTag, formatFactLine, formatMemoryFile, safeParseMemoryFile } from "../format/index.js";
import { MAX_CONFLICT_RETRIES, type WriteStore } from "./apply-proposal.js";
import { contentWords, factKey } from "./fact-match.js";
import { makeTombstone, readTombstones, type Tombstone, writeTombstones } from "./tombstones.js";

/** Options of {@link forget}. */
export type ForgetOptions = {
  store: WriteStore;
  /** What to forget, in the user's words or as a line's text, e.g. `where I deploy`. */
  query: string;
  /** Clock for the tombstone date and `updated:`; default `new Date()`. */
  now?: Date;
};

/** A line `forget` removed. */
export type RemovedLine = { file: string; line: string };

/** Result of {@link forget}. */
export type ForgetResult =
  | { code: "removed"; removed: RemovedLine[] }
  | { code: "nothing_matched"; removed: [] }
  | { code: "version_conflict" | "too_long"; removed: RemovedLine[]; message: string };

/**
 * Whether a fact line matches a forget query: the line's fact key (date tag, case, white space
 * and quote marks folded) contains the query's key, or the query has content words and the line
 * has every one of them (stemmed, function and request words such as "forget", "my", "where"
 * dropped; see `contentWords`).
 *
 * @param factText - A fact's text or line.
 * @param query - The forget query.
 * @returns `true` when the line should be removed.
 * @example matchesForgetQuery("deploys on Fly.io", "where I deploy") // true
 */
export function matchesForgetQuery(factText: string, query: string): boolean {
  const queryKey = factKey(query);
  if (queryKey.length >= 3 && factKey(factText).includes(queryKey)) return true;
  const wanted = contentWords(query);
  if (wanted.length === 0) return false;
  const have = new Set(contentWords(factText));
  return wanted.every((word) => have.has(word));
}

type Plan = { path: string; version: string; content: string; removed: string[] };

/**
 * Forgets at once, during the session (the seed design: "forget that" deletes the line at once and
 * confirms): removes every memory line that matches `query` (see {@link matchesForgetQuery}) in
 * every file, and leaves a tombstone in `.memfiles/tombstones.json` holding sha256 hashes of the
 * removed facts' keys and content words and of the query's content words, never their text, so
 * the words are gone from the folder (git history aside) and no later write pass adds them back
 * (see `findForgotten` for the three matching rules). The tombstone is written before the lines
 * are removed, all under the store lock, and also when nothing matched: the fact may still sit in
 * this session's transcript, waiting for the write pass. Result codes:
 * - `removed`: the lines removed, `{ file, line }` each;
 * - `nothing_matched`: no line matched (a query with content words still leaves a tombstone);
 * - `version_conflict`: a file kept changing (a hand edit) over 3 re-reads; `removed` lists what
 *   was removed elsewhere;
 * - `too_long`: a file edited by hand past the store's cap stays over it even without the lines,
 *   so the store refused the write; consolidate or split it, then forget again.
 *
 * @param options - `{ store, query, now? }`.
 * @returns One of the results above.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * await forget({ store, query: "where I deploy" });
 * // { code: "removed", removed: [{ file: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io" }] }
 */
export async function forget(options: ForgetOptions): Promise<ForgetResult> {
  const { store, query } = options;
  const today = dateTag(options.now ?? new Date());
  if (factKey(query) === "") return { code: "nothing_matched", removed: [] };
  return store.withLock(async () => {
    const tombstones = await readTombstones(store);
    const plans: Plan[] = [];
    for (const row of await store.list()) {
      const plan = await planFile(store, row.path, query, today);
      if (plan) plans.push(plan);
    }
    let tombstone: Tombstone = makeTombstone(
      query,
      plans.flatMap((plan) => plan.removed.map(factTextOf)),
      today,
    );
    const leaveTombstone = tombstone.facts.length > 0 || tombstone.query.length > 0;
    if (leaveTombstone) await writeTombstones(store, [...tombstones, tombstone]);

    const removed: RemovedLine[] = [];
    const extra: string[] = [];
    let refused: { code: "version_conflict" | "too_long"; message: string } | undefined;
    for (const first of plans) {
      let plan: Plan | undefined = first;
      let retries = 0;
      while (plan) {
        const written = await store.write(plan.path, plan.content, plan.version);
        if (written.ok) {
          const path = plan.path;
          removed.push(...plan.removed.map((line) => ({ file: path, line })));
          break;
        }
        if (written.code !== "version_conflict" || retries++ >= MAX_CONFLICT_RETRIES) {
          refused = {
            code: written.code,
            message: `${written.message} Lines of ${plan.path} were not removed.`,
          };
          break;
        }
        // A hand edit changed the file: match again on what it holds now (nothing left: done).
        const before: string[] = plan.removed;
        plan = await planFile(store, plan.path, query, today);
        extra.push(
          ...(plan?.removed ?? []).filter((line) => !before.includes(line)).map(factTextOf),
        );
      }
    }
    if (extra.length > 0) {
      const more = makeTombstone(query, extra, today);
      tombstone = { ...tombstone, facts: [...tombstone.facts, ...more.facts] };
      await writeTombstones(store, [...tombstones, tombstone]);
    }
    if (refused) return { ...refused, removed };
    if (removed.length === 0) return { code: "nothing_matched", removed: [] };
    return { code: "removed", removed };
  });
}

function factTextOf(line: string): string {
  return line.replace(/^\[stated [^\]]*\]\s*/, "");
}

async function planFile(
  store: WriteStore,
  path: string,
  query: string,
  today: string,
): Promise<Plan | undefined> {
  const read = await store.read(path);
  if (!read.exists) return undefined;
  const parsed = safeParseMemoryFile(read.content, { path });
  if (!parsed.success) return undefined;
  const removed: string[] = [];
  const lines = parsed.value.lines.filter((line) => {
    if (line.kind !== "fact" || !matchesForgetQuery(line.text, query)) return true;
    removed.push(formatFactLine(line));
    return false;
  });
  if (removed.length === 0) return undefined;
  const content = formatMemoryFile({ header: { ...parsed.value.header, updated: today }, lines });
  return { path, version: read.version, content, removed };
}
