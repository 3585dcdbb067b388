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
export { BudgetExceededError } from "./budget-exceeded-error.js";
export {
  type AttachedRecordingSession,
  attachRecordingSession,
  guardedFetch,
  RECORDING_RUN_HEADER,
  SETTLE_GRACE_MS,
} from "./interceptor.js";
export {
  MissingRecordingError,
  type MissingRecordingErrorOptions,
} from "./missing-recording-error.js";
export { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";
export {
  isRetryableStatus,
  type PassThroughOptions,
  type PassThroughResult,
  passThrough,
  RECORD_RETRY_POLICY,
  type RetryPolicy,
  retryDelayMs,
} from "./pass-through.js";
export { RecordApiError, type RecordApiErrorOptions } from "./record-api-error.js";
export { ASSUMED_OUTPUT_TOKENS, BUDGET_OUTPUT_BASIS, RecordBudget } from "./record-budget.js";
export {
  API_HOST,
  type RecordingEntry,
  RecordingEntrySchema,
  type RecordingFile,
  RecordingFileSchema,
  readRecordingFile,
  recordedEpochs,
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
