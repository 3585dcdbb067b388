import { describe, expect, it } from "vitest";
import { rowFromText } from "../store/memory-store.js";
import { formatMemoryFile, parseMemoryFile } from "./memory-file.js";

describe("the scope: header field", () => {
  it.each([
    [
      "the seed's unfenced header",
      "name: billing\ndescription: Billing API.\nscope: billing\n[stated 2026/08/01] x\n",
    ],
    [
      "front matter",
      "---\nname: billing\ndescription: Billing API.\nscope: billing\n---\n[stated 2026/08/01] x\n",
    ],
  ])("is read from %s and shown on the list row", (_name, text) => {
    expect(parseMemoryFile(text).header.scope).toBe("billing");
    expect(rowFromText("projects/billing.md", text).scope).toBe("billing");
    expect(parseMemoryFile(text).lines).toEqual([
      { kind: "dated", stated: "2026/08/01", text: "x" },
    ]);
  });

  it("is absent when the file has none, and written back when it has one", () => {
    expect(rowFromText("a.md", "---\nname: a\ndescription: A.\n---\n").scope).toBeUndefined();
    const text = "---\nname: billing\ndescription: Billing API.\nscope: billing\n---\n";
    expect(formatMemoryFile(parseMemoryFile(text))).toBe(text);
  });
});
