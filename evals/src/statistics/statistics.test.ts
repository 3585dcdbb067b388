import { describe, expect, it } from "vitest";
import { compareArms, fisherExact, pairedBootstrap, wilsonInterval } from "./index.js";

describe("wilsonInterval", () => {
  // Expected values from the Wilson formula at z = 1.96 (as statsmodels proportion_confint
  // method="wilson" gives them).
  it.each([
    { passes: 4, epochs: 5, expected: [0.3755, 0.9638] },
    { passes: 5, epochs: 5, expected: [0.5655, 1] },
    { passes: 0, epochs: 5, expected: [0, 0.4345] },
    { passes: 1, epochs: 1, expected: [0.2065, 1] },
    { passes: 37, epochs: 40, expected: [0.8014, 0.9742] },
    { passes: 0, epochs: 0, expected: [0, 1] },
  ])("$passes/$epochs -> $expected", ({ passes, epochs, expected }) => {
    expect(wilsonInterval(passes, epochs)).toEqual(expected);
  });

  it("refuses more passes than epochs", () => {
    expect(() => wilsonInterval(6, 5)).toThrow(RangeError);
  });
});

describe("fisherExact", () => {
  // Two-sided p-values as R's fisher.test and scipy.stats.fisher_exact give them.
  it.each([
    { a: [37, 40], b: [29, 40], expected: 0.0367 },
    { a: [4, 5], b: [5, 5], expected: 1 },
    { a: [10, 10], b: [0, 10], expected: 0 },
    { a: [8, 10], b: [2, 10], expected: 0.023 },
    { a: [3, 3], b: [3, 3], expected: 1 },
  ])("$a vs $b -> $expected", ({ a, b, expected }) => {
    const p = fisherExact(
      { passes: a[0] as number, epochs: a[1] as number },
      { passes: b[0] as number, epochs: b[1] as number },
    );
    expect(Math.round(p * 10_000) / 10_000).toBeCloseTo(expected, 3);
  });
});

describe("compareArms", () => {
  it("names the better arm when p < 0.05", () => {
    expect(
      compareArms(
        { label: "extraction@2", passes: 29, epochs: 40 },
        { label: "extraction@3", passes: 37, epochs: 40 },
        "on claude-haiku-5-5",
      ).sentence,
    ).toBe(
      "extraction@3 is better than extraction@2 on claude-haiku-5-5: 37/40 vs 29/40, p = 0.037 (Fisher's exact test)",
    );
  });

  it("says no detectable difference otherwise", () => {
    expect(
      compareArms(
        { label: "claude-haiku-5-5", passes: 4, epochs: 5 },
        { label: "claude-opus-5-5", passes: 5, epochs: 5 },
        "with extraction@1",
      ),
    ).toEqual({
      a: { label: "claude-haiku-5-5", passes: 4, epochs: 5, interval: [0.3755, 0.9638] },
      b: { label: "claude-opus-5-5", passes: 5, epochs: 5, interval: [0.5655, 1] },
      test: "fisher_exact",
      p: 1,
      verdict: "no_difference",
      sentence:
        "claude-haiku-5-5 vs claude-opus-5-5 with extraction@1: no detectable difference, 4/5 vs 5/5, p = 1.00 (Fisher's exact test)",
    });
  });
});

describe("pairedBootstrap", () => {
  // 100 items: arm a finds 60, b finds 50; a is ahead on 30 items, behind on 20.
  const a = Array.from({ length: 100 }, (_value, index) => (index < 60 ? 1 : 0));
  const b = Array.from({ length: 100 }, (_value, index) => (index < 30 || index >= 80 ? 1 : 0));

  it("gives the mean difference and an interval around it, the same in every run", () => {
    const result = pairedBootstrap(a, b);
    expect(result.difference).toBeCloseTo(0.1, 10);
    expect(result.pairs).toBe(100);
    expect(result.low).toBeLessThan(0.1);
    expect(result.high).toBeGreaterThan(0.1);
    // The normal approximation of the same interval: 0.1 +- 1.96 * sd(d) / sqrt(n) = [-0.037, 0.237].
    expect(result.low).toBeGreaterThan(-0.07);
    expect(result.low).toBeLessThan(0);
    expect(result.high).toBeGreaterThan(0.2);
    expect(result.high).toBeLessThan(0.27);
    expect(pairedBootstrap(a, b)).toEqual(result);
  });

  it("pairs by item: a constant difference has no spread, the same values unpaired do", () => {
    const paired = pairedBootstrap(
      a,
      a.map((value) => value - 0.1),
    );
    expect(paired.high - paired.low).toBeCloseTo(0, 10);
    const unpaired = pairedBootstrap(
      a,
      [...a].reverse().map((value) => value - 0.1),
    );
    expect(unpaired.high - unpaired.low).toBeGreaterThan(0.1);
  });

  it("is all zeros for no items and refuses arms of different lengths", () => {
    expect(pairedBootstrap([], [])).toEqual({ difference: 0, low: 0, high: 0, pairs: 0 });
    expect(() => pairedBootstrap([1], [1, 0])).toThrow(RangeError);
  });
});
