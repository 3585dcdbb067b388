import stringWidth from "string-width";
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

  it("starts the last column at one terminal column on every line, whatever the cells hold", () => {
    const cells = [
      "a.md",
      "café.md",
      "cafe\u0301.md",
      "a\u0085b",
      "好きな.md",
      "🍜.md",
      "x",
      "",
      "~!{}",
    ];
    const rows = cells.flatMap((first) => cells.map((second) => [first, second, "END"]));
    const lines = formatTable(["PATH", "N", "LAST"], rows).split("\n").slice(1, -1);
    const starts = new Set(
      lines.map((line) => stringWidth(line.slice(0, line.lastIndexOf("END")))),
    );
    // The widest cell of both columns is "好きな.md" (9 columns), each followed by two spaces.
    expect([...starts]).toEqual([9 + 2 + 9 + 2]);
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
