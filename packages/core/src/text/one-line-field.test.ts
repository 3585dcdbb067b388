import { describe, expect, it } from "vitest";
import { oneLineFieldProblem } from "./one-line-field.js";

describe("oneLineFieldProblem", () => {
  it.each([
    ["NUL", "Editor\u0000tools", "it contains U+0000 (a NUL)"],
    ["a line separator", "Editor\u2028tools", "it contains U+2028 (a line or paragraph separator)"],
    [
      "a paragraph separator",
      "Editor\u2029tools",
      "it contains U+2029 (a line or paragraph separator)",
    ],
    ["NEL", "Editor\u0085tools", "it contains U+0085 (a control character or line break)"],
    ["a line feed", "Editor\ntools", "it contains U+000A (a control character or line break)"],
    [
      "right-to-left override",
      "Editor \u202Eslooт",
      "it contains U+202E (a bidirectional control, which turns the text around)",
    ],
    [
      "right-to-left isolate",
      "Editor \u2067x",
      "it contains U+2067 (a bidirectional control, which turns the text around)",
    ],
  ])("refuses %s", (_name, text, problem) => {
    expect(oneLineFieldProblem(text)).toBe(problem);
  });

  it.each([
    ["plain", "Editor and dev tools. Read for any coding question."],
    ["a tab", "Editor\tand tools"],
    ["Arabic and Hebrew letters", "أدوات المحرر and כלים"],
    ["emoji with a joiner", "family 👩‍👩‍👧 notes"],
  ])("accepts %s", (_name, text) => {
    expect(oneLineFieldProblem(text)).toBeUndefined();
  });
});
