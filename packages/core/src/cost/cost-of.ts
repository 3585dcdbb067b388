import { modelEntry, resolveModelKey } from "./model-id.js";
import {
  type ModelPrice,
  PRICE_MODIFIERS,
  PRICE_ROWS,
  type PriceRow,
  type PriceTable,
} from "./prices.js";
import { roundUsd } from "./round-usd.js";
import type { ModelUsage, UsageModifiers } from "./usage.js";

/** Result of `costOf`: the cost of a usage in USD, in total and per part. */
export type CostResult = {
  /** Total in USD (the sum of the four parts). */
  usd: number;
  /** Uncached input, USD. */
  input: number;
  /** Output (thinking included), USD. */
  output: number;
  /** Cache writes, 5-minute and 1-hour together, USD. */
  cacheWrite: number;
  /** Cache reads, USD. */
  cacheRead: number;
};

/** Options of `costOf` beyond the price table. */
export type CostOptions = {
  /** When the call was made (ISO 8601); picks the price row in force that day. Default: the latest row. */
  date?: string;
  /** Modifiers the response's `usage` reported (`readUsage(...).modifiers`). */
  modifiers?: UsageModifiers;
};

const MILLION = 1_000_000;

/** `PRICE_ROWS` by model id, each model's rows in date order. */
const ROWS_BY_MODEL: Readonly<Record<string, PriceRow[]>> = Object.freeze(
  PRICE_ROWS.reduce<Record<string, PriceRow[]>>((table, row) => {
    table[row.model] = [...(table[row.model] ?? []), row];
    return table;
  }, {}),
);

/** The row in force on `date` (the latest row from on or before it; the first row before any). */
function rowOn(rows: PriceRow[], date: string | undefined): PriceRow | undefined {
  if (rows.length === 0) return undefined;
  if (date === undefined) return rows[rows.length - 1];
  const day = date.slice(0, 10);
  let found = rows[0];
  for (const row of rows) if (row.from <= day) found = row;
  return found;
}

/** A request's prompt in tokens as the price tiers count it: input + cache reads + cache writes. */
export function promptTokens(usage: ModelUsage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite5m + usage.cacheWrite1h;
}

/**
 * Prices ONE request's usage: tokens x USD per million tokens, per part. The price is the row of
 * `PRICE_ROWS` in force on `options.date` (the Claude pricing page and model overviews, read
 * 2026-11-30), at the prompt-length tier the request falls in (Claude Haiku 5.5: over 100,000
 * prompt tokens every part costs 5x), with the modifiers the response reported: batch (`service_tier:
 * "batch"`, input and output at 50%), US-only inference (`inference_geo: "us"`, 1.1x) and fast mode
 * (`speed: "fast"`, the row's multiplier). A caller's `prices` entry replaces the table for that
 * model (flat: no dates, no tiers). Price each request on its own: a sum of requests can cross a
 * tier that none of them did.
 *
 * @param usage - One request's token counts (`ModelUsage`, tokens).
 * @param model - Model id; a dated suffix (`claude-haiku-4-5-20251001`) is accepted.
 * @param prices - Optional entries (USD per MTok) that add models or replace default ones.
 * @param options - `{ date?, modifiers? }`: the call's ISO date and the usage's modifiers.
 * @returns `{ usd, input, output, cacheWrite, cacheRead }` in USD, rounded to 1e-9 USD.
 * @throws {UnknownModelError} when neither table has the model.
 * @example
 * costOf({ input: 1000, output: 500, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 }, "claude-haiku-4-5")
 * // { usd: 0.0035, input: 0.001, output: 0.0025, cacheWrite: 0, cacheRead: 0 }
 */
export function costOf(
  usage: ModelUsage,
  model: string,
  prices?: PriceTable,
  options: CostOptions = {},
): CostResult {
  const override = prices === undefined ? undefined : resolveModelKey(model, Object.keys(prices));
  let price: ModelPrice;
  let fastMode = 1;
  if (override !== undefined && prices?.[override] !== undefined) {
    price = prices[override];
  } else {
    const rows = modelEntry(
      ROWS_BY_MODEL,
      model,
      "price",
      `Pass its prices in USD per million tokens: costOf(usage, "${model}", { "${model}": ` +
        "{ input, output, cacheWrite5m, cacheWrite1h, cacheRead } }).",
    );
    const row = rowOn(rows, options.date) as PriceRow;
    price =
      row.longPrompt !== undefined && promptTokens(usage) > row.longPrompt.above
        ? row.longPrompt.price
        : row.price;
    fastMode = row.fastMode ?? 1;
  }
  const { modifiers = {} } = options;
  const all =
    (modifiers.inferenceGeo === "us" ? PRICE_MODIFIERS.usOnlyInference : 1) *
    (modifiers.speed === "fast" ? fastMode : 1);
  // The batch discount halves every part, cache writes and reads too: the caching multipliers
  // "stack with other pricing modifiers, including the Batch API discount" (PRICE_MODIFIERS).
  const batch = modifiers.serviceTier === "batch" ? PRICE_MODIFIERS.batch : 1;
  const input = roundUsd((usage.input * price.input * all * batch) / MILLION);
  const output = roundUsd((usage.output * price.output * all * batch) / MILLION);
  const cacheWrite = roundUsd(
    ((usage.cacheWrite5m * price.cacheWrite5m + usage.cacheWrite1h * price.cacheWrite1h) *
      all *
      batch) /
      MILLION,
  );
  const cacheRead = roundUsd((usage.cacheRead * price.cacheRead * all * batch) / MILLION);
  return {
    usd: roundUsd(input + output + cacheWrite + cacheRead),
    input,
    output,
    cacheWrite,
    cacheRead,
  };
}
