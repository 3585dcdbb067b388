import { MemfilesError } from "@memfiles/errors";

/**
 * A recording file exists but cannot be used: not JSON, or a field does not match the recording
 * format. Replay stops rather than guessing.
 */
export class RecordingFileError extends MemfilesError {
  override readonly name = "RecordingFileError";
  /** Path of the recording file. */
  readonly file: string;

  constructor(options: { file: string; problem: string; cause?: unknown }) {
    super(
      `Recording file ${options.file} is invalid: ${options.problem}. ` +
        "Regenerate it with `pnpm eval --record` (needs ANTHROPIC_API_KEY) or " +
        "`pnpm --filter @memfiles/evals author`, or restore it from git.",
      { code: "recording_file_invalid", userFixable: true, cause: options.cause },
    );
    this.file = options.file;
  }
}
