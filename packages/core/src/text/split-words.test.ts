import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitWords, splitWordsWithSegmenter } from "./split-words.js";

describe("splitWords", () => {
  it.each([
    [
      "spaces and punctuation",
      "Deploys on Fly.io, today!",
      ["Deploys", "on", "Fly", "io", "today"],
    ],
    ["apostrophes dropped", "I don’t eat pork, don't", ["I", "dont", "eat", "pork", "dont"]],
    [
      "numbers cut at the point",
      "version 3.5 of node_modules",
      ["version", "3", "5", "of", "node", "modules"],
    ],
    ["letters and digits kept together", "abc123 x-y", ["abc123", "x", "y"]],
    ["accents kept", "café à Zürich", ["café", "à", "Zürich"]],
    ["Chinese into words", "我住在東京", ["我", "住在", "東京"]],
    ["Chinese with Latin", "我用Neovim写代码", ["我", "用", "Neovim", "写", "代码"]],
    ["Japanese kanji apart from kana", "東京に住む", ["東京", "に", "住む"]],
    ["Korean on spaces", "서울에 살아요", ["서울에", "살아요"]],
    ["blank", "  \n ", []],
    // New-user trial: C# and C++ are two languages, not the word "C".
    [
      "language names ending in # or ++",
      "C#, C++ and F# but not C",
      ["C#", "C++", "and", "F#", "but", "not", "C"],
    ],
    ["a sign inside a word is still a split", "a+b issue#12", ["a", "b", "issue", "12"]],
  ])("%s", (_name, text, words) => {
    expect(splitWords(text)).toEqual(words);
  });
});

describe("splitWords on a long text", () => {
  it("splits a text of many pieces into the same words as its sentences one by one", () => {
    const sentences = [
      "Deploys on Fly.io, uses C++ and F# daily;",
      "我住在東京 and works in café à Zürich.",
      "the 👩‍👩‍👧 family emoji, don't split; version 3.5",
    ];
    const many = Array.from({ length: 400 }, (_unused, index) => sentences[index % 3]);
    expect(splitWords(many.join(" "))).toEqual(
      many.flatMap((sentence) => splitWords(sentence ?? "")),
    );
  });
});

describe("splitWords on ASCII text (without Intl.Segmenter)", () => {
  it("gives the words the segmenter gives, on any mix of letters, digits and punctuation", () => {
    const chars = [..."aZb9 0'.:,;_#+-\n\t!?/()@x1"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (picked) => {
        const text = picked.join("");
        expect(splitWords(text)).toEqual(splitWordsWithSegmenter(text));
      }),
      { numRuns: 5_000 },
    );
  });
});
