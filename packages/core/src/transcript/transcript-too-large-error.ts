import { MemfilesError } from "@memfiles/errors";

/**
 * The new part of a session transcript is larger than a reader takes at once. Nothing was read;
 * the checkpoint did not move.
 *
 * @example
 * try { await readClaudeCodeTranscript(path); } catch (error) {
 *   if (error instanceof TranscriptTooLargeError) console.error(error.message);
 * }
 */
export class TranscriptTooLargeError extends MemfilesError {
  override readonly name = "TranscriptTooLargeError";
  /** The transcript file. */
  readonly path: string;
  /** Bytes after the checkpoint. */
  readonly bytes: number;

  constructor(path: string, bytes: number, maxBytes: number) {
    super(
      `Cannot read ${path}: its ${bytes} new bytes are over the ${maxBytes}-byte limit of one read. ` +
        "Pass a larger maxBytes, or a checkpoint nearer the end of the file.",
      { code: "transcript_too_large", userFixable: true },
    );
    this.path = path;
    this.bytes = bytes;
  }
}
