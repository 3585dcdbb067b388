import { describe, expect, it, vi } from "vitest";
import { memoizeText } from "./memo.js";

describe("memoizeText", () => {
  it("computes each text once, undefined results included", () => {
    const fn = vi.fn((text: string) => (text === "none" ? undefined : text.length));
    const memo = memoizeText(fn);
    expect(["ab", "ab", "none", "none", "abc"].map(memo)).toEqual([2, 2, undefined, undefined, 3]);
    expect(fn.mock.calls.map(([text]) => text)).toEqual(["ab", "none", "abc"]);
  });

  it("keeps at most maxEntries results, and when full keeps them instead of emptying itself", () => {
    const fn = vi.fn((text: string) => text.length);
    const memo = memoizeText(fn, 2);
    // Two sweeps over more texts than it holds: the second finds the two it kept.
    for (const text of ["a", "b", "c", "a", "b", "c"]) memo(text);
    expect(fn.mock.calls.map(([text]) => text)).toEqual(["a", "b", "c", "c"]);
  });
});
