export {
  type AccountForFactsOptions,
  type AccountForFactsResult,
  accountForLines,
  MIN_KEPT_WORD_SHARE,
} from "./account-for-lines.js";
export {
  type CheckRewriteOptions,
  checkRewrite,
  type RewriteProblem,
  type RewriteProblemCode,
} from "./check-rewrite.js";
export {
  applyConsolidateReply,
  type BuiltConsolidateRequest,
  buildConsolidateRequest,
  CONSOLIDATE_EFFORT,
  CONSOLIDATE_PREFIX_BREAKPOINT,
  type ConsolidateFailureCode,
  type ConsolidateLongFilesOptions,
  type ConsolidateLongFilesResult,
  type ConsolidateOptions,
  type ConsolidatePrompt,
  type ConsolidateRequestBase,
  type ConsolidateResult,
  type ConsolidateStore,
  consolidate,
  consolidateLongFiles,
  MAX_CONSOLIDATE_RETRIES,
} from "./consolidate.js";
export type { GitCommitResult } from "./git-commit.js";
export {
  DROPPED_REASONS,
  type DroppedLine,
  DroppedLineSchema,
  type DroppedReason,
  SAVE_CONSOLIDATED_FILE,
  SAVE_TOOL_V1,
  SAVE_TOOL_V2,
  type SaveConsolidatedFileInput,
  SaveConsolidatedFileInputSchema,
  SaveConsolidatedFileInputV1Schema,
} from "./save-tool.js";
