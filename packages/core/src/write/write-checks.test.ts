import { describe, expect, it } from "vitest";
import { checkFactShape } from "./write-checks.js";

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
