import { describe, expect, it } from "vitest";
import { namedRelations, sameRelations } from "./relation-words.js";
import { restatesFact, reversesFact } from "./restates-fact.js";

// Another person's fact is neither restated nor reversed by the user's or a third person's
// (decision 0118); the relation words are one list, which the first-person guard reads too.
describe("relation words", () => {
  it.each([
    ["Anna's sister lives in Madrid", ["sister"]],
    ["la hermana de Anna vive en Madrid", ["hermana"]],
    ["Annas Schwester wohnt in Madrid", ["schwester"]],
    ["la sœur d'Anna habite à Madrid", ["sœur"]],
    ["die Schwester von Anna wohnt in Madrid", ["schwester"]],
    ["Anna's Sister lives in Madrid", ["sister"]],
    ["my sister lives in Madrid", []],
    ["Anna's sisterhood matters", []],
    ["Anna lives in Mannheim", []],
  ])("%j names %j", (text, words) => {
    expect([...namedRelations(text)]).toEqual(words);
  });

  it.each([
    ["Anna lives in Madrid", "Anna's sister lives in Madrid", false],
    ["Anna's sister lives in Madrid", "Anna's Sister lives in Madrid", true],
    ["Anna's brother lives in Madrid", "Anna's sister lives in Madrid", false],
  ])("sameRelations(%j, %j) is %s", (one, other, same) => {
    expect(sameRelations(one, other)).toBe(same);
  });

  it.each([
    ["a restatement", restatesFact, "Anna lives in Madrid", "Anna's sister lives in Madrid"],
    ["a reversal", reversesFact, "Anna doesn't live in Madrid", "Anna's sister lives in Madrid"],
  ])("another person's line is not %s", (_, compare, fact, line) => {
    expect(compare(fact, line)).toBe(false);
  });

  it.each([
    [
      "a restatement",
      restatesFact,
      "Anna's sister lives in Madrid",
      "Anna's sister lives in Madrid, Spain",
    ],
    [
      "a reversal",
      reversesFact,
      "Anna's sister doesn't live in Madrid",
      "Anna's sister lives in Madrid",
    ],
  ])("the same person's line is still %s", (_, compare, fact, line) => {
    expect(compare(fact, line)).toBe(true);
  });
});
