import { describe, expect, it } from "vitest";
import { parseMemoryFile } from "./memory-file.js";
import { readTypedLine } from "./typed-line.js";

describe("readTypedLine", () => {
  it.each([
    ["a plain line", "works at Globex", { text: "works at Globex" }],
    [
      "an ISO date in the tag",
      "[stated 2026-11-20] works at Globex",
      {
        text: "works at Globex",
        typed: "2026-11-20",
        stated: "2026/11/20",
        canonical: "[stated 2026/11/20] works at Globex",
      },
    ],
    [
      "a list marker and the canonical tag",
      "- [stated 2026/11/20] works at Globex",
      {
        text: "works at Globex",
        typed: "2026/11/20",
        stated: "2026/11/20",
        canonical: "[stated 2026/11/20] works at Globex",
      },
    ],
    [
      "a bare day-first date",
      "20/11/2026 works at Globex",
      {
        text: "works at Globex",
        typed: "20/11/2026",
        stated: "2026/11/20",
        canonical: "[stated 2026/11/20] works at Globex",
      },
    ],
    [
      "a date with two readings",
      "12/03/2026 works at Globex",
      { text: "works at Globex", typed: "12/03/2026" },
    ],
    [
      "a date and a colon",
      "2026.11.20: works at Globex",
      {
        text: "works at Globex",
        typed: "2026.11.20",
        stated: "2026/11/20",
        canonical: "[stated 2026/11/20] works at Globex",
      },
    ],
    ["no calendar date", "[stated 2026-02-30] x", { text: "x", typed: "2026-02-30" }],
    ["a task box is not a date", "- [x] works at Globex", { text: "[x] works at Globex" }],
    [
      "other languages",
      "* 2026-11-20 在柏林工作 🇩🇪",
      {
        text: "在柏林工作 🇩🇪",
        typed: "2026-11-20",
        stated: "2026/11/20",
        canonical: "[stated 2026/11/20] 在柏林工作 🇩🇪",
      },
    ],
    ["a heading", "# Work", undefined],
    ["a blank line", "  ", undefined],
  ])("%s", (_name, raw, expected) => {
    expect(readTypedLine(raw)).toEqual(expected);
  });

  it.each([
    ["[stated 2026-11-20] works at Globex", 'Write it as "[stated 2026/11/20] works at Globex".'],
    ["- 20/11/2026 works at Globex", 'Write it as "[stated 2026/11/20] works at Globex".'],
    [
      "12/03/2026 works at Globex",
      '"12/03/2026" reads as two dates (day/month or month/day); write it as "[stated YYYY/MM/DD] works at Globex" with the one meant.',
    ],
  ])("the file's problems offer the canonical form of %s", (line, fix) => {
    const file = parseMemoryFile(`---\nname: profile\ndescription: Who.\n---\n${line}\n`, {
      path: "profile.md",
    });
    expect(file.problems?.map((problem) => problem.message)).toEqual([
      expect.stringContaining(fix),
    ]);
  });
});
