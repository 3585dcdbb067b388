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

/**
 * One model's prices from a date on. A usage is priced by the row in force on its date (the latest
 * row whose `from` is on or before it), so a log from September keeps September's prices.
 */
export type PriceRow = {
  model: string;
  /** First UTC day the price is in force, ISO `YYYY-MM-DD`. */
  from: string;
  price: ModelPrice;
  /**
   * Prompt-length tier: a request whose prompt (input + cache reads + cache writes) is over `above`
   * tokens pays `price` for every token of that request, output included.
   */
  longPrompt?: { above: number; price: ModelPrice };
  /** Multiplier on every part when the response's `usage.speed` is `"fast"`. */
  fastMode?: number;
  /** The page the row was read from. */
  source: string;
};

/** Where the default prices come from, and when they were read. */
export const PRICES_SOURCE = {
  url: "https://platform.claude.com/docs/en/about-claude/pricing",
  read: "2026-11-30",
} as const;

/**
 * Modifiers the response's `usage` reports, with their multipliers. Batch: "The Batch API allows
 * asynchronous processing of large volumes of requests with a 50% discount on both input and
 * output tokens", and the prompt-caching multipliers "stack with other pricing modifiers,
 * including the Batch API discount, long context pricing, and data residency"
 * (https://platform.claude.com/docs/en/about-claude/pricing, sections "Batch processing" and
 * "Prompt caching"; the prompt-caching page says the same): a batch halves cache writes and cache
 * reads as well. Modifiers multiply. US-only inference: the response's
 * `usage.inference_geo` says where inference ran
 * (https://platform.claude.com/docs/en/manage-claude/data-residency); "US: ... A 1.1x pricing
 * multiplier applies" (Claude Platform on AWS user guide, data residency; apidog.com's Sonnet 5.5
 * pricing article says the same of the Claude API, on every token category).
 */
export const PRICE_MODIFIERS = {
  /** `usage.service_tier === "batch"`: every part at half price, cache writes and reads included. */
  batch: 0.5,
  /** `usage.inference_geo === "us"`: every part at 1.1x. */
  usOnlyInference: 1.1,
} as const;

const DOCS = "https://platform.claude.com/docs/en";

const perMTok = (
  input: number,
  output: number,
  cacheWrite5m: number,
  cacheWrite1h: number,
  cacheRead: number,
): ModelPrice => ({ input, output, cacheWrite5m, cacheWrite1h, cacheRead });

/**
 * Dated list prices in USD per MTok, from the model overview pages and the pricing page
 * (`PRICES_SOURCE`, read 2026-11-30). Rows for one model are in date order.
 *
 * - Claude Haiku 5.5: two tiers by prompt length (overview: "$0.10 / MTok for prompts up to
 *   100,000 tokens, $0.50 / MTok for prompts over 100,000 tokens", and so on for every part: 5x).
 *   That the prompt counts input + cache reads + cache writes and that output is billed at the tier
 *   too is how claudit v1.9.2 and PromptFuel v1.0.23 read the pricing page; the stored overview
 *   says only "for prompts over 100,000 tokens" for each part, output included.
 * - Claude Sonnet 5.5: cache read $0.20 until 2026-10-06, $0.10 from 2026-10-07. The only stored
 *   copy of the Sonnet 5.5 overview still shows $0.20 (an older copy); the cut is attested by
 *   claudit v1.9.2 and PromptFuel v1.0.23, both re-read against the pricing page.
 * - Fast mode (`usage.speed: "fast"`; https://platform.claude.com/docs/en/build-with-claude/fast-mode:
 *   available on Fable 5.2 and Opus 5.5, research preview on Opus 5, "premium pricing"): Opus 5.5
 *   $8 / $40, 2x (apidog.com's Sonnet 5.5 pricing comparison); Opus 5 2x (OpenRouter, ccsidekick
 *   1.6.4). Fable 5.2's fast-mode price was not found: its row has no multiplier, so a fast Fable
 *   5.2 call is priced at the standard rate (under-priced) until one is added.
 * - Claude Fable 5.2: $8 / $40, cache $10 / $16 / $0.20, from rightsize v0.10.2 and laozhang.ai
 *   (no stored Claude page has its prices).
 *
 * @example PRICE_ROWS.filter((row) => row.model === "claude-sonnet-5-5").map((row) => row.from)
 * // ["2026-09-28", "2026-10-07"]
 */
export const PRICE_ROWS: readonly PriceRow[] = Object.freeze([
  {
    model: "claude-fable-5-2",
    from: "2026-11-09",
    price: perMTok(8, 40, 10, 16, 0.2),
    source: `${DOCS}/models/fable-5-2/migration-guide`,
  },
  {
    model: "claude-fable-5-1",
    from: "2026-09-01",
    price: perMTok(10, 50, 12.5, 20, 0.25),
    source: `${DOCS}/models/fable-5-1/overview`,
  },
  {
    model: "claude-opus-5-5",
    from: "2026-09-22",
    price: perMTok(4, 20, 5, 8, 0.2),
    fastMode: 2,
    source: `${DOCS}/models/opus-5-5/overview`,
  },
  {
    model: "claude-sonnet-5-5",
    from: "2026-09-28",
    price: perMTok(2, 10, 2.5, 4, 0.2),
    source: `${DOCS}/models/sonnet-5-5/overview`,
  },
  {
    model: "claude-sonnet-5-5",
    from: "2026-10-07",
    price: perMTok(2, 10, 2.5, 4, 0.1),
    source: PRICES_SOURCE.url,
  },
  {
    model: "claude-haiku-5-5",
    from: "2026-10-07",
    price: perMTok(0.1, 0.5, 0.125, 0.2, 0.01),
    longPrompt: { above: 100_000, price: perMTok(0.5, 2.5, 0.625, 1, 0.05) },
    source: `${DOCS}/models/haiku-5-5/overview`,
  },
  {
    model: "claude-opus-5",
    from: "2026-07-24",
    price: perMTok(5, 25, 6.25, 10, 0.5),
    fastMode: 2,
    source: `${DOCS}/models/opus-5/overview`,
  },
  {
    model: "claude-sonnet-5",
    from: "2026-06-30",
    price: perMTok(2, 10, 2.5, 4, 0.2),
    source: `${DOCS}/models/sonnet-5/overview`,
  },
  {
    model: "claude-haiku-4-5",
    from: "2025-10-01",
    price: perMTok(1, 5, 1.25, 2, 0.1),
    source: PRICES_SOURCE.url,
  },
]);

/**
 * The latest base price of every model in `PRICE_ROWS` (no tiers, no dates): the view the README
 * table shows. Override or extend prices with the `prices` argument of `costOf`.
 *
 * @example PRICES["claude-haiku-5-5"].cacheRead // 0.01 (USD per MTok)
 */
export const PRICES: Readonly<PriceTable> = Object.freeze(
  Object.fromEntries(PRICE_ROWS.map((row) => [row.model, row.price])),
);
