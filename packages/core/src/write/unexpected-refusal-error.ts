import { MemfilesError } from "@memfiles/errors";

/**
 * The check pipeline refused with a code whose check needs an input the run did not have (see the
 * `needs` column of `WRITE_CHECKS`): a bug in memfiles, never a user's mistake.
 *
 * @example new UnexpectedRefusalError("remember", "forgotten").message
 * // 'remember was refused with "forgotten", a check it never runs. This is a bug in memfiles; please report it.'
 */
export class UnexpectedRefusalError extends MemfilesError {
  override readonly name = "UnexpectedRefusalError";
  /** The refusal's code. */
  readonly refusal: string;

  constructor(operation: string, refusal: string) {
    super(
      `${operation} was refused with "${refusal}", a check it never runs. This is a bug in memfiles; please report it.`,
      { code: "unexpected_refusal" },
    );
    this.refusal = refusal;
  }
}
