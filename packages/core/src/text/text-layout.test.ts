import { describe, expect, it } from "vitest";
import { applyTextLayout, readTextLayout } from "./text-layout.js";

describe("readTextLayout / applyTextLayout", () => {
  it.each([
    ["LF", "a\nb\n", "", "\n"],
    ["CRLF", "a\r\nb\r\n", "", "\r\n"],
    ["a BOM and CRLF", "\uFEFFa\r\nb\r\n", "\uFEFF", "\r\n"],
    ["mostly LF", "a\r\nb\nc\n", "", "\n"],
    ["mostly CRLF", "a\r\nb\r\nc\n", "", "\r\n"],
    ["no line break", "a", "", "\n"],
  ])("%s", (_name, text, bom, eol) => {
    const layout = readTextLayout(text);
    expect(layout).toEqual({ bom, eol, body: text.slice(bom.length) });
    expect(applyTextLayout("x\ny\n", layout)).toBe(`${bom}x${eol}y${eol}`);
  });
});
