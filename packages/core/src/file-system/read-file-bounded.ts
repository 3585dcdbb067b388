import { setTimeout as sleep } from "node:timers/promises";
import pLimit from "p-limit";
import { isResourceLimit } from "./system-error.js";

/**
 * Most reads in flight in this process through {@link boundedRead}: enough to keep the disk and
 * the thread pool busy, far below any usual open-file limit (1,024 and up).
 */
export const READ_CONCURRENCY = 64;

// Shared by every store in the process, so two stores listing at once do not add up.
const limit = pLimit(READ_CONCURRENCY);

const RETRY_DELAYS_MS = [10, 50, 200, 1_000];

/**
 * Runs one read with at most {@link READ_CONCURRENCY} reads in flight across the process. A
 * resource error (`EMFILE`, `ENFILE`, `EAGAIN`) is retried after 10, 50, 200 and 1,000 ms, then
 * thrown: it is never a fact about the file.
 *
 * @example const bytes = await boundedRead(() => readFile("/home/me/memory/profile.md"));
 */
export function boundedRead<T>(read: () => Promise<T>): Promise<T> {
  return limit(async () => {
    for (const delay of RETRY_DELAYS_MS) {
      try {
        return await read();
      } catch (error) {
        if (!isResourceLimit(error)) throw error;
        await sleep(delay);
      }
    }
    return read();
  });
}
