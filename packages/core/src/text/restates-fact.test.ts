import { describe, expect, it } from "vitest";
import { RESTATEMENT_CASES, REVERSAL_CASES } from "../../test/restatement-cases.js";
import { isPlaceholder } from "./placeholder.js";
import { restatesFact, reversesFact } from "./restates-fact.js";

describe("restatesFact", () => {
  it.each(RESTATEMENT_CASES)("%j restates %j: %s", (fact, line, expected) => {
    expect(restatesFact(fact, line)).toBe(expected);
  });
});

describe("reversesFact", () => {
  it.each(REVERSAL_CASES)("%j reverses %j: %s", (fact, line, expected) => {
    expect(reversesFact(fact, line)).toBe(expected);
  });
});

describe("isPlaceholder", () => {
  it.each([
    ["undefined", true],
    ["null", true],
    ["N/A", true],
    ["...", true],
    ["…", true],
    ["<fact>", true],
    ['"undefined"', true],
    ["[object Object]", true],
    ["TODO", true],
    ["???", true],
    ["uses Neovim", false],
    ["null pointer bugs annoy them", false],
    ["NA", true],
    ["NASA engineer", false],
  ])("%j: %s", (text, expected) => {
    expect(isPlaceholder(text)).toBe(expected);
  });
});
