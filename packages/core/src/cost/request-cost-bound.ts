import { estimateTokens } from "./cache-minimum.js";
import { type CostOptions, costOf } from "./cost-of.js";

/**
 * Output tokens assumed for a request that sets no `max_tokens` (every Messages API request sets
 * it, so only a malformed body gets this).
 */
export const ASSUMED_OUTPUT_TOKENS = 400;

/**
 * The most one Messages API request can cost before it is sent, in USD: the whole body as input
 * (`estimateTokens`) and its `max_tokens` as output ({@link ASSUMED_OUTPUT_TOKENS} when unset),
 * priced by `costOf` at the body's model (else `fallbackModel`) with `options.modifiers`. A cap
 * checked against it is never passed.
 *
 * @throws {UnknownModelError} when the price table has no such model.
 * @example requestCostBound({ model: "claude-haiku-5-5", max_tokens: 1024, messages: [] }, "claude-haiku-5-5")
 */
export function requestCostBound(
  body: unknown,
  fallbackModel: string,
  options: CostOptions = {},
): number {
  const { model, max_tokens: maxTokens } = (body ?? {}) as {
    model?: unknown;
    max_tokens?: unknown;
  };
  const priced = typeof model === "string" ? model : fallbackModel;
  const output =
    typeof maxTokens === "number" && Number.isInteger(maxTokens) && maxTokens > 0
      ? maxTokens
      : ASSUMED_OUTPUT_TOKENS;
  const usage = {
    input: estimateTokens(JSON.stringify(body), priced),
    output,
    cacheWrite5m: 0,
    cacheWrite1h: 0,
    cacheRead: 0,
  };
  return costOf(usage, priced, undefined, options).usd;
}
