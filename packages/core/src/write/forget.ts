import {
  dateTag,
  editMemoryText,
  formatFactLine,
  safeParseFactFile,
  safeParseMemoryFile,
} from "../format/index.js";
import type { MemoryStore } from "../store/index.js";
import { contentWordList, factKey, foldAccents, sameWord } from "../text/index.js";
import { MAX_CONFLICT_RETRIES, type WriteStore } from "./add-fact.js";
import { forgetQueryText, MAX_FORGET_QUERY_CHARS } from "./forget-request.js";
import { beginForget, endForget, finishPendingForget } from "./pending-forget.js";
import { makeTombstone, readTombstones, type Tombstone, writeTombstones } from "./tombstones.js";

/** Options of {@link forget}. */
export type ForgetOptions = {
  store: WriteStore;
  /** What to forget, in the user's words or as a line's text, e.g. `where I deploy`. */
  query: string;
  /** Clock for the tombstone date and `updated:`; default `new Date()`. */
  now?: Date;
  /** The user's IANA time zone (`Asia/Shanghai`) dates are written in; default `UTC`. */
  timeZone?: string;
  /**
   * Remove no more than a preview showed (see {@link previewForget}): only these files, only at
   * these version tokens, only these lines (as the preview wrote them). When any file changed
   * since, nothing is removed and the result is `version_conflict`.
   */
  only?: ForgetPreviewFile[];
};

/** One file of a {@link ForgetPreview}: its version token and the lines `forget` would remove. */
export type ForgetPreviewFile = { path: string; version: string; lines: string[] };

/**
 * Result of {@link previewForget}: what `forget` would remove now, file by file, and the matching
 * lines it would keep, with why (present only when there are such lines).
 */
export type ForgetPreview = { files: ForgetPreviewFile[]; notRemoved?: NotRemovedLine[] };

/** A line `forget` removed. */
export type RemovedLine = { path: string; line: string };

/** A matching line `forget` found but could not remove, and why. */
export type NotRemovedLine = { path: string; line: string; reason: string };

/** Result of {@link forget}. `notRemoved` is present only when such lines were found. */
export type ForgetResult = (
  | { ok: true; code: "removed"; removed: RemovedLine[] }
  | { ok: true; code: "nothing_matched"; removed: [] }
  | { ok: false; code: "unparsable_file" | "query_too_long"; removed: []; message: string }
  | {
      ok: false;
      code: "version_conflict" | "too_long" | "not_text";
      removed: RemovedLine[];
      message: string;
    }
) & { notRemoved?: NotRemovedLine[] };

/**
 * Whether a fact line matches a forget query: the query has content words and the line has every
 * one of them, compared as whole words (Unicode-aware, so Chinese and Japanese are split into
 * words too; the same word or an inflection of it, see `sameWord`: "deploy" forgets "deploys" but
 * "organ" never forgets "organic" nor "new" "news"; function and request words such as "forget", "my", "where" dropped; see
 * `contentWords`; accents of Latin, Greek and Cyrillic letters dropped as `memfiles search` drops
 * them, so "cafe" forgets "café"). Never on substrings: "tea" does not match "steak" or "team".
 *
 * @param factText - A fact's text or line.
 * @param query - The forget query.
 * @returns `true` when the line should be removed.
 * @example matchesForgetQuery("deploys on Fly.io", "where I deploy") // true
 * @example matchesForgetQuery("eats steak every Friday", "tea") // false
 */
export function matchesForgetQuery(factText: string, query: string): boolean {
  // The query's words once per query, not once per line: a forget asks this of every line.
  if (query !== lastQuery.text) lastQuery = { text: query, words: forgetWords(query) };
  const wanted = lastQuery.words;
  if (wanted.length === 0) return false;
  const have = forgetWords(factText);
  return wanted.every((word) => have.some((line) => sameWord(word, line)));
}

let lastQuery: { text: string; words: string[] } = { text: "", words: [] };

/** Content words with Latin, Greek and Cyrillic accents dropped (see `foldAccents`, `sameWord`). */
function forgetWords(text: string): string[] {
  return [...new Set(contentWordList(text).map((word) => foldAccents(word)))];
}

