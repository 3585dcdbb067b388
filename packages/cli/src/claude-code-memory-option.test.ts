import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { autoMemoryFolder } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { runMemfiles } from "./run-memfiles.js";

const FACT =
  "---\nname: Deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n";

/**
 * A home folder and a git project in a temporary folder (never the real ~/.claude), the project
 * named `project`, with the auto memory made and holding one fact when `withMemory`.
 */
async function claudeCodeProject(project: string, withMemory: boolean) {
  const base = await mkdtemp(join(tmpdir(), "memfiles-ccm-"));
  const home = join(base, "home dir");
  const cwd = join(base, project);
  await mkdir(join(cwd, ".git"), { recursive: true });
  await mkdir(join(cwd, "src"));
  await mkdir(home);
  const env = { HOME: home };
  const auto = autoMemoryFolder({ cwd, env, home });
  if (withMemory) {
    await mkdir(auto, { recursive: true });
    await writeFile(join(auto, "deploy_host.md"), FACT);
  }
  return { cwd, home, env, auto };
}

async function run(argv: string[], at: { cwd: string; env: NodeJS.ProcessEnv }) {
  const { context, output } = contextIn(at.cwd);
  context.env = at.env;
  const code = await runMemfiles(argv, context);
  return { code, ...output };
}

describe("memfiles --claude-code-memory: the project's auto memory, by the hooks' rule", () => {
  it.each([
    ["a plain name", "shop"],
    ["spaces", "Billing API"],
    ["accents and other scripts", "café 项目 🎉"],
  ])(
    "finds the folder of a project with %s, from the project and a subfolder",
    async (_name, project) => {
      const at = await claudeCodeProject(project, true);
      for (const cwd of [at.cwd, join(at.cwd, "src")]) {
        const result = await run(["--claude-code-memory", "search", "fly"], { ...at, cwd });
        expect(result).toEqual({
          code: 0,
          stdout: "deploy_host.md:6: Deploys on Fly.io.\n",
          stderr: "",
        });
      }
    },
  );

  it("writes there, in the fact layout Claude Code uses", async () => {
    const at = await claudeCodeProject("shop", true);
    const result = await run(["--claude-code-memory", "remember", "editor.md", "Uses Neovim."], at);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect((await readdir(at.auto)).sort()).toContain("editor.md");
  });

  it("takes $CLAUDE_CONFIG_DIR as the hooks do", async () => {
    const at = await claudeCodeProject("shop", false);
    const env = { ...at.env, CLAUDE_CONFIG_DIR: join(at.home, "config é") };
    const auto = autoMemoryFolder({ cwd: at.cwd, env, home: at.home });
    await mkdir(auto, { recursive: true });
    await writeFile(join(auto, "deploy_host.md"), FACT);
    const result = await run(["--claude-code-memory", "ls"], { ...at, env });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect(result.stdout).toContain("deploy_host.md");
  });

  it("refuses a project without an auto memory, naming the folder, and creates nothing", async () => {
    const at = await claudeCodeProject("Billing API", false);
    const result = await run(["--claude-code-memory", "remember", "editor.md", "Uses Neovim."], at);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: "" });
    expect(result.stderr).toBe(
      `memfiles: No Claude Code auto memory for the project ${at.cwd}: ${at.auto} does not exist. Claude Code makes it when it first saves a memory in this project; run the command inside the project's folder, or give the memory folder instead (\`-m <folder>\`).\n`,
    );
    expect(existsSync(join(at.home, ".claude"))).toBe(false);
  });

  it.each([
    [
      "a positional folder",
      ["--claude-code-memory", "ls", "memory"],
      "Refused the memory folder memory with --claude-code-memory",
    ],
    [
      "-m",
      ["--claude-code-memory", "search", "-m", "memory", "fly"],
      "Refused the memory folder memory with --claude-code-memory",
    ],
    [
      "--pglite",
      ["--claude-code-memory", "--pglite", "db", "ls"],
      "Refused --claude-code-memory with --database-url / --pglite",
    ],
    [
      "a claude-code command",
      ["--claude-code-memory", "claude-code", "status"],
      "memfiles claude-code status finds the auto memory itself",
    ],
    [
      "--pglite before it, taking it as its folder",
      ["--pglite", "--claude-code-memory", "ls"],
      "--pglite needs a value, but the next word is the option --claude-code-memory",
    ],
  ])("refuses it with %s (one memory a command)", async (_name, argv, message) => {
    const at = await claudeCodeProject("shop", true);
    await mkdir(join(at.cwd, "memory"));
    const result = await run(argv, at);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: "" });
    expect(result.stderr).toContain(message);
    expect(existsSync(join(at.cwd, "db"))).toBe(false);
    expect(existsSync(join(at.cwd, "--claude-code-memory"))).toBe(false);
  });

  it("reads a word that names a folder as a word, not as the memory folder", async () => {
    const at = await claudeCodeProject("shop", true);
    await mkdir(join(at.cwd, "deploys"));
    const result = await run(["--claude-code-memory", "search", "deploys", "fly"], at);
    expect(result).toEqual({
      code: 0,
      stdout: "deploy_host.md:6: Deploys on Fly.io.\n",
      stderr: "",
    });
  });
});
