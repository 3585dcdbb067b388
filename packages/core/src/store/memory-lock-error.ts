import { MemfilesError } from "@memfiles/errors";

/** Fields of a {@link MemoryLockError}. */
export type MemoryLockErrorOptions = {
  /** The memory folder whose lock failed. */
  root: string;
  message: string;
  cause?: unknown;
};

/**
 * The memory folder's cross-process lock could not be taken in time, or was lost while held (for
 * example another process judged it stale). Writes are refused rather than risk two processes
 * both succeeding with the same version token.
 *
 * @example
 * try { await store.write(path, text, version) } catch (error) {
 *   if (error instanceof MemoryLockError) console.error(error.root, error.message);
 * }
 */
export class MemoryLockError extends MemfilesError {
  override readonly name = "MemoryLockError";
  readonly root: string;

  constructor(options: MemoryLockErrorOptions) {
    super(options.message, { code: "lock_failed", cause: options.cause });
    this.root = options.root;
  }
}
