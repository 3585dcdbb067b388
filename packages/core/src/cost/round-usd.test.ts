import { describe, expect, it } from "vitest";
import { roundUsd } from "./round-usd.js";

describe("roundUsd", () => {
  it.each([
    ["float noise of a sum", 0.1 + 0.2, 0.3],
    ["below a billionth", 0.0000000004, 0],
    ["half a billionth rounds up", 0.0000000015, 0.000000002],
    ["whole dollars", 12, 12],
  ])("%s", (_name, usd, expected) => {
    expect(roundUsd(usd)).toBe(expected);
  });
});
