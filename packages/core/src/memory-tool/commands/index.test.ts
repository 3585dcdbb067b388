import { describe, expect, it } from "vitest";
import { MEMORY_TOOL_COMMANDS } from "./index.js";

describe("MEMORY_TOOL_COMMANDS", () => {
  it("maps each of the memory tool's six commands to its module", () => {
    expect(Object.keys(MEMORY_TOOL_COMMANDS).sort()).toEqual([
      "create",
      "delete",
      "insert",
      "rename",
      "str_replace",
      "view",
    ]);
  });
});
