import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { detectLayout } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { runMemfiles } from "./run-memfiles.js";

// A Claude Code `.memory/` folder as a person keeps it: fact files and a hand-made MEMORY.md.
async function claudeFolder(): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-claude-"));
  const root = join(cwd, ".memory");
  await mkdir(root);
  await writeFile(
    join(root, "deploy_host.md"),
    "---\nname: Deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n**Why:** cheap.\n",
  );
  await writeFile(
    join(root, "editor.md"),
    "---\nname: editor\ntype: user\n---\nUses Neovim for everything, including deploy scripts.\n",
  );
  await writeFile(
    join(root, "MEMORY.md"),
    "- [Deploy host](deploy_host.md) — where we ship\n- [editor](editor.md) — the user's editor, a person wrote this\n",
  );
  return cwd;
}

describe("memfiles on a Claude Code .memory folder (fact layout)", () => {
  it("detects the fact layout; a folder of dated lines or an empty one is subject", async () => {
    const cwd = await claudeFolder();
    expect(detectLayout(join(cwd, ".memory"))).toBe("fact");
    const subject = await mkdtemp(join(tmpdir(), "memfiles-subject-"));
    await writeFile(
      join(subject, "profile.md"),
      "---\nname: profile\ndescription: Who.\ntype: user\nupdated: 2026/11/01\n---\n[stated 2026/11/01] lives in Lyon\n",
    );
    expect(detectLayout(subject)).toBe("subject");
    expect(detectLayout(join(subject, "missing"))).toBe("subject");
  });

  it("check reads prose bodies as facts, not undated lines", async () => {
    const cwd = await claudeFolder();
    const { context, output } = contextIn(cwd);
    await runMemfiles(["check", ".memory"], context);
    expect(output.stdout + output.stderr).not.toContain("undated_line");
    const forced = contextIn(cwd);
    await runMemfiles(["check", ".memory", "--layout", "subject"], forced.context);
    expect(forced.output.stdout + forced.output.stderr).toContain("undated_line");
  });

  it("forget deletes the fact file the query is about and keeps MEMORY.md's words", async () => {
    const cwd = await claudeFolder();
    const { context, output } = contextIn(cwd);
    const code = await runMemfiles(["forget", "deploy", "-m", ".memory", "--yes"], context);
    expect(output.stderr).toBe("");
    expect(code).toBe(0);
    const root = join(cwd, ".memory");
    expect((await readdir(root)).filter((name) => name.endsWith(".md")).sort()).toEqual([
      "MEMORY.md",
      "editor.md",
    ]);
    expect(await readFile(join(root, "editor.md"), "utf8")).toContain("including deploy scripts");
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    expect(index).toContain("- [editor](editor.md) — the user's editor, a person wrote this");
    expect(index).not.toContain("deploy_host.md");
  });
});

describe("memfiles ls on a fact folder", () => {
  it("counts one fact per fact file, not 0", async () => {
    const cwd = await claudeFolder();
    const { context, output } = contextIn(cwd);
    const code = await runMemfiles(["ls", ".memory", "--json"], context);
    expect(code).toBe(0);
    const rows = JSON.parse(output.stdout) as { path: string; facts: number }[];
    expect(rows.map(({ path, facts }) => ({ path, facts }))).toEqual([
      { path: "deploy_host.md", facts: 1 },
      { path: "editor.md", facts: 1 },
    ]);
  });
});
