import { describe, expect, it } from "vitest";
import { splitSegmentedWords, splitWords } from "./split-words.js";

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

describe("splitWords on ASCII text, without the segmenter", () => {
  it.each([
    ["apostrophe between letters", "don't rock'n'roll", ["dont", "rocknroll"]],
    ["apostrophe between digits", "3'5 and 80's", ["35", "and", "80", "s"]],
    ["apostrophe between a letter and a digit", "a'5 5'a", ["a", "5", "5", "a"]],
    ["two apostrophes, quotes", "a''b 'quoted' it'", ["a", "b", "quoted", "it"]],
    [
      "underscore and points",
      "node_modules a_'b Fly.io 1,000",
      ["node", "modules", "a", "b", "Fly", "io", "1", "000"],
    ],
    ["signs", "C# C_# C++x don't# 3.5++ x#y", ["C#", "C", "C", "x", "dont#", "3", "5++", "x", "y"]],
  ])("%s: the segmenter's words", (_name, text, words) => {
    expect(splitWords(text)).toEqual(words);
    expect(splitSegmentedWords(text)).toEqual(words);
  });

  it("leaves a run of 1,000 chars without a space to the segmenter, which cuts it", () => {
    const text = `${"ab".repeat(600)} end`;
    expect(splitWords(text)).toEqual(splitSegmentedWords(text));
    expect(splitWords(text)).toHaveLength(3);
  });

  it("gives the segmenter's words on 5,000 random ASCII strings", () => {
    const alphabet = "ab1 Z9'''__#++.,-:;\n\t\"()/@$%&*!?=<>[]{}|\\^`~";
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const differ: string[] = [];
    for (let round = 0; round < 5_000; round++) {
      let text = "";
      for (let left = 1 + Math.floor(random() * 14); left > 0; left--) {
        text += alphabet[Math.floor(random() * alphabet.length)];
      }
      if (JSON.stringify(splitWords(text)) !== JSON.stringify(splitSegmentedWords(text))) {
        differ.push(text);
      }
    }
    expect(differ).toEqual([]);
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
