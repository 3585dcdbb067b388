import { describe, expect, it } from "vitest";
import { factKey, normalizeFactText } from "./fact-key.js";

describe("normalizeFactText", () => {
  it.each([
    ["case and spaces", "  Uses   NeoVim ", "uses neovim"],
    ["a date tag", "[stated 2026/09/12] Uses Neovim", "uses neovim"],
    ["a dashed date tag", "[stated 2026-09-12]   uses neovim", "uses neovim"],
    ["line breaks and tabs", "uses\tNeovim\n daily", "uses neovim daily"],
    ["full-width letters (NFKC)", "ｕｓｅｓ Neovim", "uses neovim"],
    ["blank", "   ", ""],
  ])("folds %s", (_name, text, expected) => {
    expect(normalizeFactText(text)).toBe(expected);
  });

  it("matches a fact line against its text with another date", () => {
    expect(normalizeFactText("[stated 2026/01/02] Deploys on Fly.io")).toBe(
      normalizeFactText("deploys  on fly.io"),
    );
  });
});

describe("factKey", () => {
  it.each([
    ["[stated 2026/09/12]  Loves  Thai food.", "loves thai food"],
    ["Can’t stand it", "can't stand it"],
    ["全角ｔｅｘｔ、東京。", "全角text、東京。"],
  ])("factKey(%j) = %j", (text, key) => {
    expect(factKey(text)).toBe(key);
  });
});
