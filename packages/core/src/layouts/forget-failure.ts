import { TOMBSTONES_FILE } from "../guards/tombstone-index.js";
import { MemoryWriteError } from "../store/memory-write-error.js";
import { PENDING_FORGET_FILE } from "../store/store-lock.js";
import type { ForgetPreview } from "../write/forget-query.js";
import type { WriteStore } from "../write/write-pipeline.js";

/** The forget's own state files, as read when its section starts. */
export type ForgetState = { tombstones: string | undefined; journal: string | undefined };

/** Reads {@link ForgetState} (under the store lock, before the forget changes anything). */
export async function readForgetState(store: WriteStore): Promise<ForgetState> {
  return {
    tombstones: await store.readInternal(TOMBSTONES_FILE),
    journal: await store.readInternal(PENDING_FORGET_FILE),
  };
}

/**
 * The error a forget that threw should raise, told from what is stored once its section ended (so
 * a server's rolled-back transaction reads as nothing changed, and a folder's or PGlite's partial
 * section as what landed): the tombstone (the facts are then hidden from recall and refused by
 * every write), the journal (the next forget, remember or write pass finishes it), and the memory
 * files still holding the query's lines. A `MemoryWriteError` is raised again with that outcome in
 * place of "Nothing was changed."; any other error, or nothing changed, is returned as it is.
 *
 * @param store - The store the forget ran on.
 * @param error - What the forget threw.
 * @param before - {@link readForgetState} at the section's start; `undefined` when it never ran.
 * @param left - What the query still matches now (`previewForget`).
 * @returns The error to throw.
 */
export async function forgetFailure(
  store: WriteStore,
  error: unknown,
  before: ForgetState | undefined,
  left: (store: WriteStore) => Promise<ForgetPreview>,
): Promise<unknown> {
  if (before === undefined || !(error instanceof MemoryWriteError)) return error;
  let now: ForgetState;
  let still: string[];
  try {
    now = await readForgetState(store);
    still = [...new Set((await left(store)).files.map((file) => file.path))];
  } catch {
    // What landed cannot be read back: the write's own error is all that is known.
    return error;
  }
  const tombstoned = now.tombstones !== before.tombstones;
  const journaled = now.journal !== before.journal && (now.journal ?? "").trim() !== "";
  if (!tombstoned && !journaled) return error;
  const pending = (now.journal ?? "").trim() !== "";
  const where = `${still.join(", ")} still ${still.length === 1 ? "holds" : "hold"} them`;
  const saved = tombstoned
    ? "The forget's tombstone was saved: recall no longer shows the forgotten facts and no write adds them back."
    : "Only the forget's journal was saved (not its tombstone).";
  const rest =
    still.length > 0
      ? pending
        ? ` ${where}; the next forget, remember or write pass removes them (the forget's journal names them), or run forget again.`
        : ` ${where}: run forget again to remove them.`
      : pending
        ? " Every matching line was removed; the forget's journal is left, and the next call clears it."
        : " Every matching line was removed.";
  const landed = [
    ...(tombstoned ? [`.memfiles/${TOMBSTONES_FILE}`] : []),
    ...(pending ? [`.memfiles/${PENDING_FORGET_FILE}`] : []),
  ];
  return new MemoryWriteError({
    code: error.code,
    path: error.path,
    landed,
    outcome: `${saved}${rest}`,
    cause: error.cause,
  });
}
