import { describe, expect, it } from "vitest";
import { isSymbolTerm, splitSearchTerms } from "./search-terms.js";

describe("splitSearchTerms", () => {
  it.each([
    ["an emoji between words", "plays 🎸 on weekends", ["plays", "on", "weekends", "🎸"]],
    ["an emoji-only query", "🎸", ["🎸"]],
    ["a ZWJ sequence, a flag, a skin tone", "👨‍👩‍👧 🇯🇵 👍🏽", ["👨‍👩‍👧", "🇯🇵", "👍🏽"]],
    ["the emoji presentation selector dropped", "❤️", ["❤"]],
    ["a one-char symbol and a currency sign", "★ €5", ["5", "★", "€"]],
    ["ASCII signs stay out", "C++ costs $5 + tax", ["C++", "costs", "5", "tax"]],
    [
      "text without symbols is splitWords' words",
      "Deploys on Fly.io",
      ["Deploys", "on", "Fly", "io"],
    ],
  ])("%s: %j", (_name, text, terms) => {
    expect(splitSearchTerms(text)).toEqual(terms);
  });

  it.each([
    ["★", true],
    ["🎸", true],
    ["a", false],
    ["$", false],
  ])("isSymbolTerm(%j) is %j", (term, expected) => {
    expect(isSymbolTerm(term)).toBe(expected);
  });
});
