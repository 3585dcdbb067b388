import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import { fileStem } from "./file-stem.js";

describe("fileStem", () => {
  it.each([
    ["people/bob.md", "bob"],
    ["profile.md", "profile"],
    ["projects/2026/atlas-migration.md", "atlas-migration"],
    ["topics/café ☕.md", "café ☕"],
    ["notes/.md", ".md"],
    ["topics/readme.MD", "readme.MD"],
    ["topics/a.md.md", "a.md"],
  ])("%j → %j, as path.posix.basename does", (path, stem) => {
    expect(fileStem(path)).toBe(stem);
    expect(fileStem(path)).toBe(posix.basename(path, ".md"));
  });

  it("keeps a name that is only .md", () => {
    expect(fileStem(".md")).toBe(".md");
  });
});
