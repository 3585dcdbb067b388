import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forget } from "./forget.js";

// Forgetting the last fact of a file leaves no empty file listed in MEMORY.md: a file holding
// nothing but memfiles' own header goes, in both layouts; a person's heading, another front matter
// field or another line keeps it.
const SUBJECT_HEADER =
  "---\nname: tools\ndescription: the user's tools\nupdated: 2026/01/01\n---\n";
const FACT_HEADER = "---\nname: Editor\ndescription: The user's editor.\ntype: user\n---\n";

const CASES: Array<[name: string, layout: StoreLayout, path: string, text: string, kept: boolean]> =
  [
    [
      "the only line",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}[stated 2026/01/01] uses Neovim\n`,
      false,
    ],
    [
      "the only line, CRLF",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}[stated 2026/01/01] uses Neovim\n`.replaceAll("\n", "\r\n"),
      false,
    ],
    [
      "a person's heading stays",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}# My tools\n\n[stated 2026/01/01] uses Neovim\n`,
      true,
    ],
    [
      "a person's front matter field stays",
      "subject",
      "topics/tools.md",
      `---\nname: tools\ndescription: the user's tools\ntags: [dev]\n---\n[stated 2026/01/01] uses Neovim\n`,
      true,
    ],
    [
      "another line stays",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}[stated 2026/01/01] uses Neovim\n[stated 2026/01/01] uses tmux\n`,
      true,
    ],
    ["the only fact", "fact", "editor.md", `${FACT_HEADER}The user edits code in Neovim.\n`, false],
    [
      "another fact stays",
      "fact",
      "editor.md",
      `${FACT_HEADER}The user edits code in Neovim.\nThe user uses tmux.\n`,
      true,
    ],
  ];

describe("forget leaves no empty file behind", () => {
  it.each(CASES)("%s (%s layout)", async (_name, layout, path, text, kept) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-empty-")), "memory");
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
    const store = new MemoryStore({ root, layout });
    const result = await forget({ store, query: "Neovim" });
    const index = existsSync(join(root, "MEMORY.md"))
      ? await readFile(join(root, "MEMORY.md"), "utf8")
      : "";
    expect({
      code: result.code,
      kept: existsSync(join(root, path)),
      listed: index.includes(path),
      // The forget's journal is removed once done, not left empty.
      journal: existsSync(join(root, ".memfiles", "pending-forget.json")),
    }).toEqual({ code: "removed", kept, listed: kept, journal: false });
  });
});
