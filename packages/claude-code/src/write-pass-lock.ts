import { join } from "node:path";
import type { MemoryStore } from "@memfiles/core";
import lockfile from "proper-lockfile";
import { HOOK_STATE_FOLDER } from "./hook-state.js";

/** How long a write pass waits for the one before it on the same folder: 10 minutes. */
const WAIT_MS = 10 * 60 * 1000;

/**
 * Takes the lock that makes write passes on one memory folder (a session end's, an import's) run
 * one at a time, waiting up to 10 minutes for the one before, and gives it back once `work` ends.
 * Each write inside still takes the store lock as always.
 *
 * @param store - The memory folder; the lock file is `.memfiles/claude-code/write-pass`.
 * @param work - What to do while holding it.
 * @returns What `work` returns.
 * @throws What `work` throws; proper-lockfile's `ELOCKED` after 10 minutes of waiting.
 * @example await withWritePassLock(store, () => writePass(options));
 */
export async function withWritePassLock<T>(
  store: Pick<MemoryStore, "root" | "writeInternal">,
  work: () => Promise<T>,
): Promise<T> {
  // The lock file lives beside the session states; it must exist for proper-lockfile.
  await store.writeInternal(`${HOOK_STATE_FOLDER}/write-pass`, "");
  const release = await lockfile.lock(
    join(store.root, ".memfiles", HOOK_STATE_FOLDER, "write-pass"),
    {
      retries: {
        retries: Math.ceil(WAIT_MS / 1000),
        minTimeout: 1000,
        maxTimeout: 1000,
        factor: 1,
      },
      stale: 60_000,
      realpath: false,
    },
  );
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}
