import { dateTag, formatFactLine, formatMemoryFile, safeParseMemoryFile } from "../format/index.js";
import { keepTextStyle } from "../format/keep-text-style.js";
import { contentWords, factKey } from "../text/index.js";
import { MAX_CONFLICT_RETRIES, type WriteStore } from "./apply-proposal.js";
import { makeTombstone, readTombstones, type Tombstone, writeTombstones } from "./tombstones.js";

/** Options of {@link forget}. */
export type ForgetOptions = {
  store: WriteStore;
  /** What to forget, in the user's words or as a line's text, e.g. `where I deploy`. */
  query: string;
  /** Clock for the tombstone date and `updated:`; default `new Date()`. */
  now?: Date;
  /**
   * Remove no more than a preview showed (see {@link previewForget}): only these files, only at
   * these version tokens, only these lines (as the preview wrote them). When any file changed
   * since, nothing is removed and the result is `version_conflict`.
   */
  only?: ForgetPreviewFile[];
};

/** One file of a {@link ForgetPreview}: its version token and the lines `forget` would remove. */
export type ForgetPreviewFile = { file: string; version: string; lines: string[] };

/** Result of {@link previewForget}: what `forget` would remove now, file by file. */
export type ForgetPreview = { files: ForgetPreviewFile[] };

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
 * Input of {@link planForget}: a file's path and text, the query, today's tag, the cap in chars,
 * and optionally the only lines (as written) that may be removed.
 */
type PlanInput = {
  path: string;
  text: string;
  query: string;
  today: string;
  maxChars: number;
  onlyLines?: ReadonlySet<string>;
};

/**
 * Forgets at once, during the session (the seed design: "forget that" deletes the line at once and
 * confirms): removes every memory line that matches `query` (see {@link matchesForgetQuery}) in
 * every file, dated facts and undated lines written by hand alike, and leaves a tombstone in
 * `.memfiles/tombstones.json` holding sha256 hashes of the removed facts' keys and content words
 * and of the query's content words, never their text, so the words are gone from the folder (git
 * history aside) and no later write pass adds them back (see `findForgotten` for the three
 * matching rules). The tombstone is written before the lines
 * are removed, all under the store lock, and also when nothing matched: the fact may still sit in
 * this session's transcript, waiting for the write pass. Result codes:
 * - `removed`: the lines removed, `{ file, line }` each;
 * - `nothing_matched`: no line matched (a query with content words still leaves a tombstone; a
 *   blank query returns at once, without a tombstone);
 * - `version_conflict`: a file kept changing (a hand edit) over 3 re-reads; `removed` lists what
 *   was removed elsewhere;
 * - `too_long`: the store refused the shorter text as too long; a `MemoryStore` never does, since
 *   a write that shortens a file already over its cap is allowed (see `MemoryStore.write`).
 * A file edited by hand past the cap loses its lines at once too: when the file formatted again
 * (with `updated:` set to today) would not be shorter, only the matching lines are cut from it. A
 * CRLF or BOM file keeps its line endings and BOM. A file whose header cannot be parsed is
 * skipped: its lines stay (fix the header by hand, then forget again).
 *
 * @param options - `{ store, query, now?, only? }`: `query` in the user's words, `now` the clock for
 *   the tombstone date and `updated:`, `only` a {@link previewForget} result's `files` so no more
 *   is removed than was shown (a shown file changed since: `version_conflict`, nothing removed).
 * @returns One of the results above.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * await forget({ store, query: "where I deploy" });
 * // { code: "removed", removed: [{ file: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io" }] }
 */
