import { describe, expect, it } from "vitest";
import { sameFactTwoLanguages } from "./check-rows.js";
import type { MemoryRow } from "./types.js";

const row = (path: string, code?: "too_large" | "header_too_long" | "over_cap"): MemoryRow => ({
  path,
  name: path,
  description: "A file.",
  chars: 10,
  ...(code === undefined ? {} : { problems: [{ code, message: `${path}: ${code}` }] }),
});

describe("sameFactTwoLanguages", () => {
  it("reads only the files memfiles edits: not one list() left unread as too large or hostile", async () => {
    const read: string[] = [];
    const pairs = await sameFactTwoLanguages(
      async (path) => {
        read.push(path);
        return "---\nname: a\ndescription: A file.\n---\n[stated 2026/09/12] uses Neovim 0.10\n";
      },
      [
        row("topics/a.md"),
        row("topics/huge.md", "too_large"),
        row("topics/deep.md", "header_too_long"),
        row("topics/long.md", "over_cap"),
      ],
    );
    expect({ read, pairs }).toEqual({ read: ["topics/a.md", "topics/long.md"], pairs: [] });
  });
});
