import { modelEntry } from "./model-id.js";
import { PRICES, type PriceTable } from "./prices.js";
import { roundUsd } from "./round-usd.js";
import type { ModelUsage } from "./usage.js";

/** Result of `costOf`: the cost of a usage in USD, in total and per part. */
export type CostResult = {
  /** Total in USD (the sum of the four parts). */
  usd: number;
  /** Uncached input, USD. */
  input: number;
  /** Output, USD. */
  output: number;
  /** Cache writes, 5-minute and 1-hour together, USD. */
  cacheWrite: number;
  /** Cache reads, USD. */
  cacheRead: number;
};

const MILLION = 1_000_000;

/**
 * Prices a usage: tokens x USD per million tokens, per part, from the default table (`PRICES`, the
 * Claude pricing page read 2026-11-29) merged with the caller's `prices`.
 *
 * @param usage - Token counts (`ModelUsage`, tokens).
 * @param model - Model id; a dated suffix (`claude-haiku-4-5-20251001`) is accepted.
 * @param prices - Optional entries (USD per MTok) that add models or replace default ones.
 * @returns `{ usd, input, output, cacheWrite, cacheRead }` in USD, rounded to 1e-9 USD.
 * @throws {UnknownModelError} when neither table has the model.
 * @example
 * costOf({ input: 1000, output: 500, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 }, "claude-haiku-4-5")
 * // { usd: 0.0035, input: 0.001, output: 0.0025, cacheWrite: 0, cacheRead: 0 }
 */
export function costOf(usage: ModelUsage, model: string, prices?: PriceTable): CostResult {
  const table: PriceTable = { ...PRICES, ...prices };
  const price = modelEntry(
    table,
    model,
    "price",
    `Pass its prices in USD per million tokens: costOf(usage, "${model}", { "${model}": ` +
      "{ input, output, cacheWrite5m, cacheWrite1h, cacheRead } }).",
  );
  const input = roundUsd((usage.input * price.input) / MILLION);
  const output = roundUsd((usage.output * price.output) / MILLION);
  const cacheWrite = roundUsd(
    (usage.cacheWrite5m * price.cacheWrite5m + usage.cacheWrite1h * price.cacheWrite1h) / MILLION,
  );
  const cacheRead = roundUsd((usage.cacheRead * price.cacheRead) / MILLION);
  return {
    usd: roundUsd(input + output + cacheWrite + cacheRead),
    input,
    output,
    cacheWrite,
    cacheRead,
  };
}
