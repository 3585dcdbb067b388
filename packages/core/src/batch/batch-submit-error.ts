import { MemfilesError } from "@memfiles/errors";

/** Why `submitWritePasses` refused its input before sending anything. */
export type BatchSubmitErrorCode = "missing_session_id" | "duplicate_entry";

/**
 * `submitWritePasses` refused its input before any request was sent: a session without an id (a
 * batch result could not be matched to it), or two entries with one `custom_id` (a session, or a
 * file for consolidation, listed twice). Nothing was submitted; fix the list and submit again.
 *
 * @example
 * try { await submitWritePasses({ sessions, client, model }); } catch (error) {
 *   if (error instanceof BatchSubmitError && error.code === "duplicate_entry") console.error(error.message);
 * }
 */
export class BatchSubmitError extends MemfilesError {
  override readonly name = "BatchSubmitError";
  declare readonly code: BatchSubmitErrorCode;

  constructor(message: string, code: BatchSubmitErrorCode) {
    super(message, { code, userFixable: true });
  }
}
