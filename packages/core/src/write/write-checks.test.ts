import { describe, expect, it } from "vitest";
import { checkFactShape, refuse } from "./write-checks.js";

describe("checkFactShape", () => {
  it.each([
    ["a plain fact", "likes red and blue", { ok: true }],
    [
      "a fact body with line breaks and a tab",
      "Deploys on Fly.io.\r\n**Why:**\tthe team moved.",
      { ok: true },
    ],
    [
      "a colour escape sequence",
      "likes \u001b[31mred\u001b[0m",
      {
        ok: false,
        problem:
          "it holds a control character (U+001B), which a terminal showing the file would run as a command; a fact is plain text",
      },
    ],
    [
      "a bell",
      "rings \u0007 bells",
      {
        ok: false,
        problem:
          "it holds a control character (U+0007), which a terminal showing the file would run as a command; a fact is plain text",
      },
    ],
    [
      "a C1 control (CSI)",
      "clears \u009b2J the screen",
      {
        ok: false,
        problem:
          "it holds a control character (U+009B), which a terminal showing the file would run as a command; a fact is plain text",
      },
    ],
    ["a placeholder", "N/A", { ok: false, problem: '"N/A" is a placeholder, not a fact' }],
  ])("%s", (_, text, expected) => {
    expect(checkFactShape(text, 300)).toEqual(expected);
  });
});

describe("refuse", () => {
  it.each([
    ["a short fact, named whole", '"uses Neovim"', 'Refused "uses Neovim": the user asked'],
    [
      "a 100,000-char fact, named by its start and end",
      JSON.stringify(`${"a".repeat(100_000)}🙂`),
      `Refused "${"a".repeat(158)}…${"a".repeat(37)}🙂": the user asked`,
    ],
  ])("%s", (_, what, start) => {
    const message = refuse("forgotten", { what, date: "2026/12/02", rule: "same_fact" }).message;
    expect({ start: message.startsWith(start), length: message.length < 400 }).toEqual({
      start: true,
      length: true,
    });
  });
});
