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
  /**
   * Of `output`, the tokens spent thinking (`output_tokens_details.thinking_tokens`); absent when
   * the response did not report it. Billed as output; shown apart in reports.
   */
  thinking?: number;
};

/**
 * Modifiers of a call's price that the response's `usage` reports: `service_tier` (`batch` is half
 * price), `inference_geo` (`us` is 1.1x) and `speed` (`fast`).
 */
export type UsageModifiers = {
  serviceTier?: string;
  inferenceGeo?: string;
  speed?: string;
};

/** A `usage` the API reported inconsistently, and what was made of it. */
export type UsageWarning = {
  code: "incomplete_cache_breakdown";
  message: string;
};

/** Result of `readUsage`. */
export type ReadUsageResult = {
  usage: ModelUsage;
  modifiers: UsageModifiers;
  warnings: UsageWarning[];
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

/** An optional string field of `usage` (`service_tier`, `inference_geo`, `speed`). */
function optionalString(usage: Record<string, unknown>, key: string): string | undefined {
  const value = usage[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * Reads the `usage` object of a Messages API response: token counts, the price modifiers it
 * reports, and warnings where it contradicts itself. `cache_creation_input_tokens` is the total of
 * cache writes: tokens its `cache_creation` breakdown (by TTL) does not account for are 5-minute
 * writes (the API's default TTL), never $0, with an `incomplete_cache_breakdown` warning when a
 * breakdown is there but short.
 *
 * @throws {ModelReplyShapeError} when `usage` is not an object or a token count is not a
 *   non-negative number (a 200 reply that is not a message).
 * @example readUsage({ input_tokens: 5, output_tokens: 1, cache_creation_input_tokens: 3000,
 *   cache_creation: { ephemeral_1h_input_tokens: 1000 } }).usage
 * // { input: 5, output: 1, cacheWrite5m: 2000, cacheWrite1h: 1000, cacheRead: 0 }
 */
export function readUsage(usage: Anthropic.Usage): ReadUsageResult {
  const raw: unknown = usage;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ModelReplyShapeError({
      field: "usage",
      expected: "an object with input_tokens and output_tokens",
      value: raw,
    });
  }
  const record = raw as Record<string, unknown>;
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
  const warnings: UsageWarning[] = [];
  const totalGiven =
    record.cache_creation_input_tokens !== undefined && record.cache_creation_input_tokens !== null;
  const total = optionalCount(record, "cache_creation_input_tokens", "usage");
  const cacheCreation = breakdown as Record<string, unknown> | null | undefined;
  let write5m = total;
  let write1h = 0;
  if (cacheCreation) {
    const path = "usage.cache_creation";
    const given5m = optionalCount(cacheCreation, "ephemeral_5m_input_tokens", path);
    const given1h = optionalCount(cacheCreation, "ephemeral_1h_input_tokens", path);
    if (!totalGiven || given5m + given1h === total) {
      write5m = given5m;
      write1h = given1h;
    } else {
      write1h = Math.min(given1h, total);
      write5m = total - write1h;
      warnings.push({
        code: "incomplete_cache_breakdown",
        message:
          `usage.cache_creation (${JSON.stringify(cacheCreation)}) does not account for all ` +
          `${total} cache_creation_input_tokens; priced from the total: ${write1h} as 1-hour and ` +
          `${write5m} as 5-minute writes (the default TTL).`,
      });
    }
  }
  const details = record.output_tokens_details;
  const thinking =
    typeof details === "object" && details !== null
      ? optionalCount(
          details as Record<string, unknown>,
          "thinking_tokens",
          "usage.output_tokens_details",
        )
      : undefined;
  const modifiers: UsageModifiers = {};
  const serviceTier = optionalString(record, "service_tier");
  const inferenceGeo = optionalString(record, "inference_geo");
  const speed = optionalString(record, "speed");
  if (serviceTier !== undefined) modifiers.serviceTier = serviceTier;
  if (inferenceGeo !== undefined) modifiers.inferenceGeo = inferenceGeo;
  if (speed !== undefined) modifiers.speed = speed;
  return {
    usage: {
      input: count(record, "input_tokens"),
      output: count(record, "output_tokens"),
      cacheWrite5m: write5m,
      cacheWrite1h: write1h,
      cacheRead: optionalCount(record, "cache_read_input_tokens", "usage"),
      ...(thinking === undefined ? {} : { thinking }),
    },
    modifiers,
    warnings,
  };
}

/**
 * A response's token counts, `readUsage(usage).usage`.
 *
 * @throws {ModelReplyShapeError} as `readUsage`.
 */
export function toModelUsage(usage: Anthropic.Usage): ModelUsage {
  return readUsage(usage).usage;
}

/** Adds token counts field by field into a new object (none gives zero). */
export function sumUsage(...usages: ModelUsage[]): ModelUsage {
  const total: ModelUsage = { ...ZERO_USAGE };
  for (const usage of usages) {
    total.input += usage.input;
    total.output += usage.output;
    total.cacheWrite5m += usage.cacheWrite5m;
    total.cacheWrite1h += usage.cacheWrite1h;
    total.cacheRead += usage.cacheRead;
    if (usage.thinking !== undefined) total.thinking = (total.thinking ?? 0) + usage.thinking;
  }
  return total;
}
