import { describe, expect, it } from "vitest";
import { noUnrelatedMemory } from "./no-unrelated-memory.js";
import type { GradeResult } from "./types.js";

const cases: { name: string; grade: () => GradeResult; expected: GradeResult }[] = [
  {
    name: "no_unrelated_memory fails food in a packaging answer",
    grade: () =>
      noUnrelatedMemory("Use `uv build`. (Plenty of time left for a vegetarian lunch!)", [
        "vegetarian",
        "dinner",
      ]),
    expected: {
      name: 'no_unrelated_memory("vegetarian", "dinner")',
      pass: false,
      score: 0.5,
      reason: 'an unrelated memory leaked in: "vegetarian"',
    },
  },
  {
    name: "no_unrelated_memory passes a plain packaging answer",
    grade: () => noUnrelatedMemory("Use `uv build` and `uv publish`.", ["vegetarian", "dinner"]),
    expected: {
      name: 'no_unrelated_memory("vegetarian", "dinner")',
      pass: true,
      score: 1,
      reason: "none of 2",
    },
  },
];

describe("noUnrelatedMemory", () => {
  it.each(cases)("$name", ({ grade, expected }) => {
    expect(grade()).toEqual(expected);
  });
});
