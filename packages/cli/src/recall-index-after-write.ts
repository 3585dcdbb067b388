import type { MemoryStore } from "@memfiles/core";
import { openRecallIndex, RECALL_INDEX_FILE } from "@memfiles/core/internal";

/**
 * Brings a memory's stored recall index up to date with the files a command just wrote: the
 * changed files go into the index's log, where Claude Code's SessionStart hook looks. That hook
 * checks only the files its block shows (and the logged ones), so a file it does not show,
 * written by this process, would stay out of its block until the next full check (a prompt's
 * recall). A memory with no stored index is left alone (the next reader builds one); a failure is
 * not the command's (the next full check makes the same update).
 *
 * @param store - A store the command wrote to.
 * @returns Resolves when the index is stored.
 * @example await refreshStoredRecallIndex(store);
 */
export async function refreshStoredRecallIndex(store: MemoryStore): Promise<void> {
  try {
    const stored = await store.readInternal(RECALL_INDEX_FILE, { firstLine: true });
    if (stored === undefined) return;
    await openRecallIndex(store, { rowsOnly: true });
  } catch {
    // Left for the next full check, as a hand edit is.
  }
}
