import { describe, expect, it } from "vitest";
import { keepTextStyle } from "./keep-text-style.js";

describe("keepTextStyle", () => {
  it.each([
    ["an LF file stays LF", "a\nb\n", "a\nc\n", "a\nc\n"],
    ["a CRLF file gets CRLF", "a\r\nb\r\n", "a\nc\n", "a\r\nc\r\n"],
    ["a BOM is kept", "\uFEFFa\nb\n", "a\nc\n", "\uFEFFa\nc\n"],
    ["a BOM and CRLF are both kept", "\uFEFFa\r\nb\r\n", "a\nc\n", "\uFEFFa\r\nc\r\n"],
    ["mostly LF stays LF", "a\r\nb\nc\n", "a\nd\n", "a\nd\n"],
    ["a one-line file without a break stays LF", "a", "a\nb\n", "a\nb\n"],
    ["no BOM is doubled", "\uFEFFa\n", "\uFEFFa\n", "\uFEFFa\n"],
  ])("%s", (_name, original, next, expected) => {
    expect(keepTextStyle(original, next)).toBe(expected);
  });
});
