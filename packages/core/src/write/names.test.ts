import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { remember } from "../layouts/index.js";
import { safeParseMemoryPath } from "../store/index.js";

const NOW = new Date("2026-10-02T08:00:00Z");

describe("names the file system cannot hold (issue 20, item 5)", () => {
  it.each([
    [230, "applied"],
    [233, "applied"],
    [234, "path_not_allowed"],
    [245, "path_not_allowed"],
    [252, "path_not_allowed"],
  ])("a %i-byte file name: %s, never a raw file-system error", async (bytes, code) => {
    const store = await tempStore();
    const name = `${"a".repeat(bytes - 3)}.md`;
    const result = await remember({ store, path: `topics/${name}`, fact: "uses Neovim", now: NOW });
    expect(result.code).toBe(code);
  });
});

describe("names Windows or a reader takes for something else (issue 20, item 7)", () => {
  it.each([
    "con.md",
    "topics/aux.md",
    "people/COM1.md",
    "topics/lpt9.md",
    "MEMO\u200bRY.md",
    "ＭＥＭＯＲＹ.md",
    "memory.md",
  ])("refuses %s", (path) => {
    expect(safeParseMemoryPath(path).success).toBe(false);
  });

  it.each(["topics/console.md", "people/connie.md", "topics/memory.md"])("accepts %s", (path) => {
    expect(safeParseMemoryPath(path).success).toBe(true);
  });
});
