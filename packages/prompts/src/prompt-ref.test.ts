import { describe, expect, it } from "vitest";
import { parsePromptRef } from "./prompt-ref.js";

describe("parsePromptRef", () => {
  it.each([
    ["extraction@2", { id: "extraction", version: 2 }],
    ["memory-rules@10", { id: "memory-rules", version: 10 }],
    ["extraction@0", undefined],
    ["extraction", undefined],
    ["Extraction@1", undefined],
    ["memory--rules@1", undefined],
    ["-x@1", undefined],
    ["extraction@1.md", undefined],
  ])("%s", (ref, expected) => {
    expect(parsePromptRef(ref)).toEqual(expected);
  });
});
