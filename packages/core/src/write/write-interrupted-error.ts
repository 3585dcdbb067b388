import { MemfilesError } from "@memfiles/errors";
import { MemoryWriteError } from "../store/index.js";

/** Fields of a {@link WriteInterruptedError}. */
export type WriteInterruptedErrorOptions<Applied, Rejected> = {
  /** What was written before the failure, in the order applied. */
  applied: readonly Applied[];
  /** What was refused before the failure. */
  rejected: readonly Rejected[];
  /** The memory files written, as the message names them (e.g. `topics/food.md`). */
  landed: readonly string[];
  /** How many candidates were not decided: the one that failed and every one after it. */
  undecided: number;
  /** What the write of the candidate that failed threw (a `MemoryWriteError`, a lock timeout). */
  cause: unknown;
};

/**
 * A write pass failed after some of its proposals were written (a full disk, a lost lock):
 * `applied` is what landed, as the pass's result lists it, so a caller never reports a saved fact
 * as lost; `MEMORY.md` is rewritten before this is thrown. `code` and `userFixable` are the
 * cause's when it is a `MemfilesError` (e.g. `disk_full`), else `write_interrupted`.
 *
 * @example
 * try { await writePass(options) } catch (error) {
 *   if (error instanceof WriteInterruptedError) for (const item of error.applied) console.log(item.path);
 * }
 */
export class WriteInterruptedError<Applied = unknown, Rejected = unknown> extends MemfilesError {
  override readonly name = "WriteInterruptedError";
  readonly applied: readonly Applied[];
  readonly rejected: readonly Rejected[];
  readonly landed: readonly string[];
  readonly undecided: number;

  constructor(options: WriteInterruptedErrorOptions<Applied, Rejected>) {
    const { cause, landed, undecided } = options;
    const fixable = MemfilesError.isInstance(cause);
    // A MemoryWriteError already names what landed; any other cause is said, then what landed.
    const said =
      cause instanceof MemoryWriteError
        ? cause.message
        : `${cause instanceof Error ? cause.message : String(cause)} Already written before it: ${landed.join(", ")}.`;
    super(
      `${said} ${options.applied.length} applied, ${options.rejected.length} refused, ${undecided} not decided: run the write again once it is fixed (what landed is then a duplicate, never written twice).`,
      {
        code: fixable ? cause.code : "write_interrupted",
        userFixable: fixable && cause.userFixable,
        cause,
      },
    );
    this.applied = options.applied;
    this.rejected = options.rejected;
    this.landed = landed;
    this.undecided = undecided;
  }

  /**
   * The same failure with the applied and refused candidates as a caller reports them (a layout's
   * proposals from the pipeline's candidates).
   *
   * @param map - `{ applied, rejected }`: how each is reported.
   * @returns A new error with the same message, cause and counts.
   */
  reported<A, R>(map: {
    applied: (item: Applied) => A;
    rejected: (item: Rejected) => R;
  }): WriteInterruptedError<A, R> {
    return new WriteInterruptedError({
      applied: this.applied.map(map.applied),
      rejected: this.rejected.map(map.rejected),
      landed: this.landed,
      undecided: this.undecided,
      cause: this.cause,
    });
  }
}
