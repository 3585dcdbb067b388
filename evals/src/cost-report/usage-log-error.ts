import { MemfilesError } from "@memfiles/errors";

/** Why a usage log could not be reported on. */
export type UsageLogErrorCode = "missing_folder" | "missing_log" | "empty_log" | "no_records";

/**
 * Thrown by `loadUsageLog` when a memory folder has no usage log, an empty one, or one whose every
 * line was unreadable. The message says how to turn the log on or what was wrong.
 *
 * @example
 * try { await loadUsageLog("memory") } catch (error) {
 *   if (error instanceof UsageLogError && error.code === "missing_log") console.error(error.message);
 * }
 */
export class UsageLogError extends MemfilesError {
  override readonly name = "UsageLogError";
  declare readonly code: UsageLogErrorCode;
  /** The log file's path. */
  readonly file: string;

  constructor(options: {
    code: UsageLogErrorCode;
    file: string;
    message: string;
    cause?: unknown;
  }) {
    super(options.message, { code: options.code, userFixable: true, cause: options.cause });
    this.file = options.file;
  }
}
