import { describe, expect, it } from "vitest";
import {
  formatMemoryIndex,
  formatMemoryIndexLine,
  MEMORY_INDEX_HEADER,
  parseMemoryIndex,
} from "./memory-index.js";
import type { MemoryRow } from "./types.js";

describe("formatMemoryIndexLine", () => {
  it.each<[string, MemoryRow, string]>([
    [
      "a plain row",
      { path: "topics/tools.md", name: "tools", description: "Dev tools.", chars: 10 },
      "- [tools](topics/tools.md) — Dev tools.",
    ],
    [
      "no description",
      { path: "bare.md", name: "bare", description: "", chars: 10 },
      "- [bare](bare.md) — (no description)",
    ],
    [
      "brackets in the name and line breaks in the description",
      { path: "x.md", name: "a [b] \\c", description: "one\ntwo  three", chars: 1 },
      "- [a \\[b\\] \\\\c](x.md) — one two three",
    ],
    [
      "spaces and parentheses in the path",
      { path: "people/Zoë (work).md", name: "Zoë", description: "Colleague.", chars: 1 },
      "- [Zoë](<people/Zoë (work).md>) — Colleague.",
    ],
  ])("%s", (_name, row, expected) => {
    expect(formatMemoryIndexLine(row)).toBe(expected);
    expect(parseMemoryIndex(expected)).toEqual([{ path: row.path, line: expected }]);
  });
});

describe("formatMemoryIndex and parseMemoryIndex", () => {
  it("writes the header and one line per row, and reads the paths back", () => {
    const rows: MemoryRow[] = [
      { path: "profile.md", name: "profile", description: "Who.", chars: 1 },
      { path: "topics/tools.md", name: "tools", description: "Tools.", chars: 1 },
    ];
    const text = formatMemoryIndex(rows);
    expect(text).toBe(
      `${MEMORY_INDEX_HEADER}- [profile](profile.md) — Who.\n- [tools](topics/tools.md) — Tools.\n`,
    );
    expect(parseMemoryIndex(text).map((entry) => entry.path)).toEqual([
      "profile.md",
      "topics/tools.md",
    ]);
  });

  it("ignores lines that are not links, and reads Claude Code's link lines", () => {
    expect(parseMemoryIndex("# Index\n\nsome text\n* [x](a.md): hook\n- [y](b.md)\n")).toEqual([
      { path: "a.md", line: "* [x](a.md): hook" },
      { path: "b.md", line: "- [y](b.md)" },
    ]);
  });
});
