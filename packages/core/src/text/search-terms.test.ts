import { describe, expect, it } from "vitest";
import {
  hangulStems,
  isPrefixSearchTerm,
  isSymbolTerm,
  KEPT_STEMMED_TERMS,
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
      "カメラ 사과",
      ["カメラ", "사과"],
    ],
    ["a hangul word, then the noun without its particle", "개를 봐", ["개를", "개", "봐"]],
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

describe("hangulStems", () => {
  it.each([
    ["topic 는 after a vowel", "김민수는", ["김민수"]],
    ["object 를 after a vowel", "개를", ["개"]],
    ["object 를 on a longer noun", "한국어를", ["한국어"]],
    ["locative 에", "서울에", ["서울"]],
    ["two particles, one at a time", "서울에서는", ["서울에서", "서울"]],
    ["으로 after a consonant", "집으로", ["집"]],
    ["로 after ㄹ", "서울로", ["서울"]],
    ["subject 가, the noun's own 이 kept", "고양이가", ["고양이"]],
    ["이 is never taken off: a noun's own last syllable", "고양이", []],
    ["이 is never taken off: the subject particle", "서울이", []],
    ["도 is never taken off: a noun's own last syllable", "경기도에", ["경기도"]],
    ["도 is never taken off: the particle 'also'", "김민수도", []],
    ["이 after a vowel is no particle", "나이", []],
    ["과 after a vowel is no particle", "사과", []],
    ["는 after a consonant is no particle", "있는", []],
    ["의 leaves no one-syllable noun", "회의", []],
    ["a word of no particle", "한국어", []],
    ["a word of another script", "pelican", []],
  ])("%s: %j -> %j", (_name, word, stems) => {
    expect(hangulStems(word)).toEqual(stems);
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

  // The stemmed forms are kept per term: asked again, and again after the kept terms were
  // emptied, each term gives what it gave the first time.
  it("gives each term the same form when asked again and after the kept terms are emptied", () => {
    const terms = ["Adopted", "the", "Puppies", "Straße", "2023", "a", "★"];
    const first = terms.map(stemmedSearchTerm);
    expect(first).toEqual(["adopt", null, "puppi", "strass", "2023", null, "★"]);
    expect(terms.map(stemmedSearchTerm)).toEqual(first);
    // Past the most terms kept: the term asked when they are emptied is stemmed as any other.
    const misstemmed: string[] = [];
    for (let at = 0; at <= KEPT_STEMMED_TERMS; at++) {
      if (stemmedSearchTerm(`${at}ings`) !== `${at}ing`) misstemmed.push(`${at}ings`);
    }
    expect(misstemmed).toEqual([]);
    expect(terms.map(stemmedSearchTerm)).toEqual(first);
    expect(stemmedSearchTerm("ADOPTED")).toBe("adopt");
  });

  it.each([
    ["adop", true],
    ["ado", false],
  ])("isPrefixSearchTerm(%j) is %j", (term, expected) => {
    expect(isPrefixSearchTerm(term)).toBe(expected);
  });
});
