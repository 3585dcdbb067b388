import { describe, expect, it } from "vitest";
import { updatesLine, valueUpdateOf } from "./value-skeleton.js";

describe("updatesLine and valueUpdateOf", () => {
  it.each<[string, string, string, boolean, boolean]>([
    ["a dose changed", "takes 100 mg of sertraline", "takes 50 mg of sertraline", true, true],
    ["a unit written on", "takes 100mg of sertraline", "takes 50 mg of sertraline", true, true],
    ["another unit", "takes 50 mcg of levothyroxine", "takes 50 mg of levothyroxine", false, false],
    ["the same line", "takes 50 mg of sertraline", "takes 50 mg of sertraline", false, false],
    [
      "a dated line",
      "earns $110,000 a year",
      "[stated 2026/11/20] earns $95,000 a year",
      true,
      true,
    ],
    ["another fact", "has 3 cats", "has 2 kids", false, false],
    ["two facts without a number", "drinks coffee", "lives in Berlin", false, false],
    ["the other polarity", "has been to Japan", "has not been to Japan", true, false],
  ])("%s", (_name, fact, line, updates, byValue) => {
    expect(updatesLine(fact, line)).toBe(updates);
    expect(valueUpdateOf(fact)?.(line) ?? false).toBe(byValue);
  });

  it("makes no by-value test for a fact without a number", () => {
    expect(valueUpdateOf("has been to Japan")).toBeUndefined();
  });
});
