import { describe, expect, it } from "vitest";
import { formatTable } from "./output.js";

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
