import { MemfilesError } from "@memfiles/errors";

/** Why `importSessions` refused to run; nothing was sent and nothing written. */
export type ImportErrorCode =
  | "import_pending"
  | "no_pending_import"
  | "budget_exceeded"
  | "no_api_key"
  | "unknown_model"
  | "batch_gone";

/**
 * `memfiles claude-code import` refused before sending anything: a batch of an earlier import is
 * still to be applied (`import_pending`), `--resume` found none (`no_pending_import`), or the
 * batch's upper-bound cost is past `--max-usd` (`budget_exceeded`), there is no API key
 * (`no_api_key`), the model has no price (`unknown_model`), or the API no longer knows the
 * pending batch (`batch_gone`).
 */
export class ImportError extends MemfilesError {
  override readonly name = "ImportError";
  override readonly code: ImportErrorCode;

  constructor(message: string, code: ImportErrorCode) {
    super(message, { code, userFixable: true });
    this.code = code;
  }
}
