import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { runMemfiles } from "../run-memfiles.js";

// A Claude Code `.memory/` folder: one fact per file, front matter with `type:`.
async function factFolder(): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-fact-"));
  await mkdir(join(cwd, ".memory"));
  await writeFile(
    join(cwd, ".memory/deploy_host.md"),
    "---\nname: Deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n",
  );
  return cwd;
}

async function filesUnder(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true })).map(String).sort();
}

describe("remember in the fact layout", () => {
  it("--help gives the rules of both layouts", async () => {
    const { context, output } = contextIn(process.cwd());
    expect(await runMemfiles(["remember", "--help"], context)).toBe(0);
    const help = output.stdout.replace(/\s+/g, " ");
    expect(help).toContain("Subject layout (memfiles' dated lines): profile.md");
    expect(help).toContain("the name lower-case letters and digits of any script");
    expect(help).toContain("Fact layout (a Claude Code .memory/ folder): the fact file to add");
  });

  it.each(["../evil", "../evil.md", "/tmp/evil", "a/../../evil"])(
    "refuses %s, a path outside the folder, and writes nothing (exit 2)",
    async (path) => {
      const cwd = await factFolder();
      const before = await filesUnder(cwd);
      const { context, output } = contextIn(cwd);
      expect(await runMemfiles(["remember", ".memory", path, "uses tmux"], context)).toBe(2);
      expect(output.stderr).toMatch(
        new RegExp(
          `^Not saved \\(path_not_allowed\\): Refused "uses tmux": ${JSON.stringify(path).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not a file inside the memory folder \\(it `,
        ),
      );
      // Only memfiles' own lock folder (`.memfiles/`, taken to finish a pending forget) may appear.
      expect((await filesUnder(cwd)).filter((file) => !file.endsWith("/.memfiles"))).toEqual(
        before,
      );
    },
  );

  it("remember --create into Claude Code's empty auto memory writes a fact file", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-fact-"));
    const config = join(cwd, "config");
    const memory = join(config, "projects", "-shop", "memory");
    await mkdir(join(config, "projects", "-shop"), { recursive: true });
    const { context } = contextIn(cwd);
    context.env = { CLAUDE_CONFIG_DIR: config };
    expect(
      await runMemfiles(["remember", "--create", memory, "editor", "uses Neovim"], context),
    ).toBe(0);
    expect(await filesUnder(memory)).toContain("editor.md");
    expect(await filesUnder(memory)).not.toContain("topics");
    expect(await readFile(join(memory, "editor.md"), "utf8")).toMatch(/^---\nname: /);
  });

  it("still adds to the fact file a name inside the folder names", async () => {
    const cwd = await factFolder();
    const { context, output } = contextIn(cwd);
    expect(
      await runMemfiles(["remember", ".memory", "deploy-host", "staging on Render"], context),
    ).toBe(0);
    expect(output.stdout).toContain("Saved to deploy_host.md");
  });
});

describe("a --layout the folder's files disagree with is refused for a write", () => {
  it("--layout fact on a subject folder: names both layouts, profile.md unchanged (exit 2)", async () => {
    const { folder } = await memoryFixture();
    const before = await readFile(join(folder, "memory/profile.md"), "utf8");
    const { context, output } = contextIn(folder);
    const code = await runMemfiles(
      ["--layout", "fact", "remember", "memory", "profile.md", "likes tea"],
      context,
    );
    expect(code).toBe(2);
    expect(output.stderr).toMatch(
      /^memfiles: Refused --layout fact on .*memory: its files are in the subject layout \(dated lines such as "\[stated 2026\/09\/01\] \.\.\." in profile\.md\), and writing fact-layout files there would mix the two\. Leave --layout out \(memfiles detects subject here\), or give a folder in the fact layout\.\n$/,
    );
    expect(await readFile(join(folder, "memory/profile.md"), "utf8")).toBe(before);
  });

  it("--layout fact: the refusal names the first file with a dated line, not one with a bad tag", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-subject-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    // "[stated 2026-09-01]" is no dated line (the date is not YYYY/MM/DD): a file holding only
    // that is not in the subject layout, so the refusal names the later file.
    await writeFile(
      join(cwd, "memory/profile.md"),
      "---\nname: profile\ndescription: Who the user is.\n---\n[stated 2026-09-01] likes tea\n",
    );
    await writeFile(
      join(cwd, "memory/topics/tools.md"),
      "---\nname: tools\ndescription: Dev tools.\n---\n[stated 2026/09/01] uses tmux\n",
    );
    const { context, output } = contextIn(cwd);
    const code = await runMemfiles(
      ["--layout", "fact", "remember", "memory", "editor", "uses Neovim"],
      context,
    );
    expect(code).toBe(2);
    expect(output.stderr).toContain(
      'dated lines such as "[stated 2026/09/01] ..." in topics/tools.md',
    );
  });

  it("--layout subject on a fact folder: refused, nothing written", async () => {
    const cwd = await factFolder();
    const before = await filesUnder(cwd);
    const { context, output } = contextIn(cwd);
    const code = await runMemfiles(
      ["--layout", "subject", "forget", ".memory", "Fly.io", "--yes"],
      context,
    );
    expect(code).toBe(2);
    expect(output.stderr).toContain(
      "its files are in the fact layout (one fact per file with front matter, such as deploy_host.md)",
    );
    expect(await filesUnder(cwd)).toEqual(before);
  });

  it.each([
    [
      "fact on an empty folder",
      ["--layout", "fact", "remember", "--create", "fresh", "deploy-host", "deploys on Fly.io"],
    ],
    [
      "subject on a subject folder",
      ["--layout", "subject", "remember", "memory", "topics/tools.md", "uses tmux"],
    ],
  ])("--layout %s is taken", async (_name, argv) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(argv, context)).toBe(0);
    expect(output.stderr).toBe("");
  });
});
