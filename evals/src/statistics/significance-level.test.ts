import { describe, expect, it } from "vitest";
import { compareArms } from "./compare-arms.js";

// The pairwise test's level is 5%: a p between 0.05 and 0.1 is no difference, whatever the rates.
// Counts chosen for their p-values (Fisher's exact test, two-sided), either side of the level.
describe("compareArms at the 5% level", () => {
  it("p of exactly 0.05 (2/2 vs 2/14) is not under the level: no difference", () => {
    const result = compareArms(
      { label: "A", passes: 2, epochs: 2 },
      { label: "B", passes: 2, epochs: 14 },
      "",
    );
    expect({ p: result.p, verdict: result.verdict }).toEqual({ p: 0.05, verdict: "no_difference" });
  });

  it.each([
    // p = 0.0484: just under the level.
    [16, 9, 20, 0.0484, "a_better"],
    // p = 0.0573 and 0.0698: under 0.1, over 0.05.
    [9, 4, 10, 0.0573, "no_difference"],
    [8, 3, 10, 0.0698, "no_difference"],
    // p = 0.0894, B ahead of A by as much: still no difference.
    [5, 10, 12, 0.0894, "no_difference"],
  ] as const)("%i vs %i passes of %i: p = %d, %s", (passesA, passesB, epochs, p, verdict) => {
    const result = compareArms(
      { label: "A", passes: passesA, epochs },
      { label: "B", passes: passesB, epochs },
      "on claude-haiku-5-5",
    );
    expect({ p: result.p, verdict: result.verdict }).toEqual({ p, verdict });
  });
});
