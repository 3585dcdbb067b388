import { MODEL_TABLE, tokenizerRatio } from "../models/index.js";
import { modelEntry } from "./model-id.js";

/**
 * Minimum cacheable prompt length in tokens per model: a cached prefix shorter than this is not
 * cached at all (the request succeeds, both cache counters stay 0, and the prefix is billed as
 * plain input every time). Taken from the model table (`MODEL_TABLE`), whose rows name their
 * source: 512 on Claude Opus 5.5, Sonnet 5.5 and Haiku 5.5 (and Opus 5, Fable 5.1), 1,024 on
 * Sonnet 5, 4,096 on Haiku 4.5 (prompt-caching page,
 * https://platform.claude.com/docs/en/build-with-claude/prompt-caching, and the model overviews).
 *
 * @example MIN_CACHEABLE_TOKENS["claude-haiku-5-5"] // 512
 */
export const MIN_CACHEABLE_TOKENS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(MODEL_TABLE.map((row) => [row.id, row.minCacheableTokens])),
);

/**
 * Estimates a text's tokens as `ceil(chars / chars per token)` for the model's tokenizer: 4 chars a
 * token on Claude Haiku 4.5's, 4 / 1.3 on the newer one of every model since Claude 4.7 ("about
 * 30% more tokens", Claude Haiku 5.5 overview; also the default and for unknown ids). Chars are
 * UTF-16 code units. Use `client.messages.countTokens` when an exact figure matters.
 *
 * @example estimateTokens("uses Neovim, not VS Code", "claude-haiku-5-5") // 8
 */
export function estimateTokens(text: string, model?: string): number {
  const { tokens, chars } = tokenizerRatio(model);
  // Integer arithmetic first, so 40 chars give exactly 13 tokens, not ceil(13.000000000000002).
  return Math.ceil((text.length * tokens) / chars);
}

/**
 * The minimum cacheable prompt length of a model in tokens, a dated suffix accepted; `minimums`
 * adds models or replaces the defaults.
 *
 * @throws {UnknownModelError} when the model is in neither table.
 * @example minCacheableTokens("claude-haiku-4-5-20251001") // 4096
 */
export function minCacheableTokens(model: string, minimums?: Record<string, number>): number {
  const table = { ...MIN_CACHEABLE_TOKENS, ...minimums };
  return modelEntry(
    table,
    model,
    "minimum cacheable prompt length",
    `Pass it in tokens: { minimums: { "${model}": 1024 } }.`,
  );
}

/** A cached prefix too short to be cached. */
export type CacheWarning = {
  code: "prefix_below_cache_minimum";
  /** Which cache breakpoint (e.g. `stable_prefix`, `memory_block`). */
  breakpoint: string;
  model: string;
  /** Estimated tokens up to and including the breakpoint. */
  tokens: number;
  /** The model's minimum cacheable prompt length, tokens. */
  minimum: number;
  message: string;
};

/** Options of `checkCachedPrefix`. */
export type CheckCachedPrefixOptions = {
  model: string;
  /** Tokens of the whole prefix up to and including the cache breakpoint. */
  tokens: number;
  /** Name of the breakpoint, for the message. */
  breakpoint: string;
  /** Optional overrides of `MIN_CACHEABLE_TOKENS`. */
  minimums?: Record<string, number>;
};

/**
 * Warns when a cached prefix (`tokens`, estimated or counted) is shorter than the model's minimum
 * cacheable length: then nothing is cached and it is paid in full every time (prompt-caching page).
 *
 * @returns A `CacheWarning`, or `undefined` when the prefix is long enough.
 * @throws {UnknownModelError} when the model has no known minimum.
 */
export function checkCachedPrefix(options: CheckCachedPrefixOptions): CacheWarning | undefined {
  const minimum = minCacheableTokens(options.model, options.minimums);
  if (options.tokens >= minimum) return undefined;
  return {
    code: "prefix_below_cache_minimum",
    breakpoint: options.breakpoint,
    model: options.model,
    tokens: options.tokens,
    minimum,
    message:
      `The prefix up to the "${options.breakpoint}" cache breakpoint is about ${options.tokens} tokens, ` +
      `below ${options.model}'s minimum cacheable length of ${minimum}: it will not be cached and is ` +
      "billed as uncached input on every request. Lengthen the prefix or expect no cache savings.",
  };
}
