export { ALLOWED_PATHS_RULE, describeNewFile, isAllowedWritePath } from "./allowed-path.js";
export {
  type EditDescriptionFailureCode,
  type EditDescriptionOptions,
  type EditDescriptionResult,
  editDescription,
} from "./edit-description.js";
export {
  FORGET_NOTHING_MATCHED,
  FORGET_QUERY_WITHOUT_WORDS,
  type ForgetOptions,
  type ForgetPreview,
  type ForgetPreviewFile,
  type ForgetResult,
  forgetQueryTooLong,
  matchesForgetQuery,
  type NotRemovedLine,
  type RemovedLine,
} from "./forget-query.js";
export { forgetQueryText, MAX_FORGET_QUERY_CHARS } from "./forget-request.js";
export {
  type RestoreLinesOptions,
  restoreLines,
} from "./forgotten-lines.js";
export { MAX_DESCRIPTION_CHARS, type Proposal, ProposalSchema } from "./proposal.js";
export { ProposalShapeError } from "./proposal-shape-error.js";
export {
  liftMatchingTombstones,
  type RememberApplied,
  type RememberOptions,
  type RememberRejectionCode,
  type RememberResult,
  rememberThrough,
} from "./remember.js";
export { TombstoneFileError } from "./tombstone-file-error.js";
export {
  type ForgottenMatch,
  findForgotten,
  formatTombstones,
  parseTombstones,
  readTombstones,
  TOMBSTONES_FILE,
  type Tombstone,
  TombstoneCache,
  TombstoneFileSchema,
  TombstoneIndex,
  TombstoneSchema,
} from "./tombstones.js";
export { UnexpectedRefusalError } from "./unexpected-refusal-error.js";
export {
  type CheckFactShapeResult,
  checkDescriptionShape,
  checkFactShape,
  isWriteCheckCodeWithout,
  WRITE_CHECKS,
  type WriteCheckCode,
  type WriteCheckCodeWithout,
  type WriteCheckInput,
} from "./write-checks.js";
export {
  DEFAULT_MAX_INDEX_TOKENS,
  type FitMemoryIndexOptions,
  type FitMemoryIndexResult,
  fitMemoryIndex,
} from "./write-index-budget.js";
export {
  WriteInterruptedError,
  type WriteInterruptedErrorOptions,
} from "./write-interrupted-error.js";
export type {
  AppliedProposal,
  RejectedProposal,
  WritePassConsolidation,
  WritePassError,
  WritePassOptions,
  WritePassResult,
  WritePrompt,
  WriteRejectionCode,
} from "./write-pass-result.js";
export { MAX_CONFLICT_RETRIES, type OnTooLong, type WriteStore } from "./write-pipeline.js";
export {
  DEFAULT_MAX_MEMORY_CHARS,
  defaultMemoryChars,
  WRITE_REQUEST_FRAME_TOKENS,
  WRITE_REQUEST_MAX_TOKENS,
} from "./write-request-budget.js";
