import { MemfilesError } from "./memfiles-error.js";

/** Fields of an {@link InvalidArgumentError}. */
export type InvalidArgumentErrorOptions = {
  /** The argument, as the call names it, e.g. `timeZone` or `new MemoryStore(options)`. */
  argument: string;
  /** What failed, on which value, and how to fix it. */
  message: string;
  cause?: unknown;
};

/**
 * A call got an argument it cannot use (vercel/ai's `InvalidArgumentError`): a time zone no
 * runtime knows, an invalid `Date`, a store opened without a folder. The calling code passes it,
 * so it is not user-fixable by default; the message says how to fix the call.
 *
 * @example new MemoryStore({}) // throws InvalidArgumentError: new MemoryStore(...) needs { root } ...
 */
export class InvalidArgumentError extends MemfilesError {
  override readonly name = "InvalidArgumentError";
  /** The argument that was refused. */
  readonly argument: string;

  constructor(options: InvalidArgumentErrorOptions) {
    super(options.message, { code: "invalid_argument", cause: options.cause });
    this.argument = options.argument;
  }
}
