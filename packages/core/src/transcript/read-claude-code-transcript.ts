import { open } from "node:fs/promises";
import {
  type ParseClaudeCodeTranscriptOptions,
  type ParseClaudeCodeTranscriptResult,
  parseClaudeCodeTranscript,
  type TranscriptCheckpoint,
} from "./claude-code-transcript.js";
import { TranscriptTooLargeError } from "./transcript-too-large-error.js";

/**
 * Most bytes one read of a transcript takes: 64 MiB. A session of ~20,000 tokens is some 100 KB of
 * JSONL; the write request's own transcript budget then cuts what is read to fit.
 */
export const DEFAULT_MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

/** Options of {@link readClaudeCodeTranscript}. */
export type ReadClaudeCodeTranscriptOptions = ParseClaudeCodeTranscriptOptions & {
  /** Read only the records after this checkpoint (default: from the start). */
  after?: TranscriptCheckpoint;
  /** Most bytes read at once (default 64 MiB); checked before reading. */
  maxBytes?: number;
  /**
   * Read only the bytes before this offset (a checkpoint's `offset` from an earlier read), e.g. to
   * read again exactly the records a batch request was built from; default: to the end of the file.
   */
  until?: number;
};

/**
 * Reads the records a Claude Code transcript file gained since `after` (see
 * {@link parseClaudeCodeTranscript} for what counts as a turn). A file shorter than the checkpoint
 * was replaced, not appended to, and is read from its start.
 *
 * @param path - The `.jsonl` file.
 * @param options - `{ after?, until?, maxBytes?, timeZone?, seen? }` (offsets in bytes).
 * @returns `{ transcript, checkpoint, records, skipped }`; save `checkpoint` for the next read.
 * @throws {TranscriptTooLargeError} when more than `maxBytes` bytes follow the checkpoint.
 * @throws File-system errors (`ENOENT`, `EACCES`) pass through.
 * @example
 * const first = await readClaudeCodeTranscript(path);
 * const next = await readClaudeCodeTranscript(path, { after: first.checkpoint });
 */
export async function readClaudeCodeTranscript(
  path: string,
  options: ReadClaudeCodeTranscriptOptions = {},
): Promise<ParseClaudeCodeTranscriptResult> {
  const handle = await open(path, "r");
  try {
    const size = Math.min((await handle.stat()).size, options.until ?? Number.POSITIVE_INFINITY);
    const after =
      options.after !== undefined && options.after.offset <= size ? options.after : { offset: 0 };
    const length = size - after.offset;
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_TRANSCRIPT_BYTES;
    if (length > maxBytes) throw new TranscriptTooLargeError(path, length, maxBytes);
    const bytes = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(bytes, read, length - read, after.offset + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return parseClaudeCodeTranscript(bytes.subarray(0, read), options, after);
  } finally {
    await handle.close();
  }
}
