import { describe, expect, it } from "vitest";
import {
  isPrefixSearchTerm,
  isSymbolTerm,
  splitSearchTerms,
  stemmedSearchTerm,
} from "./search-terms.js";

describe("splitSearchTerms", () => {
  it.each([
    ["an emoji between words", "plays 🎸 on weekends", ["plays", "on", "weekends", "🎸"]],
    ["an emoji-only query", "🎸", ["🎸"]],
    ["a ZWJ sequence, a flag, a skin tone", "👨‍👩‍👧 🇯🇵 👍🏽", ["👨‍👩‍👧", "🇯🇵", "👍🏽"]],
    ["the emoji presentation selector dropped", "❤️", ["❤"]],
    ["a one-char symbol and a currency sign", "★ €5", ["5", "★", "€"]],
    ["ASCII signs stay out", "C++ costs $5 + tax", ["C++", "costs", "5", "tax"]],
    [
      "a word of ideographs, then each of them",
      "我的猫叫小白",
      ["我的", "我", "的", "猫叫", "猫", "叫", "小白", "小", "白"],
    ],
    [
      "kana and hangul words stay whole: their characters are syllables",
      "カメラ 개를",
      ["カメラ", "개를"],
    ],
    ["a one-ideograph word stays one term", "狗 and cat", ["狗", "and", "cat"]],
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

describe("stemmedSearchTerm and isPrefixSearchTerm", () => {
  it.each([
    ["a word, lower-cased and stemmed", "Adopted", "adopt"],
    ["a plural", "puppies", "puppi"],
    ["a query stop word", "the", null],
    ["a one-letter word", "a", null],
    ["a one-char symbol", "★", "★"],
    ["one ideograph", "狗", "狗"],
    ["one kana", "か", "か"],
    ["one hangul syllable", "개", "개"],
    ["one digit", "7", null],
    ["a number", "2023", "2023"],
  ])("%s: %j -> %j", (_name, term, expected) => {
    expect(stemmedSearchTerm(term)).toBe(expected);
  });

  it.each([
    ["adop", true],
    ["ado", false],
  ])("isPrefixSearchTerm(%j) is %j", (term, expected) => {
    expect(isPrefixSearchTerm(term)).toBe(expected);
  });
});
