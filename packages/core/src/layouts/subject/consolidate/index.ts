export {
  applyConsolidateReply,
  buildConsolidateRequest,
  type ConsolidateFailureCode,
  type ConsolidateOptions,
  type ConsolidateResult,
  type ConsolidateStore,
  consolidate,
  consolidateLongFiles,
  MAX_CONSOLIDATE_RETRIES,
} from "./consolidate.js";