export async function forget(options: ForgetOptions): Promise<ForgetResult> {
  const { store, query, only } = options;
  const today = dateTag(options.now ?? new Date());
  if (factKey(query) === "") return { code: "nothing_matched", removed: [] };
  return store.withLock(async () => {
    const tombstones = await readTombstones(store);
    const plans: Plan[] = [];
    if (only) {
      for (const shown of only) {
        if ((await store.read(shown.file)).version !== shown.version) {
          return {
            code: "version_conflict",
            removed: [],
            message: `Refused to forget: ${shown.file} changed since it was shown (version ${shown.version}). Nothing was removed; show what would be removed again.`,
          };
        }
        const plan = await planFile(store, shown.file, query, today, new Set(shown.lines));
        if (plan) plans.push(plan);
      }
    } else {
      for (const row of await store.list()) {
        const plan = await planFile(store, row.path, query, today);
        if (plan) plans.push(plan);
      }
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
        if (only || written.code !== "version_conflict" || retries++ >= MAX_CONFLICT_RETRIES) {
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

/**
 * What {@link forget} would remove now, without removing anything or leaving a tombstone: every
 * file with a matching line, its version token and the lines. Pass `files` back as `forget`'s
 * `only` so a change made in between aborts the forget instead of removing more than was shown.
 *
 * @param options - `{ store, query }` as for `forget`.
 * @returns `{ files: [{ file, version, lines }] }`; empty when nothing matches.
 * @example
 * const preview = await previewForget({ store, query: "where I deploy" });
 * await forget({ store, query: "where I deploy", only: preview.files });
 */
export async function previewForget(
  options: Pick<ForgetOptions, "store" | "query">,
): Promise<ForgetPreview> {
  const { store, query } = options;
  if (factKey(query) === "") return { files: [] };
  const files: ForgetPreviewFile[] = [];
  for (const row of await store.list()) {
    const plan = await planFile(store, row.path, query, dateTag(new Date()));
    if (plan) files.push({ file: plan.path, version: plan.version, lines: plan.removed });
  }
  return { files };
}

async function planFile(
  store: WriteStore,
  path: string,
  query: string,
  today: string,
  onlyLines?: ReadonlySet<string>,
): Promise<Plan | undefined> {
  const read = await store.read(path);
  if (!read.exists) return undefined;
  const planned = planForget({
    path,
    text: read.content,
    query,
    today,
    maxChars: store.maxChars ?? Number.POSITIVE_INFINITY,
    ...(onlyLines ? { onlyLines } : {}),
  });
  return planned && { path, version: read.version, ...planned };
}

/**
 * The new text of one file without the lines matching `query`, or `undefined` when none match
 * (or the file cannot be parsed). Dated facts and undated lines written by hand both count, so
 * nothing of a forgotten fact is left behind. The file is formatted again with `updated:` set to
 * today, in its own line endings and BOM; but when that text would be over the cap and not
 * shorter than the file (a file edited by hand past the cap, whose header grows when formatted),
 * only the matching lines are cut from the text as it is, so the store accepts the write (it moves
 * toward the cap) and forgetting never waits for a consolidation.
 *
 * @param input - `{ path, text, query, today, maxChars }`: the file, the forget query, today's
 *   `YYYY/MM/DD` tag, the store's cap in chars.
 * @returns `{ content, removed }` (removed lines as written, fact lines with their date tag).
 */
export function planForget(input: PlanInput): { content: string; removed: string[] } | undefined {
  const { path, text, query, today, maxChars } = input;
  const parsed = safeParseMemoryFile(text, { path });
  if (!parsed.success) return undefined;
  const removed: string[] = [];
  const cut = new Set<number>();
  const lines = parsed.value.lines.filter((line, index) => {
    const words = line.kind === "fact" ? line.text : line.text.trim();
    if (words === "" || !matchesForgetQuery(words, query)) return true;
    const written = line.kind === "fact" ? formatFactLine(line) : words;
    if (input.onlyLines && !input.onlyLines.has(written)) return true;
    removed.push(written);
    cut.add(index);
    return false;
  });
  if (removed.length === 0) return undefined;
  const formatted = keepTextStyle(
    text,
    formatMemoryFile({ header: { ...parsed.value.header, updated: today }, lines }),
  );
  if (formatted.length <= maxChars || formatted.length < text.length) {
    return { content: formatted, removed };
  }
  // Body lines are the file's last lines; split keeping each line's own break (LF or CRLF).
  const all = text.split(/(?<=\n)/);
  const firstBody = all.length - parsed.value.lines.length;
  const content = all.filter((_, index) => !cut.has(index - firstBody)).join("");
  return { content, removed };
}
