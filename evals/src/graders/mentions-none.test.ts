import { describe, expect, it } from "vitest";
import { mentionsNone } from "./mentions-none.js";
import type { GradeResult } from "./types.js";

const cases: { name: string; grade: () => GradeResult; expected: GradeResult }[] = [
  {
    name: "mentions_none passes a clean answer",
    grade: () => mentionsNone("Try a mushroom risotto with lemon.", ["chicken", "vegetarian"]),
    expected: {
      name: 'mentions_none("chicken", "vegetarian")',
      pass: true,
      score: 1,
      reason: "none of 2",
    },
  },
  {
    name: "mentions_none fails a plural and a different case",
    grade: () =>
      mentionsNone("Roast chickens, or a VEGETARIAN lasagne.", ["chicken", "vegetarian", "beef"]),
    expected: {
      name: 'mentions_none("chicken", "vegetarian", "beef")',
      pass: false,
      score: 1 - 2 / 3,
      reason: 'mentioned: "chicken", "vegetarian"',
    },
  },
  {
    name: "mentions_none does not match inside a word (ham in graham)",
    grade: () => mentionsNone("Graham crackers for dessert.", ["ham"]),
    expected: { name: 'mentions_none("ham")', pass: true, score: 1, reason: "none of 1" },
  },
];

describe("mentionsNone", () => {
  it.each(cases)("$name", ({ grade, expected }) => {
    expect(grade()).toEqual(expected);
  });
});
