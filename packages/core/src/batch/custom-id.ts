import { createHash } from "node:crypto";

/**
 * What a batch entry's `custom_id` may be: 1 to 64 chars of letters, digits, `_` and `-` (Create a
 * Message Batch, https://platform.claude.com/docs/en/api/messages/batches/create).
 */
export const CUSTOM_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The kinds of after-session work a batch entry can carry: `w` write pass, `c` consolidation. */
export const BATCH_WORK = { write: "w", consolidate: "c" } as const;
export type BatchWork = keyof typeof BATCH_WORK;

const SLUG_CHARS = 36;

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}

/**
 * The `custom_id` of one session's after-session work in a Message Batch: the kind, a hash of the
 * memory folder, the session id made safe (letters, digits, `_`, `-`; cut to 36 chars) and a hash of
 * the full session id, so two ids that read alike after cutting stay apart. The same store, session
 * and kind always give the same id: that is what makes applying idempotent across batches (a
 * resubmitted session keeps its id, and an id already applied is skipped).
 *
 * @param work - `"write"` or `"consolidate"`.
 * @param root - The memory folder (`store.root`).
 * @param key - The session id (write) or memory path (consolidate).
 * @param version - Hashed with `key` when given: a consolidation passes the version token its
 *   request was built from, so consolidating the same file again after it changed is a new entry.
 * @returns An id matching {@link CUSTOM_ID_PATTERN}, at most 56 chars, e.g. `w-3f2a9c1e-session-1-6b86b273`.
 * @example batchCustomId("write", "/home/me/.memory", "session 1") // "w-…-session-1-…"
 */
export function batchCustomId(
  work: BatchWork,
  root: string,
  key: string,
  version?: string,
): string {
  const slug =
    key
      .replace(/[^a-zA-Z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, SLUG_CHARS) || "session";
  return `${BATCH_WORK[work]}-${shortHash(root)}-${slug}-${shortHash(version === undefined ? key : `${key}\n${version}`)}`;
}
