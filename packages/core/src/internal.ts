// "@memfiles/core/internal": what the sibling packages (cli, mcp, pg, evals) need beyond the public
// API (src/index.ts). No promise to anyone else: names here may change in any release.

export type {
  BatchConsolidation,
  BatchWriteSession,
} from "./batch/index.js";
export type { BoundaryStore } from "./boundary/index.js";
export { scopedWriteStore } from "./boundary/index.js";
export type { ToolCall } from "./chat/index.js";
export {
  type CacheWarning,
  estimateTokens,
  minCacheableTokens,
  PRICE_ROWS,
  PRICES_SOURCE,
  type PriceTable,
  roundUsd,
  sumUsage,
  toModelUsage,
  ZERO_USAGE,
} from "./cost/index.js";
export { safeParseMemoryFile } from "./format/index.js";
export { checkSecrets, WriteSession } from "./guards/index.js";
export {
  applyFactProposals,
  applyProposals,
  applyWriteReply,
  buildWriteRequest,
  type ConsolidateFactsResult,
  consolidateFacts,
  DEFAULT_FACT_CONSOLIDATION_FILES,
  type FactProposal,
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
export { MODEL_TABLE, tokenizerRatio } from "./models/index.js";
export {
  ALWAYS_LOADED,
  budgetCatalog,
  DEFAULT_SIDE_QUERY_MAX_TOKENS,
  fileInScope,
  fillRecallBudget,
  formatSelectRequest,
  inScope,
  type RecallUnit,
  rankPooledRecallUnits,
  rankRecallUnits,
  rankRows,
  readInScope,
  recallFiles,
  recallText,
  renderMemoryBlock,
  selectMemories,
  showMemoryFile,
} from "./recall/index.js";
export { DEFAULT_MAX_CHARS, isMemoryIndexPath, MEMORY_INDEX_FILE } from "./store/index.js";
export {
  contentWords,
  foldFileName,
  foldText,
  headOfText,
  isPrefixSearchTerm,
  isTimeZone,
  localDay,
  MONTH_NAMES,
  splitSearchTerms,
  stemmedSearchTerm,
} from "./text/index.js";
export {
  type ReadUsageLogResult,
  type Stage,
  USAGE_LOG_PATH,
  type UsageLogProblem,
  type UsageRecord,
} from "./usage/index.js";
export {
  FORGET_NOTHING_MATCHED,
  FORGET_QUERY_WITHOUT_WORDS,
  MAX_FORGET_QUERY_CHARS,
  restoreLines,
} from "./write/index.js";