// Checked before the lock and any read: a query longer than a line can hold matches nothing.
function queryTooLong(query: string): ForgetResult | undefined {
  if (query.length <= MAX_FORGET_QUERY_CHARS) return undefined;
  return {
    ok: false,
    code: "query_too_long",
    removed: [],
    message: `Refused to forget: the query is ${query.length} chars, over ${MAX_FORGET_QUERY_CHARS}. A forget query names one fact in a few words, e.g. "where I deploy"; nothing was removed.`,
  };
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
 * - `removed`: the lines removed, `{ path, line }` each;
 * - `nothing_matched`: no line matched (a query with content words still leaves a tombstone; a
 *   blank query returns at once, without a tombstone);
 * - `version_conflict`: a file kept changing (a hand edit) over 3 re-reads; `removed` lists what
 *   was removed elsewhere;
 * - `too_long`: the store refused the shorter text as too long; a `MemoryStore` never does, since
 *   a write that shortens a file already over its cap is allowed (see `MemoryStore.write`).
 * - `not_text`: the file turned out not to be valid text when written (see `MemoryStore.write`).
 * Only the removed lines and `updated:` change: the header and every other line a person wrote
 * stay byte for byte, in the file's own line breaks, BOM and encoding (see `planForget`). A file
 * edited by hand past the cap loses its lines at once too (only the lines are cut when setting
 * `updated:` would leave it no shorter). A header that is not
 * YAML (`description: Dev setup: editor, shell`, a line of prose) is read line by line, so its
 * file's lines are forgotten like any other's. A file memfiles cannot read at all (front matter
 * in another language such as `---js`, unclosed front matter, a field written as a list, bytes
 * that are not UTF-8 or UTF-16 text; `check()` lists them) is left as it is, and its matching lines are reported, never hidden:
 * - `unparsable_file`: only such files held matching lines; `notRemoved` lists
 *   `{ path, line, reason }` (fix the file by hand, then forget again). When other lines were
 *   removed, the result is `removed` with `notRemoved` beside it.
 *
 * @param options - `{ store, query, now?, only? }`: `query` in the user's words, `now` the clock for
 *   the tombstone date and `updated:`, `only` a {@link previewForget} result's `files` so no more
 *   is removed than was shown (a shown file changed since: `version_conflict`, nothing removed).
 * @returns One of the results above.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * await forget({ store, query: "where I deploy" });
 * // { ok: true, code: "removed", removed: [{ path: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io" }] }
 */
export async function forget(options: ForgetOptions): Promise<ForgetResult> {
  const tooLong = queryTooLong(options.query);
  if (tooLong !== undefined) return tooLong;
  const { store, only } = options;
  const query = forgetQueryText(options.query);
  // The fact layout forgets whole files (one fact each); see `forgetFactFiles`.
  if ("layout" in store && store.layout === "fact" && "delete" in store) {
    return forgetFactFiles({
      store: store as ForgetFactStore,
      query,
      now: options.now,
      timeZone: options.timeZone,
      matches: matchesForgetQuery,
      ...(only === undefined ? {} : { only }),
    });
  }
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  if (factKey(query) === "") return { ok: true, code: "nothing_matched", removed: [] };
  return store.withLock(async () => {
    await finishPendingForget(store);
    const tombstones = await readTombstones(store);
    const plans: Plan[] = [];
    const notRemoved: NotRemovedLine[] = [];
    if (only) {
      for (const shown of only) {
        if ((await store.read(shown.path)).version !== shown.version) {
          return {
            ok: false,
            code: "version_conflict",
            removed: [],
            message: `Refused to forget: ${shown.path} changed since it was shown (version ${shown.version}). Nothing was removed; show what would be removed again.`,
          };
        }
        const plan = await planFile(store, shown.path, query, today, new Set(shown.lines));
        if (plan && "reason" in plan) notRemoved.push(...plan.lines);
        else if (plan) plans.push(plan);
      }
    } else {
      for (const row of await store.list()) {
        const plan = await planFile(store, row.path, query, today);
        if (plan && "reason" in plan) notRemoved.push(...plan.lines);
        else if (plan) plans.push(plan);
      }
    }
    const also = notRemoved.length > 0 ? { notRemoved } : {};
    let tombstone: Tombstone = makeTombstone(
      query,
      plans.flatMap((plan) => plan.removed.map(factTextOf)),
      today,
    );
    const leaveTombstone = tombstone.facts.length > 0 || tombstone.query.length > 0;
    // Journal first: a forget killed after this point is finished by the next call.
    const journaled = plans.flatMap((plan) =>
      plan.removed.map((line) => ({ path: plan.path, line })),
    );
    if (journaled.length > 0) await beginForget(store, today, journaled);
    if (leaveTombstone) await writeTombstones(store, [...tombstones, tombstone]);

    const removed: RemovedLine[] = [];
    const extra: string[] = [];
    let refused:
      | { code: "version_conflict" | "too_long" | "not_text"; message: string }
      | undefined;
    for (const first of plans) {
      let plan: Plan | undefined = first;
      let retries = 0;
      while (plan) {
        const written = await store.write(plan.path, plan.content, plan.version);
        if (written.ok) {
          const path = plan.path;
          removed.push(...plan.removed.map((line) => ({ path, line })));
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
        const next = await planFile(store, plan.path, query, today);
        if (next && "reason" in next) {
          notRemoved.push(...next.lines);
          break;
        }
        plan = next;
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
    if (journaled.length > 0) await endForget(store);
    if (refused) return { ok: false, ...refused, removed, ...also };
    if (removed.length === 0 && notRemoved.length > 0) {
      return {
        ok: false,
        code: "unparsable_file",
        removed: [],
        message: `Matching lines were found but not removed: ${notRemoved.map((line) => `${line.path} (${line.reason})`).join("; ")}`,
        notRemoved,
      };
    }
    if (removed.length === 0) return { ok: true, code: "nothing_matched", removed: [] };
    return { ok: true, code: "removed", removed, ...also };
  });
}

function factTextOf(line: string): string {
  return line.replace(/^\[stated [^\]]*\]\s*/, "");
}

/**
 * What {@link forget} would remove now, without removing anything or leaving a tombstone: every
 * file with a matching line, its version token and the lines. Pass `files` back as `forget`'s
 * `only` so a change made in between aborts the forget instead of removing more than was shown.
 * Matching lines `forget` would keep (a file memfiles cannot edit, see `forget`'s
 * `unparsable_file`; a fact file whose body only mentions the query) are in `notRemoved`, with why.
 *
 * @param options - `{ store, query }` as for `forget`.
 * @returns `{ files: [{ path, version, lines }], notRemoved? }`; `files` empty when nothing matches.
 * @example
 * const preview = await previewForget({ store, query: "where I deploy" });
 * await forget({ store, query: "where I deploy", only: preview.files });
 */
export async function previewForget(
  options: Pick<ForgetOptions, "store" | "query">,
): Promise<ForgetPreview> {
  const { store } = options;
  if (queryTooLong(options.query) !== undefined) return { files: [] };
  const query = forgetQueryText(options.query);
  if (factKey(query) === "") return { files: [] };
  // The fact layout: whole files, each shown with its body as its one "line".
  if ("layout" in store && store.layout === "fact" && "delete" in store) {
    const { found, notRemoved } = await findFactFiles(store, query, matchesForgetQuery);
    return {
      files: found.map((file) => ({ path: file.path, version: file.version, lines: [file.body] })),
      ...(notRemoved.length > 0 ? { notRemoved } : {}),
    };
  }
  const files: ForgetPreviewFile[] = [];
  const notRemoved: NotRemovedLine[] = [];
  for (const row of await store.list()) {
    const plan = await planFile(store, row.path, query, dateTag(new Date()));
    if (plan && "reason" in plan) notRemoved.push(...plan.lines);
    else if (plan) files.push({ path: plan.path, version: plan.version, lines: plan.removed });
  }
  return { files, ...(notRemoved.length > 0 ? { notRemoved } : {}) };
}

type Blocked = { reason: string; lines: NotRemovedLine[] };

async function planFile(
  store: WriteStore,
  path: string,
  query: string,
  today: string,
  onlyLines?: ReadonlySet<string>,
): Promise<Plan | Blocked | undefined> {
  const read = await store.read(path);
  if (!read.exists) return undefined;
  const parsed = safeParseMemoryFile(read.content, { path });
  if (!parsed.success || read.notText !== undefined) {
    // Never "nothing matched" for a line that is there: name the file and why it was left as is.
    const reason =
      read.notText !== undefined
        ? `${path}: ${read.notText}`
        : parsed.success
          ? ""
          : parsed.error.message;
    const lines = read.content
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && matchesForgetQuery(line, query))
      .map((line) => ({ path, line, reason }));
    return lines.length > 0 ? { reason, lines } : undefined;
  }
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
 * nothing of a forgotten fact is left behind. Only the removed lines and the `updated:` header
 * line change (see `editMemoryText`): every other line, the header a person wrote included, stays
 * byte for byte, in its own line breaks and BOM. When setting `updated:` would leave a file over
 * the cap no shorter, only the lines are cut, so the store accepts the write (it moves toward the
 * cap) and forgetting never waits for a consolidation.
 *
 * @param input - `{ path, text, query, today, maxChars, onlyLines? }`: the file, the forget query,
 *   today's `YYYY/MM/DD` tag, the store's cap in chars, and the only lines (as written) to remove.
 * @returns `{ content, removed }` (removed lines as written, fact lines with their date tag).
 */
export function planForget(input: PlanInput): { content: string; removed: string[] } | undefined {
  const { path, text, query, today, maxChars } = input;
  const parsed = safeParseMemoryFile(text, { path });
  if (!parsed.success) return undefined;
  const file = parsed.value;
  const removed: string[] = [];
  const remove = new Set<number>();
  file.lines.forEach((line, index) => {
    const words = line.kind === "fact" ? line.text : line.text.trim();
    if (words === "" || !matchesForgetQuery(words, query)) return;
    const written = line.kind === "fact" ? formatFactLine(line) : words;
    if (input.onlyLines && !input.onlyLines.has(written)) return;
    removed.push(written);
    remove.add(file.layout.bodyLine + index);
  });
  if (removed.length === 0) return undefined;
  const content = editMemoryText(text, file, { remove, updated: today });
  // Setting `updated:` may add a header line; over the cap that could make the text no shorter,
  // and the store accepts an over-cap write only when it shortens the file: then cut lines only.
  if (content.length <= maxChars || content.length < text.length) return { content, removed };
  return { content: editMemoryText(text, file, { remove }), removed };
}

/** What forgetting in the fact layout needs of a store (a `MemoryStore` fits). */
export type ForgetFactStore = WriteStore & Pick<MemoryStore, "delete">;

/**
 * Forgets at once in the fact layout (one fact per file): deletes every fact file the query is
 * about: its name or description matches the query (`matches`, the subject layout's whole-word
 * rule), or its body does as a whole or as a phrase of two or more words (see `factIsAbout`). A file
 * whose body only mentions the query's word ("deploy" in "Neovim, including deploy scripts") is
 * kept and listed in `notRemoved` with the reason. Each is deleted
 * with its version token, under the store lock, after writing a hash-only tombstone of the removed
 * bodies and the query (the same tombstone file and rules as the subject layout, so no later write
 * pass brings the fact back). A tombstone is left even when nothing matched: the fact may still
 * be in this session's transcript. A file that cannot be parsed is left as it is and reported in
 * `notRemoved`.
 *
 * @param options - `{ store, query, now?, matches }`.
 * @returns `removed` (`line` is the file's body), `nothing_matched`, or `version_conflict`.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 */
export async function forgetFactFiles(options: {
  store: ForgetFactStore;
  query: string;
  now?: Date | undefined;
  timeZone?: string | undefined;
  matches: (text: string, query: string) => boolean;
  /** Delete no more than a preview showed: only these files, at these version tokens. */
  only?: ForgetPreviewFile[];
}): Promise<ForgetResult> {
  const { store, query } = options;
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  if (factKey(query) === "") return { ok: true, code: "nothing_matched", removed: [] };
  return store.withLock(async () => {
    await finishPendingForget(store);
    const tombstones = await readTombstones(store);
    const { found: matched, notRemoved } = await findFactFiles(store, query, options.matches);
    let found = matched;
    if (options.only !== undefined) {
      const shown = new Map(options.only.map((file) => [file.path, file.version]));
      for (const [path, version] of shown) {
        if ((await store.read(path)).version !== version) {
          return {
            ok: false,
            code: "version_conflict",
            removed: [],
            message: `Refused to forget: ${path} changed since it was shown (version ${version}). Nothing was removed; show what would be removed again.`,
          };
        }
      }
      found = matched.filter((file) => shown.get(file.path) === file.version);
    }
    const tombstone = makeTombstone(
      query,
      found.map((file) => file.body),
      today,
    );
    if (tombstone.facts.length > 0 || tombstone.query.length > 0) {
      await writeTombstones(store, [...tombstones, tombstone]);
    }
    const removed: RemovedLine[] = [];
    for (const file of found) {
      const deleted = await store.delete(file.path, file.version);
      if (!deleted.ok) {
        return {
          ok: false,
          code: "version_conflict",
          removed,
          message: `${deleted.message} ${file.path} was not deleted.`,
        };
      }
      removed.push({ path: file.path, line: file.body });
    }
    const also = notRemoved.length > 0 ? { notRemoved } : {};
    if (removed.length === 0) return { ok: true, code: "nothing_matched", removed: [], ...also };
    return { ok: true, code: "removed", removed, ...also };
  });
}

// The fact files a forget query is about (to delete) and those whose body only mentions it.
async function findFactFiles(
  store: WriteStore,
  query: string,
  matches: (text: string, query: string) => boolean,
): Promise<{
  found: Array<{ path: string; version: string; body: string }>;
  notRemoved: NotRemovedLine[];
}> {
  const found: Array<{ path: string; version: string; body: string }> = [];
  const notRemoved: Array<{ path: string; line: string; reason: string }> = [];
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (!read.exists) continue;
    const parsed = safeParseFactFile(read.content, row.path);
    const about = parsed.success
      ? `${parsed.value.name}\n${parsed.value.description}`
      : `${row.name}\n${row.description}`;
    const body = parsed.success ? parsed.value.body : "";
    const aboutMatches = matches(about, query);
    if (!aboutMatches && !factIsAbout(body, query, matches)) {
      if (body.trim() !== "" && matches(body, query)) {
        notRemoved.push({
          path: row.path,
          line: body.trim(),
          reason: `only mentioned in the body of "${parsed.success ? parsed.value.name || row.name : row.name}", a fact about something else; forget it by that name, or quote the fact, to delete the file`,
        });
      }
      continue;
    }
    if (!parsed.success || read.notText !== undefined) {
      notRemoved.push({
        path: row.path,
        line: row.name,
        reason: "memfiles cannot read this file",
      });
      continue;
    }
    found.push({ path: row.path, version: read.version, body: parsed.value.body.trim() });
  }
  return { found, notRemoved };
}

/**
 * Whether a fact file's body says what the query names, so the whole file may go (decision
 * 0025-fact-layout, "forget in the fact layout"): the query restates the fact (each matches the
 * other: every content word of either is in the other), or the query's content words, two or
 * more, stand in the body as a phrase (in order, side by side, function words skipped; "use
 * Neovim" in "Uses Neovim for everything"), or the query's words are half or more of the body's
 * content words ("neovim" for "Uses Neovim."). A single word that is only mentioned ("deploy" in
 * "Uses Neovim for everything, including deploy scripts") is not enough: the name or description
 * must carry it.
 */
function factIsAbout(
  body: string,
  query: string,
  matches: (text: string, query: string) => boolean,
): boolean {
  if (body.trim() === "") return false;
  if (matches(body, query) && matches(query, body)) return true;
  const wanted = contentWordList(query);
  if (!matches(body, query)) return false;
  const have = contentWordList(body);
  // A short fact that is mostly the query's words ("Uses Neovim." for "neovim"): half or more of
  // the body's content words are the query's.
  const covered = have.filter((word) => wanted.some((want) => sameWord(want, word))).length;
  if (have.length > 0 && covered * 2 >= have.length) return true;
  if (wanted.length < 2) return false;
  for (let start = 0; start + wanted.length <= have.length; start++) {
    if (wanted.every((word, offset) => sameWord(word, have[start + offset] ?? ""))) return true;
  }
  return false;
}
