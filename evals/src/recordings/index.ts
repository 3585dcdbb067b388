export {
  type AuthoredAnswer,
  type AuthoredResponder,
  type AuthoredResponderOptions,
  createAuthoredResponder,
} from "./authored-responder.js";
export {
  AUTHORED_USAGE_METHOD,
  type AuthoredCache,
  type AuthoredUsage,
  type EstimateAuthoredUsageOptions,
  estimateAuthoredUsage,
} from "./authored-usage.js";
export {
  type AttachedRecordingSession,
  attachRecordingSession,
  RECORDING_RUN_HEADER,
} from "./interceptor.js";
export {
  MissingRecordingError,
  type MissingRecordingErrorOptions,
} from "./missing-recording-error.js";
export { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";
export {
  type RecordingEntry,
  RecordingEntrySchema,
  type RecordingFile,
  RecordingFileSchema,
  readRecordingFile,
  recordingPath,
  serializeRecordingFile,
  writeRecordingFile,
} from "./recording-file.js";
export { RecordingFileError } from "./recording-file-error.js";
export { RecordingRequestError } from "./recording-request-error.js";
export {
  type InFlightHook,
  type RecordingMode,
  RecordingSession,
  type RecordingSessionOptions,
} from "./recording-session.js";
export {
  describeRequestDifference,
  findNearestEntry,
  type NearestEntry,
} from "./request-difference.js";
