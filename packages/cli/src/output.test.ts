import { describe, expect, it } from "vitest";
import { formatTable, forTerminal } from "./output.js";

describe("formatTable", () => {
  it.each([
    [
      "ASCII cells",
      [
        ["a.md", "1"],
        ["long-name.md", "2"],
      ],
      ["PATH          N", "a.md          1", "long-name.md  2"],
    ],
    // Wide characters take two terminal columns each, so the next column still lines up.
    [
      "CJK and emoji cells",
      [
        ["好きな.md", "1"],
        ["tools.md", "2"],
        ["🍜.md", "3"],
      ],
      ["PATH       N", "好きな.md  1", "tools.md   2", "🍜.md      3"],
    ],
  ])("pads %s to the widest in terminal columns", (_, rows, lines) => {
    expect(formatTable(["PATH", "N"], rows)).toBe(lines.map((line) => `${line}\n`).join(""));
  });
});

describe("forTerminal", () => {
  it.each([
    ["a colour and a screen clear", "likes \u001b[31mred\u001b[2J", "likes \\x1b[31mred\\x1b[2J"],
    ["a retitle ended by a bell", "x \u001b]0;title\u0007 y", "x \\x1b]0;title\\x07 y"],
    ["a C1 CSI", "a\u009b2J", "a\\x9b2J"],
    ["tabs, CRLF, emoji and CJK", "a\tb\r\nラーメン 🍜\n", "a\tb\r\nラーメン 🍜\n"],
  ])("spells out %s", (_, text, shown) => {
    expect(forTerminal(text)).toBe(shown);
  });
});
