import { describe, expect, it } from "vitest";
import { isPlaceholder } from "./placeholder.js";
import { restatesFact } from "./restates-fact.js";

describe("restatesFact", () => {
  it.each([
    // issue 10, item 8
    ["main editor is Neovim", "uses Neovim as the main editor", true],
    ["Neovim is the user's main editor", "uses Neovim as the main editor", true],
    ["deploys to Fly.io", "[stated 2026/09/12] deploys on Fly.io (previously Heroku)", true],
    ["is allergic to peanuts", "has a peanut allergy: allergic to peanuts", true],
    ["住在柏林", "我住在柏林", true],
    ["uses Neovim and tmux", "uses Neovim as the main editor", false],
    ["eats pork", "doesn't eat pork anymore", false],
    ["does not eat pork", "doesn't eat pork anymore", true],
    ["deploys on Railway", "deploys on Fly.io", false],
    ["the", "uses Neovim", false],
    // New-user trial: two languages, not one word "C".
    ["writes C++ at work", "writes C# at work", false],
    ["writes C# at work", "[stated 2026/09/12] writes C# at work daily", true],
  ])("%j restates %j: %s", (fact, line, expected) => {
    expect(restatesFact(fact, line)).toBe(expected);
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
