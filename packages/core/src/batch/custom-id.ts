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
 * memory folder, the session id made safe (letters, digits, `_`, `-`; cut to 36 chars) and a hash
 * of the full `key` and `version` (a consolidation's version token: the same file changed is a new
 * entry). The same inputs always give the same id, which makes applying idempotent across batches.
 *
 * @returns An id matching {@link CUSTOM_ID_PATTERN}, at most 56 chars, e.g. `w-3f2a9c1e-session-1-6b86b273`.
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
