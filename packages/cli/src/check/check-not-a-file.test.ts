import { execFileSync } from "node:child_process";
import { mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { checkFolder } from "./check-folder.js";

// An entry with a memory file's name that memfiles never opens was skipped without a word: a pipe
// (a read would wait for a writer), and links that lead nowhere. `check` names each (decision 0121).
const ENTRIES: Array<[string, string, (root: string) => Promise<void>]> = [
  ["a pipe", "notes.md", async (root) => void execFileSync("mkfifo", [join(root, "notes.md")])],
  ["a link to itself", "loop.md", (root) => symlink("loop.md", join(root, "loop.md"))],
  [
    "two links to each other",
    "ping.md",
    async (root) => {
      await symlink("pong.md", join(root, "ping.md"));
      await symlink("ping.md", join(root, "pong.md"));
    },
  ],
];

describe.each(LAYOUT_NAMES)("%s layout: check names what it cannot open", (layout) => {
  it.each(ENTRIES)("%s", async (_name, path, place) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-not-a-file-"));
    await writeFile(
      join(root, "tools.md"),
      layout === "subject"
        ? "---\nname: tools\ndescription: Dev tools.\n---\n[stated 2026/12/01] uses Helix\n"
        : "---\nname: tools\ndescription: The user's editor.\ntype: user\n---\nThe user uses Helix.\n",
    );
    await place(root);
    const store = new MemoryStore({ root, layout });
    const findings = await checkFolder(store, { fix: false });
    const named = findings.filter((finding) => finding.path === path);
    expect({
      named: named.map((finding) => finding.code),
      says: named.every((finding) =>
        /never read|outside the folder or nowhere/.test(finding.message),
      ),
      listed: (await store.list()).map((row) => row.path),
    }).toEqual({
      named: [path === "notes.md" ? "ignored_file" : "broken_link"],
      says: true,
      listed: ["tools.md"],
    });
  });
});
