import type Anthropic from "@anthropic-ai/sdk";
import { ModelReplyShapeError } from "./model-reply-shape-error.js";

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

const COUNT = "a token count (a non-negative number)";

/** A required token count of `usage`, checked. */
function count(usage: Record<string, unknown>, key: string): number {
  const value = usage[key];
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new ModelReplyShapeError({ field: `usage.${key}`, expected: COUNT, value });
  }
  return value;
}

/** An optional token count of `usage` (`null` or missing is 0), checked. */
function optionalCount(
  usage: Record<string, unknown> | null | undefined,
  key: string,
  path: string,
): number {
  const value = usage?.[key];
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new ModelReplyShapeError({ field: `${path}.${key}`, expected: COUNT, value });
  }
  return value;
}

/**
 * Normalizes the `usage` object of a Messages API response.
 *
 * When the response has no `cache_creation` breakdown, all of `cache_creation_input_tokens` counts
 * as 5-minute cache writes (the API's default TTL).
 *
 * @param usage - `message.usage` from `@anthropic-ai/sdk`: `input_tokens` and `output_tokens`
 *   required, cache counts optional (tokens).
 * @returns The counts in tokens.
 * @throws {ModelReplyShapeError} when `usage` is not an object or a token count is not a
 *   non-negative number (a 200 reply that is not a message, e.g. `{"hello":"world"}`).
 * @example toModelUsage(message.usage) // { input: 812, output: 96, cacheWrite5m: 0, ... }
 */
export function toModelUsage(usage: Anthropic.Usage): ModelUsage {
  const raw: unknown = usage;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ModelReplyShapeError({
      field: "usage",
      expected: "an object with input_tokens and output_tokens",
      value: raw,
    });
  }
  const record = raw as Record<string, unknown>;
  const written = optionalCount(record, "cache_creation_input_tokens", "usage");
  const breakdown = record.cache_creation;
  if (
    breakdown !== undefined &&
    breakdown !== null &&
    (typeof breakdown !== "object" || Array.isArray(breakdown))
  ) {
    throw new ModelReplyShapeError({
      field: "usage.cache_creation",
      expected: "an object with ephemeral_5m_input_tokens and ephemeral_1h_input_tokens, or null",
      value: breakdown,
    });
  }
  const cacheCreation = breakdown as Record<string, unknown> | null | undefined;
  const write1h = optionalCount(cacheCreation, "ephemeral_1h_input_tokens", "usage.cache_creation");
  const write5m = cacheCreation
    ? optionalCount(cacheCreation, "ephemeral_5m_input_tokens", "usage.cache_creation")
    : written;
  return {
    input: count(record, "input_tokens"),
    output: count(record, "output_tokens"),
    cacheWrite5m: write5m,
    cacheWrite1h: write1h,
    cacheRead: optionalCount(record, "cache_read_input_tokens", "usage"),
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
