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
    // Every number differs: the first one names who the line is about, so both are true.
    ["another kid", "kid 3 is in grade 6", "kid 1 is in grade 2", false, false],
    ["another team", "team 3 meets on floor 7", "team 1 meets on floor 3", false, false],
    ["the same kid, a new grade", "kid 1 is in grade 3", "kid 1 is in grade 2", true, true],
    [
      "a dose and a count",
      "takes 50mg twice, 3 times a week",
      "takes 50 mg twice, 2 times a week",
      true,
      true,
    ],
  ])("%s", (_name, fact, line, updates, byValue) => {
    expect(updatesLine(fact, line)).toBe(updates);
    expect(valueUpdateOf(fact)?.(line) ?? false).toBe(byValue);
  });

  it("makes no by-value test for a fact without a number", () => {
    expect(valueUpdateOf("has been to Japan")).toBeUndefined();
  });
});
