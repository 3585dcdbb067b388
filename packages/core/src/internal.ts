// "@memfiles/core/internal": what the evals package needs beyond the public API (src/index.ts).
// No promise to anyone else: names here may change in any release.

export {
  estimateTokens,
  minCacheableTokens,
  roundUsd,
  sumUsage,
  toModelUsage,
  ZERO_USAGE,
} from "./cost/index.js";
export { safeParseMemoryFile } from "./format/index.js";
export { tokenizerRatio } from "./models/index.js";
export { ALWAYS_LOADED, rankRows, renderMemoryBlock } from "./recall/index.js";
export { contentWords, foldText } from "./text/index.js";
export { USAGE_LOG_PATH } from "./usage/index.js";
export { ProposeFactsInputSchema, ProposeMemoriesInputSchema } from "./write/index.js";
