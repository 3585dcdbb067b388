export {
  type ParseClaudeCodeTranscriptResult,
  parseClaudeCodeTranscript,
  type SkippedRecords,
  type TranscriptCheckpoint,
} from "./claude-code-transcript.js";
export {
  DEFAULT_MAX_TRANSCRIPT_BYTES,
  type ReadClaudeCodeTranscriptOptions,
  readClaudeCodeTranscript,
} from "./read-claude-code-transcript.js";
export { sessionDayTag, withSessionDate } from "./session-date.js";
export type { Transcript, TranscriptTurn } from "./transcript.js";
export { TranscriptDateError } from "./transcript-date-error.js";
export { TranscriptTooLargeError } from "./transcript-too-large-error.js";
