import { storeRecallIndexAfterForget } from "../recall/index.js";
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
 * Forgets at once (the seed design: "forget that" deletes the line at once and confirms): removes
 * every line or fact file that matches `query` (`matchesForgetQuery`) and leaves a tombstone of
 * hashes, never text, so no later write adds it back (decision 0005). The tombstone is written
 * first, under the store lock, and also when nothing matched. Only the removed lines and
 * `updated:` change; a file memfiles cannot edit is reported, never hidden. The rules are in
 * `docs/memory-folder.md`.
 *
 * @param options - `{ store, query, now?, timeZone?, only? }`: `query` in the user's words; `only`
 *   a {@link previewForget} result's `files`, so no more is removed than was shown.
 * @returns `removed` (`{ path, line }` each, maybe with `notRemoved`), `nothing_matched` (with a
 *   `message`), `version_conflict`, `too_long`, `not_text`, `unparsable_file` (`notRemoved`:
 *   `{ path, line, reason }`) or `query_too_long`.
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
  // The recall index keeps each line's words: the forgotten ones leave it before this returns.
  if (result.removed.length > 0) await storeRecallIndexAfterForget(options.store);
  // Both layouts tombstone the query's words when nothing matched; the user is told so here, once.
  if (result.code === "nothing_matched" && result.message === undefined) {
    return { ...result, message: FORGET_NOTHING_MATCHED };
  }
  return result;
}

/**
 * What {@link forget} would remove now, without removing anything or leaving a tombstone. Pass
 * `files` back as `forget`'s `only`, so a change made in between aborts the forget instead of
 * removing more than was shown; matching lines `forget` would keep are in `notRemoved`, with why.
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
