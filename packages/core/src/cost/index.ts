export {
  type CacheWarning,
  type CheckCachedPrefixOptions,
  checkCachedPrefix,
  estimateTokens,
  MIN_CACHEABLE_TOKENS,
  minCacheableTokens,
} from "./cache-minimum.js";
export { type CostOptions, type CostResult, costOf, promptTokens } from "./cost-of.js";
export { ModelReplyShapeError } from "./model-reply-shape-error.js";
export {
  type ModelPrice,
  PRICE_MODIFIERS,
  PRICE_ROWS,
  PRICES,
  PRICES_SOURCE,
  type PriceRow,
  type PriceTable,
} from "./prices.js";
export { ASSUMED_OUTPUT_TOKENS, requestCostBound } from "./request-cost-bound.js";
export { roundUsd } from "./round-usd.js";
export { UnknownModelError } from "./unknown-model-error.js";
export {
  type ModelUsage,
  type ReadUsageResult,
  readUsage,
  sumUsage,
  toModelUsage,
  type UsageModifiers,
  type UsageWarning,
  ZERO_USAGE,
} from "./usage.js";
