const MARKER = Symbol.for("memfiles.error");

/** Fields every {@link MemfilesError} takes besides its message. */
export type MemfilesErrorOptions = {
  /** snake_case code a caller can `switch` on, stable across releases (e.g. `path_refused`). */
  code: string;
  /**
   * Whether the user can fix it themselves (a bad path, file or setting they gave): a CLI prints
   * the message alone and exits 2. `false` (the default) means a bug or an outage: keep the stack.
   */
  userFixable?: boolean;
  /** The error that led to this one. */
  cause?: unknown;
};

/**
 * The base class of every memfiles error (vercel/ai's `AISDKError` pattern): a stable `name` per
 * subclass, a snake_case `code`, the `cause`, and `userFixable` for errors the user can fix. Only
 * real failures are thrown; expected outcomes are values with a `code` (see DESIGN.md).
 *
 * @example
 * try { await main() } catch (error) {
 *   if (MemfilesError.isInstance(error) && error.userFixable) console.error(error.message);
 *   else throw error;
 * }
 */
export abstract class MemfilesError extends Error {
  abstract override readonly name: string;
  /** snake_case code; subclasses narrow it to their own union. */
  readonly code: string;
  /** Whether the user can fix it (see {@link MemfilesErrorOptions.userFixable}). */
  readonly userFixable: boolean;
  readonly [MARKER] = true;

  /**
   * @param message - What failed, on which input, and how to fix it.
   * @param options - `{ code, userFixable?, cause? }`.
   */
  constructor(message: string, options: MemfilesErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.userFixable = options.userFixable ?? false;
  }

  /**
   * Whether a value is a memfiles error, also across two copies of this package (a marker symbol,
   * not `instanceof`).
   *
   * @param error - Anything caught.
   * @returns `true` for an instance of any `MemfilesError` subclass.
   * @example MemfilesError.isInstance(new Error("x")) // false
   */
  static isInstance(error: unknown): error is MemfilesError {
    return typeof error === "object" && error !== null && MARKER in error;
  }
}
