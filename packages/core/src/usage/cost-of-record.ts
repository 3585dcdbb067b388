import { type CostResult, costOf } from "../cost/cost-of.js";
import type { PriceTable } from "../cost/prices.js";
import type { UsageRecord } from "./types.js";

/**
 * Prices one usage-log record as it was billed: `costOf` with the record's date (the price row in
 * force then) and its modifiers (a batch reply is half price,
 * https://platform.claude.com/docs/en/about-claude/pricing "Batch processing").
 *
 * @throws {UnknownModelError} when no table has the record's model.
 * @example costOfRecord({ stage: "write", model: "claude-sonnet-5-5", usage, date: "2026-12-01T10:00:00Z" }).usd
 */
export function costOfRecord(record: UsageRecord, prices?: PriceTable): CostResult {
  return costOf(record.usage, record.model, prices, {
    date: record.date,
    ...(record.modifiers === undefined ? {} : { modifiers: record.modifiers }),
  });
}
