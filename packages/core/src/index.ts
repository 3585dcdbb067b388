// The public API of @memfiles/core, by name (DESIGN.md "Public API"): the calls, their option and
// result types, the errors, and the model and price tables. What evals needs beyond it is in
// `./internal.ts` (the "@memfiles/core/internal" entry), which makes no promise to anyone else.

export { MemfilesError, type MemfilesErrorOptions } from "@memfiles/errors";
export {
  ChatLoopLimitError,
  type ChatOptions,
  ChatReplyError,
  type ChatReplyErrorCode,
  type ChatResult,
  chat,
  type ToolCall,
} from "./chat/index.js";
export {
  type ConsolidateAllOptions,
  type ConsolidateAllResult,
  type ConsolidateFailureCode,
  type ConsolidateOptions,
  type ConsolidatePrompt,
  type ConsolidateResult,
  type ConsolidateStore,
  consolidate,
  consolidateAll,
  type DroppedLine,
  type DroppedReason,
  type GitCommitResult,
  type RewriteProblem,
  type RewriteProblemCode,
} from "./consolidate/index.js";
export {
  type CacheWarning,
  type CostResult,
  costOf,
  MIN_CACHEABLE_TOKENS,
  type ModelPrice,
  ModelReplyShapeError,
  type ModelUsage,
  PRICES,
  PRICES_SOURCE,
  type PriceTable,
  UnknownModelError,
} from "./cost/index.js";
export {
  type FactLine,
  type MemoryFile,
  MemoryFormatError,
  type MemoryHeader,
  type MemoryLine,
  type MemoryProblem,
  type MemoryType,
  type SafeParseMemoryFileResult,
  safeParseMemoryFile,
} from "./format/index.js";
export { type KnownModel, MODELS } from "./models/index.js";
export { type BuildSystemOptions, buildSystem, type RecallStore } from "./recall/index.js";
export {
  type CheckResult,
  DEFAULT_MAX_CHARS,
  MemoryLockError,
  MemoryPathError,
  type MemoryRow,
  MemoryStore,
  type MemoryStoreOptions,
  type ReadResult,
  type WriteFailureCode,
  type WriteResult,
} from "./store/index.js";
export { ModelReplyError, type ToolReplyProblem } from "./tool-reply/index.js";
export type { Transcript, TranscriptTurn } from "./transcript/index.js";
export {
  type CreateUsageLogOptions,
  createUsageLog,
  type OnStep,
  type OnUsage,
  type ReadUsageLogResult,
  readUsageLog,
  type Stage,
  type Step,
  type UsageLogProblem,
  type UsageRecord,
} from "./usage/index.js";
export {
  type AppliedProposal,
  type EditDescriptionFailureCode,
  type EditDescriptionOptions,
  type EditDescriptionResult,
  editDescription,
  type ForgetOptions,
  type ForgetPreview,
  type ForgetPreviewFile,
  type ForgetResult,
  forget,
  type Proposal,
  previewForget,
  type RejectedProposal,
  type RememberOptions,
  type RememberRejectionCode,
  type RememberResult,
  type RemovedLine,
  remember,
  TombstoneFileError,
  type WritePassConsolidation,
  type WritePassOptions,
  type WritePassResult,
  type WritePrompt,
  type WriteRejectionCode,
  writePass,
} from "./write/index.js";
