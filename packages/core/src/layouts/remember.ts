import type { RememberOptions, RememberResult } from "../write/index.js";
import { layoutOf } from "./layout-of.js";

/**
 * Saves what the user asked to remember, at once (the seed design): the subject layout adds a line
 * dated today to the file `path` names, the fact layout adds it to that fact file (or a new one).
 * It is the user's own word: no evidence checks, and the tombstones it matches are lifted. Every
 * other check of `WRITE_CHECKS` holds; a secret is redacted in the result.
 *
 * @param options - `{ store, path, fact, replaces?, now?, timeZone?, onTooLong? }`: `path` a memory
 *   path, `fact` one line without a date tag.
 * @returns `{ ok: true, code: "applied", path, line, replaced }` or `{ ok: false, code, path,
 *   fact, message }`.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * await remember({ store, path: "topics/hosting.md", fact: "deploys on Fly.io", now: new Date("2026-09-12") });
 * // { ok: true, code: "applied", path: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io", replaced: [] }
 */
export async function remember(options: RememberOptions): Promise<RememberResult> {
  return layoutOf(options.store).remember(options);
}
