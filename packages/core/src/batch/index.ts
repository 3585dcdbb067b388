export { BATCH_APPLIED_FILE, readAppliedCustomIds } from "./applied-custom-ids.js";
export {
  type ApplyBatchResultsOptions,
  type ApplyBatchResultsResult,
  applyBatchResults,
  type BatchSessionOutcome,
  type BatchWait,
} from "./apply-batch-results.js";
export {
  type BatchConsolidateStore,
  type BatchConsolidation,
  type BatchConsolidationOutcome,
  consolidationCustomId,
  type SubmittedConsolidation,
} from "./batch-consolidations.js";
export { BatchSubmitError, type BatchSubmitErrorCode } from "./batch-submit-error.js";
export { BATCH_WORK, type BatchWork, batchCustomId, CUSTOM_ID_PATTERN } from "./custom-id.js";
export {
  type BatchStore,
  type BatchWriteSession,
  batchSessionId,
  type SubmittedWritePass,
  type SubmitWritePassesOptions,
  type SubmitWritePassesResult,
  submitWritePasses,
  writePassCustomId,
} from "./submit-write-passes.js";
