import { refreshStoredRecallIndex } from "../recall/recall-index.js";
import { factKey } from "../text/index.js";
import {
  FORGET_NOTHING_MATCHED,
  FORGET_QUERY_WITHOUT_WORDS,
  type ForgetOptions,
  type ForgetPreview,
  type ForgetResult,
  forgetQueryText,
  forgetQueryTooLong,
} from "../write/index.js";
import { layoutOf } from "./layout-of.js";

/**
 * Forgets at once, during the session (the seed design: "forget that" deletes the line at once and
 * confirms): removes every memory line that matches `query` (see `matchesForgetQuery`) in
 * every file, dated facts and undated lines written by hand alike, and leaves a tombstone in
 * `.memfiles/tombstones.json` holding sha256 hashes of the removed facts' keys and content words
 * and of the query's content words, never their text, so the words are gone from the folder (git
 * history aside) and no later write pass adds them back (see `findForgotten` for the three
 * matching rules). The tombstone is written before the lines
 * are removed, all under the store lock, and also when nothing matched: the fact may still sit in
 * this session's transcript, waiting for the write pass. Result codes:
 * - `removed`: the lines removed, `{ path, line }` each;
 * - `nothing_matched`: no line matched; `message` says so (a query with content words still
 *   leaves a tombstone, and `message` says that `remember` lifts it; a query without content
 *   words, blank or emoji only, returns at once, without a tombstone, and `message` says why);
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
  const tooLong = forgetQueryTooLong(options.query);
  if (tooLong !== undefined) return tooLong;
  const query = forgetQueryText(options.query);
  if (factKey(query) === "") {
    return { ok: true, code: "nothing_matched", removed: [], message: FORGET_QUERY_WITHOUT_WORDS };
  }
  const result = await layoutOf(options.store).forget({ ...options, query });
  // The removed text must not stay in the stored recall index until the next recall.
  if (result.ok && result.removed.length > 0) await refreshStoredRecallIndex(options.store);
  // Both layouts tombstone the query's words when nothing matched; the user is told so here, once.
  if (result.code === "nothing_matched" && result.message === undefined) {
    return { ...result, message: FORGET_NOTHING_MATCHED };
  }
  return result;
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
  if (forgetQueryTooLong(options.query) !== undefined) return { files: [] };
  const query = forgetQueryText(options.query);
  if (factKey(query) === "") return { files: [] };
  return layoutOf(options.store).previewForget({ store: options.store, query });
}
