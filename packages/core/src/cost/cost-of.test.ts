import { describe, expect, it } from "vitest";
import { checkCachedPrefix, estimateTokens, minCacheableTokens } from "./cache-minimum.js";
import { costOf } from "./cost-of.js";
import { UnknownModelError } from "./unknown-model-error.js";
import { type ModelUsage, ZERO_USAGE } from "./usage.js";

const usage = (part: Partial<ModelUsage>): ModelUsage => ({ ...ZERO_USAGE, ...part });

// Prices per MTok from https://platform.claude.com/docs/en/about-claude/pricing (read 2026-11-29):
// Opus 5.5 $4 in / $20 out / $5 5m write / $8 1h write / $0.20 read; Sonnet 5.5 $2 / $10 / $2.50 /
// $4 / $0.20; Haiku 4.5 $1 / $5 / $1.25 / $2 / $0.10. Each expected figure is worked out by hand.
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
      name: "Sonnet 5.5, one call with every kind of token",
      model: "claude-sonnet-5-5",
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
  ])("$name", ({ model, usage: given, expected }) => {
    expect(costOf(given, model)).toEqual(expected);
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
      /No price for model "claude-unknown-9"\. Known models: claude-opus-5-5, claude-sonnet-5-5, claude-haiku-4-5 .*costOf\(usage, "claude-unknown-9", \{ "claude-unknown-9": \{ input, output, cacheWrite5m, cacheWrite1h, cacheRead \} \}\)/,
    );
  });
});

describe("cache minimum", () => {
  it.each([
    { text: "", tokens: 0 },
    { text: "abcd", tokens: 1 },
    { text: "abcde", tokens: 2 },
    { text: "x".repeat(7_000), tokens: 1_750 },
  ])("estimates $tokens tokens for $text.length chars", ({ text, tokens }) => {
    expect(estimateTokens(text)).toEqual(tokens);
  });

  it("accepts dated model ids and overrides", () => {
    expect(minCacheableTokens("claude-haiku-4-5-20251001")).toEqual(4096);
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
