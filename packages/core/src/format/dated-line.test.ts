import { InvalidArgumentError } from "@memfiles/errors";
import { describe, expect, it } from "vitest";
import { dateTag, formatDatedLine, parseDatedLine } from "./dated-line.js";
import { MemoryFormatError } from "./memory-format-error.js";

describe("parseDatedLine", () => {
  it.each([
    [
      "a plain fact",
      "[stated 2026/09/12] uses Neovim",
      { stated: "2026/09/12", text: "uses Neovim" },
    ],
    [
      "surrounding spaces",
      "  [stated 2026/09/12]   uses Neovim  ",
      { stated: "2026/09/12", text: "uses Neovim" },
    ],
    [
      "brackets in the text",
      "[stated 2026/01/31] likes [x] boxes",
      { stated: "2026/01/31", text: "likes [x] boxes" },
    ],
    ["a leap day", "[stated 2028/02/29] x", { stated: "2028/02/29", text: "x" }],
    [
      "a lone CR inside the text",
      "[stated 2026/11/04] a\rb",
      { stated: "2026/11/04", text: "a\rb" },
    ],
    [
      "U+2028 inside the text",
      "[stated 2026/11/04] a\u2028b",
      { stated: "2026/11/04", text: "a\u2028b" },
    ],
    [
      "U+2029 inside the text",
      "[stated 2026/11/04] a\u2029b",
      { stated: "2026/11/04", text: "a\u2029b" },
    ],
    ["no tag", "uses Neovim", undefined],
    ["dashes in the date", "[stated 2026-09-12] uses Neovim", undefined],
    ["no month 13", "[stated 2026/13/01] x", undefined],
    ["no 30 February", "[stated 2026/02/30] x", undefined],
    ["no text", "[stated 2026/09/12]", undefined],
    ["blank text", "[stated 2026/09/12]    ", undefined],
    ["no space after the tag", "[stated 2026/09/12]x", undefined],
    ["another tag word", "[said 2026/09/12] x", undefined],
    [
      "a list bullet first (decision 0101)",
      "- [stated 2026/09/12] x",
      { stated: "2026/09/12", text: "x", marker: "- " },
    ],
    [
      "a numbered item, indented",
      "  3. [stated 2026/09/12] x",
      { stated: "2026/09/12", text: "x", marker: "  3. " },
    ],
    ["a task box is no marker", "- [ ] [stated 2026/09/12] x", undefined],
  ])("%s", (_name, line, expected) => {
    expect(parseDatedLine(line)).toEqual(expected);
  });
});

describe("formatDatedLine", () => {
  it.each([
    [
      "a plain fact",
      { stated: "2026/09/12", text: "uses Neovim" },
      "[stated 2026/09/12] uses Neovim",
    ],
    [
      "line breaks folded",
      { stated: "2026/09/12", text: "uses\nNeovim \r\n daily " },
      "[stated 2026/09/12] uses Neovim daily",
    ],
  ])("%s", (_name, fact, expected) => {
    expect(formatDatedLine(fact)).toBe(expected);
    expect(parseDatedLine(formatDatedLine(fact))).toEqual({
      stated: fact.stated,
      text: expected.slice(20),
    });
  });

  it.each([
    [
      "a dashed date",
      { stated: "2026-09-12", text: "x" },
      'Cannot write the line "x": its date "2026-09-12" is not a YYYY/MM/DD calendar date. Build it with dateTag(now).',
    ],
    [
      "an impossible date",
      { stated: "2026/02/30", text: "x" },
      'Cannot write the line "x": its date "2026/02/30" is not a YYYY/MM/DD calendar date. Build it with dateTag(now).',
    ],
    [
      "blank text",
      { stated: "2026/09/12", text: " \n " },
      "Cannot write a line dated 2026/09/12 with blank text. Give the line's words.",
    ],
  ])("refuses %s, saying what to fix", (_name, line, message) => {
    expect(() => formatDatedLine(line)).toThrow(MemoryFormatError);
    expect(() => formatDatedLine(line)).toThrow(message);
  });
});

describe("dateTag", () => {
  it.each([
    ["a UTC midday", "2026-09-26T12:00:00Z", "2026/09/26"],
    [
      "late evening west of UTC is already the next UTC day",
      "2026-09-26T23:30:00-05:00",
      "2026/09/27",
    ],
    [
      "early morning east of UTC is still the previous UTC day",
      "2026-09-27T01:00:00+03:00",
      "2026/09/26",
    ],
    ["single-digit month and day", "2026-01-05T00:00:00Z", "2026/01/05"],
  ])("%s", (_name, iso, expected) => {
    expect(dateTag(new Date(iso))).toBe(expected);
  });

  it("throws on an invalid Date", () => {
    expect(() => dateTag(new Date("nonsense"))).toThrow(
      new InvalidArgumentError({
        argument: "now",
        message: "A date needs a valid Date; got an invalid Date. Pass the injected `now`.",
      }),
    );
    expect(() => dateTag(new Date("nonsense"))).toThrow(InvalidArgumentError);
  });
});
