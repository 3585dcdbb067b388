import { TOMBSTONES_FILE } from "../guards/tombstone-index.js";
import { MemoryWriteError } from "../store/memory-write-error.js";
import { PENDING_FORGET_FILE } from "../store/store-lock.js";
import type { ForgetPreview } from "../write/forget-query.js";
import type { WriteStore } from "../write/write-pipeline.js";
import { ForgetFailedError } from "./forget-failed-error.js";

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
 * place of "Nothing was changed." (as it is when nothing changed: it says so and how to fix it);
 * any other error (`EIO`, a database's `DatabaseError`, a lost lock) is wrapped in a
 * {@link ForgetFailedError} saying the same, nothing saved included. An error before the section
 * ran (the lock not taken) is returned as it is: nothing of the forget started.
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
  if (before === undefined) return error;
  const failed = (landed: readonly string[], outcome: string) =>
    error instanceof MemoryWriteError
      ? new MemoryWriteError({
          code: error.code,
          path: error.path,
          landed,
          outcome,
          cause: error.cause,
        })
      : new ForgetFailedError({ landed, outcome, cause: error });
  let now: ForgetState;
  let still: string[];
  try {
    now = await readForgetState(store);
    still = [...new Set((await left(store)).files.map((file) => file.path))];
  } catch (readError) {
    const why = readError instanceof Error ? readError.message.split("\n")[0] : String(readError);
    return failed(
      [],
      `What it saved could not be read back (${why}): run forget again once the memory can be read; it removes what is left and finishes a forget whose journal was saved.`,
    );
  }
  const tombstoned = now.tombstones !== before.tombstones;
  const journaled = now.journal !== before.journal && (now.journal ?? "").trim() !== "";
  if (!tombstoned && !journaled) {
    if (error instanceof MemoryWriteError) return error;
    return failed(
      [],
      "Nothing was saved: the memory is as it was before the forget. Run forget again once that is fixed.",
    );
  }
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
  return failed(landed, `${saved}${rest}`);
}
