export {
  type CacheWarning,
  type CheckCachedPrefixOptions,
  checkCachedPrefix,
  estimateTokens,
  MIN_CACHEABLE_TOKENS,
  minCacheableTokens,
} from "./cache-minimum.js";
export { type CostResult, costOf } from "./cost-of.js";
export { ModelReplyShapeError } from "./model-reply-shape-error.js";
export { type ModelPrice, PRICES, PRICES_SOURCE, type PriceTable } from "./prices.js";
export { roundUsd } from "./round-usd.js";
export { UnknownModelError } from "./unknown-model-error.js";
export { type ModelUsage, sumUsage, toModelUsage, ZERO_USAGE } from "./usage.js";
