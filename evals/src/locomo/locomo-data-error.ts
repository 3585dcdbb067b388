import { MemfilesError } from "@memfiles/errors";

/** Codes of {@link LocomoDataError}. */
export type LocomoDataErrorCode =
  | "locomo_file_missing"
  | "locomo_file_invalid"
  | "locomo_date_invalid"
  | "locomo_sample_not_found"
  | "qa_recording_invalid"
  | "qa_authored_invalid";

/**
 * The LoCoMo data file cannot be used: missing, not the LoCoMo JSON shape, a session date that
 * cannot be read, or a `--sample` id it does not hold. The user can fix it (another path or id).
 *
 * @example throw new LocomoDataError("LoCoMo file x.json not found. Pass --data <path>.", { code: "locomo_file_missing" });
 */
export class LocomoDataError extends MemfilesError {
  override readonly name = "LocomoDataError";
  declare readonly code: LocomoDataErrorCode;

  constructor(message: string, options: { code: LocomoDataErrorCode; cause?: unknown }) {
    super(message, { ...options, userFixable: true });
  }
}
