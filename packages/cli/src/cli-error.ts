import { MemfilesError } from "@memfiles/errors";

/** snake_case codes of a {@link CliError}. */
export type CliErrorCode =
  | "folder_missing"
  | "folder_not_a_folder"
  | "bad_bundle"
  | "no_api_key"
  | "not_a_terminal"
  | "bad_argument"
  | "layout_mismatch";

/**
 * A mistake the user can fix (a bad folder, bundle, argument or setting): `memfiles` prints its
 * message on one line and exits 2, having changed nothing.
 *
 * @example throw new CliError("No memory folder at /x. Give the folder that holds MEMORY.md.", { code: "folder_missing" });
 */
export class CliError extends MemfilesError {
  override readonly name = "CliError";
  declare readonly code: CliErrorCode;

  /**
   * @param message - What failed, on which input, and how to fix it.
   * @param options - `{ code, cause? }`.
   */
  constructor(message: string, options: { code: CliErrorCode; cause?: unknown }) {
    super(message, { ...options, userFixable: true });
  }
}
