export {
  type BudgetedRecallOptions,
  type BudgetedRecallResult,
  budgetedRecall,
  DEFAULT_RECALL_BUDGET_TOKENS,
  fillRecallBudget,
  type LabelledRecallStore,
  type RankPooledRecallUnitsOptions,
  type RankRecallUnitsOptions,
  type RecallUnit,
  rankPooledRecallUnits,
  rankRecallUnits,
} from "./budgeted-recall.js";
export {
  ALWAYS_LOADED,
  type BuildSystemOptions,
  buildSystem,
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_PREFILTER_ABOVE_TOKENS,
  renderMemoryBlock,
} from "./build-system.js";
export { escapeBidi, MEMORY_FENCE_TAGS, neutralizeFence, recallText } from "./fence.js";
export {
  forgottenShownCheck,
  rowsWithoutForgotten,
  showWithoutForgotten,
} from "./forgotten-units.js";
export { matchRows, prefilterRows, rankRows } from "./prefilter.js";
export { explainProjectName, isProjectName, projectNameFrom } from "./project-name.js";
export {
  RANKING_INDEX_VERSION,
  rankScoredUnits,
  SAME_DAY_SHARE,
  UNIT_SEARCH_OPTIONS,
} from "./rank-units.js";
export {
  type RecalledFile,
  type RecallFilesOptions,
  type RecallOptions,
  type RecallResult,
  type RecallStrategy,
  recallFiles,
  showMemoryFile,
} from "./recall-files.js";
export {
  clearedByScreen,
  clearedRowsOf,
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  isRecallIndexStore,
  openRecallIndex,
  RECALL_INDEX_FILE,
  RECALL_INDEX_FORMAT,
  RECALL_INDEX_LOG,
  RecallIndex,
  type RecallIndexStore,
  recallIndexStartFits,
  storeRecallIndexAfterForget,
} from "./recall-index.js";
export {
  type RecallIndexDrift,
  rebuildRecallIndex,
  recallIndexDrift,
} from "./recall-index-drift.js";
export type { RecallStore } from "./recall-store.js";
export {
  fileInScope,
  fileScope,
  GLOBAL_SCOPE,
  inScope,
  markScoped,
  type ReadInScopeResult,
  readInScope,
  type StoreScope,
  scopeOf,
} from "./scope.js";
export {
  DEFAULT_SIDE_QUERY_MODEL,
  formatSelectRequest,
  MAX_RECALLED_FILES,
  recallCatalog,
  SELECT_MEMORIES,
  SELECT_MEMORIES_TOOL,
  SelectMemoriesInputSchema,
  type SelectMemoriesOptions,
  type SelectMemoriesResult,
  type SideQueryFallbackReason,
  selectMemories,
} from "./side-query.js";
export { budgetCatalog, DEFAULT_SIDE_QUERY_MAX_TOKENS } from "./side-query-budget.js";
export {
  type CheckedClaim,
  type ClaimKind,
  DEFAULT_VERIFY_TIMEOUT_MS,
  findClaims,
  formatStalenessNote,
  type StaleClaim,
  type VerifyClaim,
  type VerifyClaimsOptions,
  verifyClaims,
} from "./staleness.js";
