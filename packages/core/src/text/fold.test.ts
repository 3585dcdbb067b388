import { describe, expect, it } from "vitest";
import { foldText } from "./fold.js";

describe("foldText", () => {
  it("folds case, white space, quote marks and dashes", () => {
    expect(foldText("  It’s\tA  “Test” — OK\n")).toBe('it\'s a "test" - ok');
  });
});
