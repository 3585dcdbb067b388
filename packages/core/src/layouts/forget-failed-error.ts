import { MemfilesError } from "@memfiles/errors";

/** Fields of a {@link ForgetFailedError}. */
export type ForgetFailedErrorOptions = {
  /** The forget's own files that were saved (`.memfiles/tombstones.json`, its journal); `[]` when none. */
  landed: readonly string[];
  /** What the forget left saved, read back after its section ended, and how to finish it. */
  outcome: string;
  /** What the forget threw: an I/O error (`EIO`), a database's error, a lost lock. */
  cause: unknown;
};

/**
 * A forget failed on an error that is not a {@link MemoryWriteError} (which states a forget's
 * outcome itself): an I/O error (`EIO`), a database's error (PGlite's or PostgreSQL's
 * `DatabaseError`), a lost folder lock (`MemoryLockError`), a killed write. The message gives the
 * cause's own words, then what is saved, read back after the forget's section ended (nothing; the
 * tombstone, so recall hides the facts; the journal, so the next call finishes it; which files
 * still hold the facts), and how to finish (decision 0072). `userFixable` is the cause's.
 *
 * @example
 * try { await forget({ store, query: "Fly.io" }) } catch (error) {
 *   if (error instanceof ForgetFailedError) console.error(error.message, error.landed, error.cause);
 * }
 */
export class ForgetFailedError extends MemfilesError {
  override readonly name = "ForgetFailedError";
  declare readonly code: "forget_failed";
  readonly landed: readonly string[];

  constructor(options: ForgetFailedErrorOptions) {
    const cause = options.cause;
    const said = (
      cause instanceof Error
        ? cause.message
        : typeof cause === "object" && cause !== null && "message" in cause
          ? String((cause as { message: unknown }).message)
          : String(cause)
    ).split("\n")[0];
    super(`The forget failed: ${said?.replace(/\.$/, "")}. ${options.outcome}`, {
      code: "forget_failed",
      userFixable: MemfilesError.isInstance(cause) && cause.userFixable,
      cause,
    });
    this.landed = options.landed;
  }
}
