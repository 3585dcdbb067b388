export { type ApplyBatchResultsOptions, applyBatchResults } from "./apply-batch-results.js";
export type { BatchConsolidation } from "./batch-consolidations.js";
export {
  type BatchWriteSession,
  type SubmitWritePassesOptions,
  submitWritePasses,
  writePassCustomId,
} from "./submit-write-passes.js";
