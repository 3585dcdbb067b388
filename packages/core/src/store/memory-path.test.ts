import { describe, expect, it } from "vitest";
import { parseMemoryPath, safeParseMemoryPath } from "./memory-path.js";
import { MemoryPathError } from "./memory-path-error.js";

describe("parseMemoryPath", () => {
  it.each([
    ["a root file", "profile.md"],
    ["a nested file", "topics/tools.md"],
    ["a deep file", "projects/memfiles/notes/2026.md"],
    ["spaces and unicode", "people/Zoë Martin.md"],
    ["a memory.md inside a folder", "topics/MEMORY.md"],
    ["dots inside a name", "topics/node.js.md"],
  ])("accepts %s", (_name, path) => {
    expect(parseMemoryPath(path)).toBe(path);
  });

  it.each([
    ["empty", "", "it is empty"],
    ["parent segment", "../secrets.md", 'it contains ".."'],
    ["parent segment in the middle", "topics/../../x.md", 'it contains ".."'],
    ["a dot segment", "./x.md", 'it contains "."'],
    ["absolute", "/etc/passwd.md", "it is absolute"],
    ["a Windows drive", "C:/x.md", "it is absolute"],
    ["a drive without slash", "c:x.md", "it is absolute"],
    ["a home folder", "~/x.md", "it is absolute"],
    ["NUL", "x\u0000.md", "NUL or control character"],
    ["a line break", "x\n.md", "NUL or control character"],
    ["a back slash", "topics\\x.md", "back slash"],
    ["CONIN$", "CONIN$.md", "device name on Windows"],
    ["conout$ in a folder", "topics/conout$.md", "device name on Windows"],
    ["CON with a space before the extension", "CON .md", "device name on Windows"],
    ["nul with a space before the extension", "topics/nul .md", "device name on Windows"],
    ["a division slash", "topics\u2215x.md", "U+2215, drawn like a slash"],
    ["a full-width slash", "topics\uFF0Fx.md", "U+FF0F, drawn like a slash"],
    ["a fraction slash", "topics\u2044x.md", "U+2044, drawn like a slash"],
    ["back slash traversal", "..\\..\\x.md", "back slash"],
    ["percent-encoded dots", "%2e%2e/x.md", "percent-encoded"],
    ["percent-encoded slash", "..%2fx.md", "percent-encoded"],
    ["upper-case percent encoding", "%2E%2E%2Fx.md", "percent-encoded"],
    ["double percent encoding", "%252e%252e/x.md", "percent-encoded"],
    ["an empty segment", "topics//x.md", "empty folder name"],
    ["a trailing slash", "topics/", "empty folder name"],
    ["not markdown", "notes.txt", 'does not end in ".md"'],
    ["upper-case extension", "notes.MD", 'does not end in ".md"'],
    ["the generated index", "MEMORY.md", "MEMORY.md is the generated index"],
    ["the index in lower case", "memory.md", "MEMORY.md is the generated index"],
    ["the internal folder", ".memfiles/tombstones.md", "starts with a dot"],
    ["a dot-folder", "topics/.git/x.md", "starts with a dot"],
    ["a dot-file", ".md", "starts with a dot"],
    ["full-width dots (NFKC)", "\uFF0E\uFF0E/x.md", "starts with a dot"],
    ["a colon", "topics/a:b.md", "< > :"],
    ["a trailing dot", "topics./x.md", "ends with a space or a dot"],
    ["a long segment", `${"a".repeat(300)}.md`, "longer than 233 bytes"],
    ["a long path", `${"a/".repeat(600)}x.md`, "longer than 1024 chars"],
  ])("refuses %s", (_name, path, reason) => {
    const result = safeParseMemoryPath(path);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error).toBeInstanceOf(MemoryPathError);
      expect(result.error.path).toBe(path);
      // The message names a long path by its start and end (see the test below).
      expect(result.error.message).toContain(JSON.stringify(path).slice(0, 150));
      expect(result.error.message).toContain(reason);
    }
  });

  it("throws a MemoryPathError naming the path and the fix", () => {
    expect(() => parseMemoryPath("../secrets.md")).toThrow(
      'Refused memory path "../secrets.md": it contains "..". Use a relative path inside the memory folder that ends in ".md", with "/" between folders, such as "topics/tools.md".',
    );
  });

  it("gives the index its own fix", () => {
    expect(() => parseMemoryPath("MEMORY.md")).toThrow(
      'Refused memory path "MEMORY.md": MEMORY.md is the generated index. The store rewrites it after every write; write the memory files themselves.',
    );
  });

  it("refuses a value that is not a string (a JavaScript caller)", () => {
    expect(() => parseMemoryPath(42 as unknown as string)).toThrow(
      'Refused memory path "42": it is not a string.',
    );
  });
});

describe("MemoryPathError's message", () => {
  it("names a 100,000-char path by its start and end, not whole", () => {
    const path = `topics/${"a".repeat(100_000)}.md`;
    const error = new MemoryPathError({ path, reason: "it is longer than 1024 chars" });
    expect({ path: error.path, message: error.message }).toEqual({
      path,
      message: `Refused memory path "topics/${"a".repeat(151)}…${"a".repeat(36)}.md": it is longer than 1024 chars. Use a relative path inside the memory folder that ends in ".md", with "/" between folders, such as "topics/tools.md".`,
    });
  });
});
