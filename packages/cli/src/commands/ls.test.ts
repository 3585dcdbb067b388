import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Each layout's files as a person keeps them, with the facts `ls` counts in each.
const FOLDERS = {
  subject: {
    "profile.md": {
      text: "---\nname: profile\ndescription: Who the user is.\n---\n# Home\n[stated 2026/11/01] lives in Lyon\n[stated 2026/11/02] works at a bakery\nan undated line written by hand\n",
      facts: 2,
      undated: 1,
    },
    // Written by hand without front matter or dates: its lines still count.
    "topics/hand.md": {
      text: "uses Neovim\r\nlikes green tea 🍵\r\n[stated 2026-09-01] ISO date tag\r\n",
      facts: 0,
      undated: 3,
    },
    "topics/empty.md": {
      text: "---\nname: empty\ndescription: Nothing yet.\n---\n# Notes\n",
      facts: 0,
      undated: 0,
    },
  },
  fact: {
    "deploy-host.md": {
      text: "---\nname: deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n**Why:** cheap.\n",
      facts: 1,
      undated: 0,
    },
    "empty.md": {
      text: "---\nname: empty\ndescription: Nothing yet.\ntype: user\n---\n# Notes\n",
      facts: 0,
      undated: 0,
    },
  },
} as const;

// The count's column is headed by the layout's word for its item.
const HEADERS = { subject: "LINES", fact: "FACTS" } as const;

describe("memfiles ls", () => {
  it.each(LAYOUT_NAMES)("counts the facts of each file (%s layout)", async (layout) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-ls-"));
    const files = Object.entries(FOLDERS[layout]);
    for (const [path, file] of files) {
      await mkdir(join(cwd, "memory", path, ".."), { recursive: true });
      await writeFile(join(cwd, "memory", path), file.text);
    }
    const { context, output } = contextIn(cwd);
    const code = await runMemfiles(["ls", "memory", "--layout", layout, "--json"], context);
    expect(output.stderr).toBe("");
    expect(code).toBe(0);
    const rows = JSON.parse(output.stdout) as { path: string; facts: number; undated: number }[];
    expect(rows.map(({ path, facts, undated }) => ({ path, facts, undated }))).toEqual(
      files
        .map(([path, file]) => ({ path, facts: file.facts, undated: file.undated }))
        .sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
    const table = contextIn(cwd);
    expect(await runMemfiles(["ls", "memory", "--layout", layout], table.context)).toBe(0);
    expect(table.output.stdout.split("\n")[0]).toMatch(
      new RegExp(`^PATH\\s+${HEADERS[layout]}\\s+CHARS`),
    );
  });

  it("shows undated lines beside the facts and marks a file over the cap or skipped", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-ls-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(join(cwd, "memory/topics/hand.md"), "uses Neovim\nlikes tea\n");
    const header = "---\nname: long\ndescription: Long.\n---\n";
    await writeFile(
      join(cwd, "memory/topics/long.md"),
      `${header}[stated 2026/09/01] ${"x ".repeat(6_000)}\n`,
    );
    await writeFile(
      join(cwd, "memory/topics/mixed.md"),
      `${header}[stated 2026/09/01] uses Neovim\nlikes tea\n`,
    );
    // Over 16 times the cap: not read, so it has no size in chars (stderr says "Skipped").
    await writeFile(
      join(cwd, "memory/topics/huge.md"),
      `${header}${"[stated 2026/09/01] x\n".repeat(10_000)}`,
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["ls", "memory"], context)).toBe(0);
    const cells = output.stdout
      .split("\n")
      .slice(1, 5)
      .map((line) => line.split(/ {2,}/).slice(0, 3));
    expect(cells).toEqual([
      ["topics/hand.md (!)", "2 undated", "22"],
      ["topics/huge.md (!)", "0", "- (skipped)"],
      ["topics/long.md (!)", "1", "12059 (over cap)"],
      ["topics/mixed.md (!)", "1 + 1 undated", "80"],
    ]);
    expect(output.stderr).toMatch(/^Skipped: topics\/huge\.md is 220038 bytes/);
  });
});

// A token-shaped secret (GitHub's `ghp_` and 36 characters), which `check` reports.
const SECRET = `ghp_${"A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"}`;
const MARKED = {
  subject: {
    clean: [
      "topics/tools.md",
      "---\nname: tools\ndescription: Tools.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] uses Neovim\n",
    ],
    flagged: [
      "topics/keys.md",
      `---\nname: keys\ndescription: Keys.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] its token is ${SECRET}\n`,
    ],
  },
  fact: {
    clean: [
      "editor.md",
      "---\nname: editor\ndescription: The editor.\ntype: user\n---\nUses Neovim.\n",
    ],
    flagged: [
      "cloud-key.md",
      `---\nname: cloud key\ndescription: Keys.\ntype: reference\n---\nThe token is ${SECRET}\n`,
    ],
  },
} as const;

describe("memfiles ls marks a file `check` has something to say about", () => {
  it.each(LAYOUT_NAMES)("%s layout", async (layout) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-ls-"));
    for (const [path, text] of Object.values(MARKED[layout])) {
      await mkdir(join(cwd, "memory", path, ".."), { recursive: true });
      await writeFile(join(cwd, "memory", path), text);
    }
    // `--fix` writes MEMORY.md, so the only finding left is the secret.
    await runMemfiles(["check", "--fix", "memory", "--layout", layout], contextIn(cwd).context);
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["ls", "memory", "--layout", layout], context)).toBe(0);
    const paths = output.stdout
      .split("\n")
      .slice(1, 3)
      .map((line) => line.split(/ {2,}/)[0]);
    expect(paths.sort()).toEqual(
      [`${MARKED[layout].flagged[0]} (!)`, MARKED[layout].clean[0]].sort(),
    );
    expect(output.stdout).toContain("(!) has problems: run `memfiles check` for details.");
  });
});
