import type Anthropic from "@anthropic-ai/sdk";

/**
 * Token counts of one or more Messages API calls, in tokens, normalized from the API's `usage`.
 * `cacheWrite5m` + `cacheWrite1h` together equal the API's `cache_creation_input_tokens`.
 */
export type ModelUsage = {
  /** Uncached input tokens (`input_tokens`). */
  input: number;
  /** Output tokens (`output_tokens`), thinking included. */
  output: number;
  /** Tokens written to the 5-minute cache. */
  cacheWrite5m: number;
  /** Tokens written to the 1-hour cache. */
  cacheWrite1h: number;
  /** Tokens read from the cache (`cache_read_input_tokens`). */
  cacheRead: number;
};

/** A usage of zero tokens; the identity of `sumUsage`. */
export const ZERO_USAGE: ModelUsage = Object.freeze({
  input: 0,
  output: 0,
  cacheWrite5m: 0,
  cacheWrite1h: 0,
  cacheRead: 0,
});

/**
 * Normalizes the `usage` object of a Messages API response.
 *
 * When the response has no `cache_creation` breakdown, all of `cache_creation_input_tokens` counts
 * as 5-minute cache writes (the API's default TTL).
 *
 * @param usage - `message.usage` from `@anthropic-ai/sdk`.
 * @returns The counts in tokens.
 * @example toModelUsage(message.usage) // { input: 812, output: 96, cacheWrite5m: 0, ... }
 */
export function toModelUsage(usage: Anthropic.Usage): ModelUsage {
  const written = usage.cache_creation_input_tokens ?? 0;
  const breakdown = usage.cache_creation;
  const write1h = breakdown?.ephemeral_1h_input_tokens ?? 0;
  const write5m = breakdown ? (breakdown.ephemeral_5m_input_tokens ?? 0) : written;
  return {
    input: usage.input_tokens,
    output: usage.output_tokens,
    cacheWrite5m: write5m,
    cacheWrite1h: write1h,
    cacheRead: usage.cache_read_input_tokens ?? 0,
  };
}

/**
 * Adds token counts field by field.
 *
 * @param usages - Any number of usages (none gives zero).
 * @returns A new object; the inputs are not changed.
 * @example sumUsage(first, second).input === first.input + second.input
 */
export function sumUsage(...usages: ModelUsage[]): ModelUsage {
  const total = { ...ZERO_USAGE };
  for (const usage of usages) {
    total.input += usage.input;
    total.output += usage.output;
    total.cacheWrite5m += usage.cacheWrite5m;
    total.cacheWrite1h += usage.cacheWrite1h;
    total.cacheRead += usage.cacheRead;
  }
  return total;
}
