import type { RememberOptions, RememberResult } from "../write/index.js";
import { layoutOf } from "./layout-of.js";

/**
 * Saves a fact the user explicitly asked to remember, at once, during the session (the seed
 * design: "remember this" is saved immediately). The line is tagged with today's UTC date; a file
 * without a description (new, or written by hand without a header) gets a name and description
 * (see `describeNewFile`), and a CRLF or BOM file keeps its line endings and BOM. It is
 * the user's own word, so tombstones do not block it; instead the tombstones it matches are lifted,
 * so later write passes may keep that subject up to date again. Rejection codes:
 * - `secret`: the fact or `replaces` holds a key, token, private key, card number or password
 *   (the same guard as the write pass); the fact in the result is redacted;
 * - `invalid_fact`: blank, over 300 chars, without a letter or digit (such as `---`), or a
 *   placeholder (`undefined`, `null`, `N/A`, `...`);
 * - `path_not_allowed`: not `profile.md`, `preferences.md` or `topics|projects|people/<kebab>.md`,
 *   or refused by the store's path guard;
 * - `replaces_not_found`: `replaces` names no memory line;
 * - `replaces_newer`: the line `replaces` names is dated after today (a hand edit);
 * - `duplicate`: a memory line already has this fact (date tag, case, white space ignored), or
 *   one line already states every content word of it (see `restatesFact`) and `replaces` does not
 *   name that line, or the fact is the same text as the line it replaces;
 * - `unparsable_file`: the target file's header cannot be parsed;
 * - `too_long`: the write would pass the store's cap (after `onTooLong`, when given);
 * - `version_conflict`: the file kept changing over 3 re-reads.
 * There is no evidence here, so none of the write pass's evidence codes, and no `forgotten`.
 * The same checks hold in the fact layout, where the fact is added to the fact file `path` names
 * (or its stem does), else a new fact file is created.
 *
 * @param options - `{ store, path, fact, replaces?, now?, onTooLong? }`: `path` a memory path,
 *   `fact` one line of at most 300 chars without a date tag, `now` the clock for the tag.
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
