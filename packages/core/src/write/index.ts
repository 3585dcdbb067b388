export { readTombstones, TombstoneIndex } from "../guards/tombstones.js";
export {
  ALLOWED_PATHS_RULE,
  allowedPathsRule,
  describeNewFile,
  isAllowedWritePath,
} from "./allowed-path.js";
export { editDescription } from "./edit-description.js";
export {
  FORGET_NOTHING_MATCHED,
  FORGET_QUERY_WITHOUT_WORDS,
  type ForgetOptions,
  type ForgetPreview,
  type ForgetResult,
  forgetQueryTooLong,
  matchesForgetQuery,
} from "./forget-query.js";
export { forgetQueryText, MAX_FORGET_QUERY_CHARS } from "./forget-request.js";
export { restoreLines } from "./forgotten-lines.js";
export type { Proposal } from "./proposal.js";
export { type RememberOptions, type RememberResult, rememberThrough } from "./remember.js";
export { WRITE_CHECKS, type WriteCheckCode } from "./write-checks.js";
export { WriteInterruptedError } from "./write-interrupted-error.js";
export type { WritePassOptions, WritePassResult, WritePrompt } from "./write-pass-result.js";
export { MAX_CONFLICT_RETRIES, type WriteStore } from "./write-pipeline.js";
export { WRITE_REQUEST_MAX_TOKENS } from "./write-request-budget.js";
