import { describe, expect, it } from "vitest";
import { checkCachedPrefix, estimateTokens, minCacheableTokens } from "./cache-minimum.js";
import { costOf } from "./cost-of.js";
import { UnknownModelError } from "./unknown-model-error.js";
import { type ModelUsage, ZERO_USAGE } from "./usage.js";

const usage = (part: Partial<ModelUsage>): ModelUsage => ({ ...ZERO_USAGE, ...part });

// Prices per MTok from https://platform.claude.com/docs/en/about-claude/pricing and the model
// overviews (read 2026-11-30): Opus 5.5 $4 in / $20 out / $5 5m write / $8 1h write / $0.20 read;
// Sonnet 5.5 $2 / $10 / $2.50 / $4 / $0.20 until 2026-10-06, read $0.10 from 2026-10-07; Haiku 4.5
// $1 / $5 / $1.25 / $2 / $0.10; Haiku 5.5 $0.10 / $0.50 / $0.125 / $0.20 / $0.01 for prompts up to
// 100,000 tokens, 5x over ($0.50 / $2.50 / $0.625 / $1 / $0.05). Each expected figure is worked out
// by hand.
describe("costOf", () => {
  it.each([
    {
      name: "Opus 5.5, uncached call: 20,000 in x $4 + 500 out x $20 (the seed's write pass)",
      model: "claude-opus-5-5",
      usage: usage({ input: 20_000, output: 500 }),
      // 20,000 x 4 / 1e6 = 0.08; 500 x 20 / 1e6 = 0.01
      expected: { usd: 0.09, input: 0.08, output: 0.01, cacheWrite: 0, cacheRead: 0 },
    },
    {
      name: "Opus 5.5, cache read of the seed's 1,750-token recall block",
      model: "claude-opus-5-5",
      usage: usage({ cacheRead: 1_750 }),
      // 1,750 x 0.20 / 1e6 = 0.00035
      expected: { usd: 0.00035, input: 0, output: 0, cacheWrite: 0, cacheRead: 0.00035 },
    },
    {
      name: "Opus 5.5, 5m and 1h cache writes",
      model: "claude-opus-5-5",
      usage: usage({ cacheWrite5m: 2_000, cacheWrite1h: 1_000, input: 40, output: 100 }),
      // 2,000 x 5 + 1,000 x 8 = 18,000 -> 0.018; 40 x 4 = 160 -> 0.00016; 100 x 20 -> 0.002
      expected: { usd: 0.02016, input: 0.00016, output: 0.002, cacheWrite: 0.018, cacheRead: 0 },
    },
    {
      name: "Sonnet 5.5 on 2026-09-30 (before the cache read cut), one call with every kind of token",
      model: "claude-sonnet-5-5",
      date: "2026-09-30T12:00:00.000Z",
      usage: usage({
        input: 1_000,
        output: 1_000,
        cacheWrite5m: 1_000,
        cacheWrite1h: 1_000,
        cacheRead: 1_000,
      }),
      // 1,000 x (2, 10, 2.5 + 4, 0.2) / 1e6 = 0.002, 0.01, 0.0065, 0.0002; total 0.0187
      expected: { usd: 0.0187, input: 0.002, output: 0.01, cacheWrite: 0.0065, cacheRead: 0.0002 },
    },
    {
      name: "Haiku 4.5 (dated id), the seed's write pass: 20,000 in x $1 + 500 out x $5",
      model: "claude-haiku-4-5-20251001",
      usage: usage({ input: 20_000, output: 500 }),
      // 0.02 + 0.0025
      expected: { usd: 0.0225, input: 0.02, output: 0.0025, cacheWrite: 0, cacheRead: 0 },
    },
    {
      name: "Haiku 4.5, cache write 4,096 at 5m and read 10,000",
      model: "claude-haiku-4-5",
      usage: usage({ cacheWrite5m: 4_096, cacheRead: 10_000 }),
      // 4,096 x 1.25 = 5,120 -> 0.00512; 10,000 x 0.1 = 1,000 -> 0.001
      expected: { usd: 0.00612, input: 0, output: 0, cacheWrite: 0.00512, cacheRead: 0.001 },
    },
  ])("$name", ({ model, usage: given, expected, ...rest }) => {
    const date = "date" in rest ? (rest.date as string) : undefined;
    expect(costOf(given, model, undefined, date === undefined ? {} : { date })).toEqual(expected);
  });

  describe("Claude Haiku 5.5 prompt-length tiers (prompt = input + cache reads + cache writes)", () => {
    it.each([
      {
        name: "99,999 input tokens: the base tier",
        usage: usage({ input: 99_999, output: 1_000 }),
        // 99,999 x 0.10 / 1e6 = 0.0099999; 1,000 x 0.50 / 1e6 = 0.0005
        expected: { usd: 0.0104999, input: 0.0099999, output: 0.0005, cacheWrite: 0, cacheRead: 0 },
      },
      {
        name: "100,000 input tokens: still the base tier ('up to 100,000')",
        usage: usage({ input: 100_000, output: 1_000 }),
        // 100,000 x 0.10 / 1e6 = 0.01; + 0.0005
        expected: { usd: 0.0105, input: 0.01, output: 0.0005, cacheWrite: 0, cacheRead: 0 },
      },
      {
        name: "100,001 input tokens: every part, output included, at 5x",
        usage: usage({ input: 100_001, output: 1_000 }),
        // 100,001 x 0.50 / 1e6 = 0.0500005; 1,000 x 2.50 / 1e6 = 0.0025
        expected: { usd: 0.0525005, input: 0.0500005, output: 0.0025, cacheWrite: 0, cacheRead: 0 },
      },
      {
        name: "100,000 with cache reads and writes counted: base tier",
        usage: usage({ input: 1, cacheRead: 59_999, cacheWrite5m: 40_000 }),
        // 1 x 0.10 = 0.1 -> 0.0000001; 59,999 x 0.01 = 599.99 -> 0.00059999; 40,000 x 0.125 = 5,000 -> 0.005
        expected: {
          usd: 0.00560009,
          input: 0.0000001,
          output: 0,
          cacheWrite: 0.005,
          cacheRead: 0.00059999,
        },
      },
      {
        name: "100,001 with cache reads and writes counted: long tier",
        usage: usage({ input: 1, cacheRead: 60_000, cacheWrite5m: 40_000 }),
        // 1 x 0.50 -> 0.0000005; 60,000 x 0.05 = 3,000 -> 0.003; 40,000 x 0.625 = 25,000 -> 0.025
        expected: {
          usd: 0.0280005,
          input: 0.0000005,
          output: 0,
          cacheWrite: 0.025,
          cacheRead: 0.003,
        },
      },
    ])("$name", ({ usage: given, expected }) => {
      expect(costOf(given, "claude-haiku-5-5")).toEqual(expected);
    });
  });

  describe("dated prices: a usage is priced by the row in force on its date", () => {
    it.each([
      // 1,000,000 cache read tokens x $0.20 or $0.10 per MTok
      { date: "2026-09-28T00:00:00.000Z", cacheRead: 0.2 },
      { date: "2026-10-06T23:59:59.999Z", cacheRead: 0.2 },
      { date: "2026-10-07T00:00:00.000Z", cacheRead: 0.1 },
      { date: "2026-11-30T12:00:00.000Z", cacheRead: 0.1 },
    ])("Sonnet 5.5 cache read on $date: $$cacheRead", ({ date, cacheRead }) => {
      expect(
        costOf(usage({ cacheRead: 1_000_000 }), "claude-sonnet-5-5", undefined, { date }),
      ).toEqual({
        usd: cacheRead,
        input: 0,
        output: 0,
        cacheWrite: 0,
        cacheRead,
      });
    });

    it("uses the latest row when no date is given", () => {
      expect(costOf(usage({ cacheRead: 1_000_000 }), "claude-sonnet-5-5").cacheRead).toEqual(0.1);
    });
  });

  describe("modifiers reported in usage", () => {
    it.each([
      {
        // The caching multipliers "stack with other pricing modifiers, including the Batch API
        // discount" (the pricing page): the cache read is halved too.
        name: "batch: every part at 50%, the cache read too",
        modifiers: { serviceTier: "batch" },
        // 0.08 x 0.5 = 0.04; 0.01 x 0.5 = 0.005; 1,750 x 0.20 x 0.5 / 1e6 = 0.000175
        expected: { usd: 0.045175, input: 0.04, output: 0.005, cacheWrite: 0, cacheRead: 0.000175 },
      },
      {
        name: "inference_geo us: every part at 1.1x",
        modifiers: { inferenceGeo: "us" },
        // 0.08 x 1.1 = 0.088; 0.01 x 1.1 = 0.011; 0.00035 x 1.1 = 0.000385
        expected: {
          usd: 0.099385,
          input: 0.088,
          output: 0.011,
          cacheWrite: 0,
          cacheRead: 0.000385,
        },
      },
      {
        name: "fast mode on Opus 5.5: every part at 2x ($8 / $40)",
        modifiers: { speed: "fast" },
        // 0.16; 0.02; 0.0007
        expected: { usd: 0.1807, input: 0.16, output: 0.02, cacheWrite: 0, cacheRead: 0.0007 },
      },
      {
        name: "standard tier, no geo: list price",
        modifiers: { serviceTier: "standard", speed: "standard" },
        expected: { usd: 0.09035, input: 0.08, output: 0.01, cacheWrite: 0, cacheRead: 0.00035 },
      },
    ])("$name", ({ modifiers, expected }) => {
      const given = usage({ input: 20_000, output: 500, cacheRead: 1_750 });
      expect(costOf(given, "claude-opus-5-5", undefined, { modifiers })).toEqual(expected);
    });
  });

  it.each([
    // 1,000 x 8 / 1e6 = 0.008; 1,000 x 40 / 1e6 = 0.04
    { model: "claude-fable-5-2", expected: 0.048 },
    // 0.01 + 0.05
    { model: "claude-fable-5-1", expected: 0.06 },
    // 0.005 + 0.025
    { model: "claude-opus-5", expected: 0.03 },
    // 0.002 + 0.01
    { model: "claude-sonnet-5", expected: 0.012 },
  ])("prices $model: 1,000 in + 1,000 out = $$expected", ({ model, expected }) => {
    expect(costOf(usage({ input: 1_000, output: 1_000 }), model).usd).toEqual(expected);
  });

  it.each([
    // Opus 5.5: 1M 5-minute cache write tokens at $5, 1M 1-hour at $8, 1M cache reads at $0.20;
    // the pricing page's caching multipliers stack with the Batch API discount: all halved.
    {
      tier: "standard",
      expected: { usd: 13.2, input: 0, output: 0, cacheWrite: 13, cacheRead: 0.2 },
    },
    { tier: "batch", expected: { usd: 6.6, input: 0, output: 0, cacheWrite: 6.5, cacheRead: 0.1 } },
  ])("halves cache writes and reads in a batch ($tier)", ({ tier, expected }) => {
    const cached = usage({
      cacheWrite5m: 1_000_000,
      cacheWrite1h: 1_000_000,
      cacheRead: 1_000_000,
    });
    const modifiers = tier === "batch" ? { serviceTier: "batch" as const } : {};
    expect(costOf(cached, "claude-opus-5-5", undefined, { modifiers })).toEqual(expected);
  });

  it("uses caller prices over the table and for new models", () => {
    const prices = {
      "claude-haiku-4-5": { input: 2, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
      "my-model": { input: 0, output: 1, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    };
    expect(costOf(usage({ input: 1_000_000 }), "claude-haiku-4-5", prices).usd).toEqual(2);
    expect(costOf(usage({ output: 3_000_000 }), "my-model", prices).usd).toEqual(3);
  });

  it("names the known models and how to pass prices for an unknown one", () => {
    const call = () => costOf(ZERO_USAGE, "claude-unknown-9");
    expect(call).toThrow(UnknownModelError);
    expect(call).toThrow(
      /No price for model "claude-unknown-9"\. Known models: claude-fable-5-2, claude-fable-5-1, claude-opus-5-5, claude-sonnet-5-5, claude-haiku-5-5, claude-opus-5, claude-sonnet-5, claude-haiku-4-5 .*costOf\(usage, "claude-unknown-9", \{ "claude-unknown-9": \{ input, output, cacheWrite5m, cacheWrite1h, cacheRead \} \}\)/,
    );
  });
});

describe("cache minimum", () => {
  it.each([
    { model: "claude-haiku-4-5", text: "", tokens: 0 },
    { model: "claude-haiku-4-5", text: "abcd", tokens: 1 },
    { model: "claude-haiku-4-5", text: "abcde", tokens: 2 },
    { model: "claude-haiku-4-5", text: "x".repeat(7_000), tokens: 1_750 },
    // the newer tokenizer: ceil(chars x 13 / 40), 30% more
    { model: "claude-haiku-5-5", text: "abcd", tokens: 2 },
    { model: "claude-haiku-5-5", text: "x".repeat(40), tokens: 13 },
    { model: "claude-opus-5-5", text: "x".repeat(7_000), tokens: 2_275 },
    { model: "claude-next-model", text: "x".repeat(400), tokens: 130 },
  ])("estimates $tokens tokens for $text.length chars on $model", ({ model, text, tokens }) => {
    expect(estimateTokens(text, model)).toEqual(tokens);
  });

  it("accepts dated model ids and overrides", () => {
    expect(minCacheableTokens("claude-haiku-4-5-20251001")).toEqual(4096);
    expect(minCacheableTokens("claude-haiku-5-5")).toEqual(512);
    expect(minCacheableTokens("claude-sonnet-5-5")).toEqual(512);
    expect(minCacheableTokens("claude-opus-5-5", { "claude-opus-5-5": 2048 })).toEqual(2048);
    expect(() => minCacheableTokens("gpt-x")).toThrow(UnknownModelError);
  });

  it.each([
    { tokens: 1_750, warns: true },
    { tokens: 4_095, warns: true },
    { tokens: 4_096, warns: false },
  ])("Haiku prefix of $tokens tokens warns: $warns", ({ tokens, warns }) => {
    const warning = checkCachedPrefix({
      model: "claude-haiku-4-5",
      tokens,
      breakpoint: "memory_block",
    });
    expect(warning === undefined ? undefined : { ...warning, message: "" }).toEqual(
      warns
        ? {
            code: "prefix_below_cache_minimum",
            breakpoint: "memory_block",
            model: "claude-haiku-4-5",
            tokens,
            minimum: 4096,
            message: "",
          }
        : undefined,
    );
  });
});
