import { MODELS } from "../models/index.js";

/** Prices of one model, each in USD per million tokens (MTok). */
export type ModelPrice = {
  /** Uncached input tokens. */
  input: number;
  /** Output tokens (thinking included). */
  output: number;
  /** Tokens written to the 5-minute cache. */
  cacheWrite5m: number;
  /** Tokens written to the 1-hour cache. */
  cacheWrite1h: number;
  /** Tokens read from the cache (cache hits). */
  cacheRead: number;
};

/** Model id (without a dated suffix) -> its prices in USD per MTok. */
export type PriceTable = Record<string, ModelPrice>;

/** Where the default prices come from, and when they were read. */
export const PRICES_SOURCE = {
  url: "https://platform.claude.com/docs/en/about-claude/pricing",
  read: "2026-11-29",
} as const;

/**
 * Default list prices in USD per million tokens for the current Opus, Sonnet and Haiku models,
 * from the Claude pricing page (`PRICES_SOURCE`, read 2026-11-29; Sonnet 5.5 and Opus 5.5 cache
 * prices cross-checked on their model overview pages the same day). Override or extend it with the
 * `prices` argument of `costOf`; batch and regional (`inference_geo`) multipliers are not applied.
 *
 * @example PRICES["claude-haiku-4-5"].cacheRead // 0.1 (USD per MTok)
 */
export const PRICES: Readonly<PriceTable> = Object.freeze({
  [MODELS.opus]: { input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8, cacheRead: 0.2 },
  [MODELS.sonnet]: { input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.2 },
  [MODELS.haiku]: { input: 1, output: 5, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1 },
});
