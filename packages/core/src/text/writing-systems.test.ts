import { describe, expect, it } from "vitest";
import { countGraphemes } from "./count-graphemes.js";
import { shareWritingSystem, writingSystems } from "./writing-systems.js";

describe("writingSystems", () => {
  it.each([
    ["Latin", "lives in Berlin", ["latin"]],
    ["Chinese with Latin", "我用 Neovim 写代码", ["cjk", "latin"]],
    ["Japanese kana and kanji as one", "東京に住んでいます", ["cjk"]],
    ["Korean", "서울에 살아요", ["cjk"]],
    ["Cyrillic", "живу в Москве", ["cyrillic"]],
    ["digits only", "2026 / 12", []],
  ])("%s", (_name, text, systems) => {
    expect([...writingSystems(text)].sort()).toEqual(systems);
  });
});

describe("shareWritingSystem", () => {
  it.each([
    ["lives in Berlin", "我住在柏林", false],
    ["住在柏林", "我住在柏林", true],
    ["uses Neovim", "平时用 Neovim 写代码", true],
    ["lives in Moscow", "живу в Москве", false],
    ["12", "我住在柏林", true],
  ])("%j and %j: %s", (a, b, expected) => {
    expect(shareWritingSystem(a, b)).toBe(expected);
  });
});

describe("countGraphemes", () => {
  it.each([
    ["ASCII", "tea", 3],
    ["a combining accent", "cafe\u0301", 4],
    ["an emoji with a skin tone", "👍🏽", 1],
    ["CJK", "我住在柏林", 5],
    ["an ideograph outside the BMP", "𠮷野家", 3],
  ])("%s", (_name, text, count) => {
    expect(countGraphemes(text)).toBe(count);
  });
});
