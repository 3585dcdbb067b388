// "@memfiles/core/internal": what the sibling packages (cli, mcp, pg, evals) need beyond the public
// API (src/index.ts). No promise to anyone else: names here may change in any release.

export {
  type BatchConsolidation,
  type BatchWriteSession,
  writePassCustomId,
} from "./batch/index.js";
export type { BoundaryStore } from "./boundary/index.js";
export type { ToolCall } from "./chat/index.js";
export {
  autoMemoryFolder,
  checkoutRootOf,
  claudeConfigFolder,
  type LocationOptions,
  projectFolderName,
  projectNameOf,
  projectRootOf,
} from "./claude-code-location.js";
export {
  ASSUMED_OUTPUT_TOKENS,
  type CacheWarning,
  estimateTokens,
  minCacheableTokens,
  PRICE_ROWS,
  PRICES_SOURCE,
  type PriceTable,
  requestCostBound,
  roundUsd,
  sumUsage,
  toModelUsage,
  ZERO_USAGE,
} from "./cost/index.js";
export {
  type BodyLine,
  memoryBodyLines,
  type SearchMatch,
  safeParseMemoryFile,
  searchMemoryLines,
} from "./format/index.js";
export {
  argumentErrorText,
  checkSecrets,
  checkSecretsOfEach,
  type MaskedPath,
  type MaskedText,
  maskPath,
  maskPathsOfEach,
  maskRows,
  maskSecrets,
  maskSecretsOfEach,
  REDACTED,
  type SearchedFile,
  type ShownSearchMatch,
  searchShown,
  shownArgument,
  WriteSession,
  withMaskedPaths,
} from "./guards/index.js";
export {
  applyFactProposals,
  applyProposals,
  applyWriteReply,
  buildWriteRequest,
  type ConsolidateFactsResult,
  consolidateFacts,
  DEFAULT_FACT_CONSOLIDATION_FILES,
  dropForgottenLines,
  type FactProposal,
  ForgetFailedError,
  type ForgottenLine,
  findForgottenIndexLines,
  findForgottenLines,
  layoutNamed,
  layoutOf,
  ProposeFactsInputSchema,
  ProposeMemoriesInputSchema,
  WritePromptLayoutError,
} from "./layouts/index.js";
export {
  type ConsolidateResult,
  MAX_CONSOLIDATE_RETRIES,
} from "./layouts/subject/consolidate/index.js";
export {
  createMemoryToolHandlers,
  editableText,
  MemoryToolError,
  memoriesPath,
} from "./memory-tool/index.js";
export { apiErrorOf, MODEL_TABLE, tokenizerRatio } from "./models/index.js";
export {
  ALWAYS_LOADED,
  budgetCatalog,
  clearedByScreen,
  DEFAULT_SIDE_QUERY_MAX_TOKENS,
  explainProjectName,
  fileInScope,
  fillRecallBudget,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  formatSelectRequest,
  inScope,
  isProjectName,
  openRecallIndex,
  projectNameFrom,
  RECALL_INDEX_FILE,
  RECALL_INDEX_FORMAT,
  RECALL_INDEX_LOG,
  type RecallIndexDrift,
  type RecallUnit,
  rankPooledRecallUnits,
  rankRecallUnits,
  rankRows,
  readInScope,
  rebuildRecallIndex,
  recallFiles,
  recallIndexDrift,
  recallText,
  renderMemoryBlock,
  selectMemories,
  showMemoryFile,
} from "./recall/index.js";
// A write the file system refused (disk full, read-only, a file at the lock's path): an
// application tells it by `name` "MemoryWriteError" and `code`, a MemfilesError with userFixable.
export {
  CLAUDE_CODE_INDEX_LINES,
  DEFAULT_MAX_CHARS,
  decodeText,
  encodeText,
  isMemoryIndexPath,
  LAYOUT_NAMES,
  MEMORY_INDEX_FILE,
  MemoryWriteError,
  type MemoryWriteErrorCode,
  notShownMessage,
  type ParseLayoutNameResult,
  restoreLineBreaks,
  safeParseLayoutName,
  shownLenientlyNote,
  type TextEncoding,
} from "./store/index.js";
export {
  applyTextLayout,
  contentWords,
  foldFileName,
  foldSearchText,
  foldText,
  headOfText,
  isCalendarDay,
  isPrefixSearchTerm,
  isTimeZone,
  localDay,
  MONTH_NAMES,
  quoteText,
  readTextLayout,
  resolveRelativeDates,
  shownText,
  splitSearchTerms,
  stemmedSearchTerm,
  type TextLayout,
  type TimeZoneFromEnv,
  timeZoneFromEnv,
  valueSkeleton,
} from "./text/index.js";
export {
  DEFAULT_MAX_TRANSCRIPT_BYTES,
  type ParseClaudeCodeTranscriptResult,
  parseClaudeCodeTranscript,
  type ReadClaudeCodeTranscriptOptions,
  readClaudeCodeTranscript,
  type SkippedRecords,
  type TranscriptCheckpoint,
  TranscriptDateError,
  TranscriptTooLargeError,
} from "./transcript/index.js";
export {
  costOfRecord,
  type ReadUsageLogResult,
  type Stage,
  USAGE_LOG_PATH,
  type UsageLogProblem,
  type UsageRecord,
  usageLogName,
  usageLogProblemLines,
} from "./usage/index.js";
export {
  FORGET_NOTHING_MATCHED,
  FORGET_QUERY_WITHOUT_WORDS,
  MAX_FORGET_QUERY_CHARS,
  restoreLines,
  // A write pass that failed after some files landed: an application tells it by `name`
  // "WriteInterruptedError" and reads `applied`.
  WriteInterruptedError,
} from "./write/index.js";
