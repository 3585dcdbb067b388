import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { autoMemoryFolder, LAYOUT_NAMES } from "@memfiles/core/internal";
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

// A token-shaped secret (GitHub's `ghp_` and 36 characters): `check` reports it, `ls` does not
// scan for it; an undated line is a problem reading the file, which both report.
const SECRET = `ghp_${"A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"}`;
const MARKED = {
  subject: {
    clean: [
      "topics/tools.md",
      "---\nname: tools\ndescription: Tools.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] uses Neovim\n",
    ],
    secret: [
      "topics/keys.md",
      `---\nname: keys\ndescription: Keys.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] its token is ${SECRET}\n`,
    ],
    flagged: [
      "topics/hand.md",
      "---\nname: hand\ndescription: Written by hand.\nupdated: 2026/11/01\n---\nuses Neovim\n",
    ],
  },
  fact: {
    clean: [
      "editor.md",
      "---\nname: editor\ndescription: The editor.\ntype: user\n---\nUses Neovim.\n",
    ],
    secret: [
      "cloud-key.md",
      `---\nname: cloud key\ndescription: Keys.\ntype: reference\n---\nThe token is ${SECRET}\n`,
    ],
    flagged: ["shell.md", "---\nname: shell\ntype: user\n---\nUses fish.\n"],
  },
} as const;

async function markedFolder(layout: keyof typeof MARKED, folder = "memory"): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-ls-"));
  for (const [path, text] of Object.values(MARKED[layout])) {
    await mkdir(join(cwd, folder, path, ".."), { recursive: true });
    await writeFile(join(cwd, folder, path), text);
  }
  return cwd;
}

describe("memfiles ls marks a file with problems, in the table and --json alike", () => {
  it.each(LAYOUT_NAMES)("%s layout", async (layout) => {
    const cwd = await markedFolder(layout);
    const table = contextIn(cwd);
    expect(await runMemfiles(["ls", "memory", "--layout", layout], table.context)).toBe(0);
    const marked = table.output.stdout
      .split("\n")
      .filter((line) => line.includes(" (!) "))
      .map((line) => line.split(" (!) ")[0]);
    const json = contextIn(cwd);
    expect(await runMemfiles(["ls", "memory", "--layout", layout, "--json"], json.context)).toBe(0);
    const withProblems = (JSON.parse(json.output.stdout) as { path: string; problems: [] }[])
      .filter((file) => file.problems.length > 0)
      .map((file) => file.path);
    expect({ marked, withProblems }).toEqual({
      marked: [MARKED[layout].flagged[0]],
      withProblems: [MARKED[layout].flagged[0]],
    });
    // `check` reports both: the file's problem and the secret ls does not scan for.
    const checked = contextIn(cwd);
    await runMemfiles(["check", "memory", "--layout", layout, "--json"], checked.context);
    const { findings } = JSON.parse(checked.output.stdout) as { findings: { path: string }[] };
    const paths = new Set(findings.map((finding) => finding.path));
    expect([paths.has(MARKED[layout].flagged[0]), paths.has(MARKED[layout].secret[0])]).toEqual([
      true,
      true,
    ]);
  });
});

describe("the (!) hint names the command to run on the same memory", () => {
  it.each([
    ["a folder", "memory", ["ls", "memory"], "memfiles check memory"],
    ["-m before the command", "memory", ["-m", "memory", "ls"], "memfiles check memory"],
    ["a folder with a space", "my memory", ["ls", "my memory"], "memfiles check 'my memory'"],
    ["a quote", "bob's memory", ["ls", "bob's memory"], `memfiles check 'bob'\\''s memory'`],
    [
      "a forced layout",
      "memory",
      ["--layout", "subject", "ls", "memory"],
      "memfiles --layout subject check memory",
    ],
    ["the default folder", "memory", ["ls"], "memfiles check"],
    // Typed as it is, the folder would be read as an option.
    ["a folder named like an option", "-dash", ["ls", "--", "-dash"], "memfiles check ./-dash"],
  ])("%s", async (_name, folder, argv, command) => {
    const cwd = await markedFolder("subject", folder);
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(argv, context)).toBe(0);
    expect(output.stdout.split("\n").at(-2)).toBe(
      `(!) has problems: run \`${command}\` for details (it also checks the index, links and secrets).`,
    );
  });

  // A secret, the index, links, updated values: problems of the folder mark no row, and only
  // `check` finds them.
  it.each(LAYOUT_NAMES)("a folder whose one problem is folder-wide (%s layout)", async (layout) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-ls-"));
    for (const [path, text] of [MARKED[layout].clean, MARKED[layout].secret]) {
      await mkdir(join(cwd, "memory", path, ".."), { recursive: true });
      await writeFile(join(cwd, "memory", path), text);
    }
    const listed = contextIn(cwd);
    expect(await runMemfiles(["ls", "memory", "--layout", layout], listed.context)).toBe(0);
    expect(listed.output.stdout).not.toContain("(!)");
    expect(listed.output.stdout.split("\n").at(-2)).toBe(
      `Run \`memfiles --layout ${layout} check memory\` to check the index, links and secrets too.`,
    );
    const checked = contextIn(cwd);
    expect(await runMemfiles(["check", "memory", "--layout", layout], checked.context)).toBe(1);
    expect(checked.output.stdout).toContain("holds a secret");
  });

  it("--claude-code-memory", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-ls-ccm-"));
    const cwd = join(base, "project");
    const home = join(base, "home");
    await mkdir(join(cwd, ".git"), { recursive: true });
    const auto = autoMemoryFolder({ cwd, env: { HOME: home }, home });
    await mkdir(auto, { recursive: true });
    await writeFile(join(auto, MARKED.fact.flagged[0]), MARKED.fact.flagged[1]);
    const { context, output } = contextIn(cwd);
    context.env = { HOME: home };
    expect(await runMemfiles(["--claude-code-memory", "ls"], context)).toBe(0);
    expect(output.stdout).toContain("run `memfiles --claude-code-memory check` for details");
  });
});
