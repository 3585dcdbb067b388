export {
  type CacheWarning,
  checkCachedPrefix,
  estimateTokens,
  minCacheableTokens,
} from "./cache-minimum.js";
export { costOf } from "./cost-of.js";
export { ModelReplyShapeError } from "./model-reply-shape-error.js";
export { PRICE_ROWS, PRICES, PRICES_SOURCE, type PriceTable } from "./prices.js";
export { ASSUMED_OUTPUT_TOKENS, requestCostBound } from "./request-cost-bound.js";
export { roundUsd } from "./round-usd.js";
export { UnknownModelError } from "./unknown-model-error.js";
export { type ModelUsage, readUsage, sumUsage, toModelUsage, ZERO_USAGE } from "./usage.js";
