import type { RememberOptions, RememberResult } from "../write/index.js";
import { layoutOf } from "./layout-of.js";

/**
 * Saves a fact the user explicitly asked to remember, at once, during the session (the seed
 * design: "remember this" is saved immediately). The line is tagged with today's UTC date; a file
 * without a description (new, or written by hand without a header) gets a name and description
 * (see `describeNewFile`), and a CRLF or BOM file keeps its line endings and BOM. It is
 * the user's own word, so tombstones do not block it; instead the tombstones it matches are lifted,
 * so later write passes may keep that subject up to date again. The fact goes through the one
 * check pipeline as the user's own request (`rememberThrough`): every refusal code, in order, with
 * its rule and message, is a row of `WRITE_CHECKS` (`write/write-checks.ts`); there is no evidence
 * here, so none of the evidence codes, and no `forgotten`. A secret is redacted in the result. In
 * the fact layout, the fact is added to the fact file `path` names (or its stem does), else a new
 * fact file is created.
 *
 * @param options - `{ store, path, fact, replaces?, now?, onTooLong? }`: `path` a memory path,
 *   `fact` one line of at most 300 chars without a date tag (one pasted from a memory file is
 *   refused, `invalid_fact`: remember dates it today), `now` the clock for the tag.
 * @returns `{ ok: true, code: "applied", path, line, replaced }` or `{ ok: false, code, path, fact,
 *   message }`.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * const now = new Date("2026-09-12");
 * await remember({ store, path: "topics/hosting.md", fact: "deploys on Fly.io", now });
 * // { ok: true, code: "applied", path: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io", replaced: [] }
 */
export async function remember(options: RememberOptions): Promise<RememberResult> {
  return layoutOf(options.store).remember(options);
}
