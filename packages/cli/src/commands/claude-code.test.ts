import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";
import { sourceHooksWarning } from "./claude-code.js";

async function project() {
  const base = await mkdtemp(join(tmpdir(), "memfiles-cc-cli-"));
  const home = join(base, "home");
  const cwd = join(base, "my.app");
  await mkdir(home);
  await mkdir(join(cwd, ".claude"), { recursive: true });
  await writeFile(
    join(cwd, ".claude", "settings.json"),
    `${JSON.stringify({ model: "opus" }, null, 2)}\n`,
  );
  const { context, output } = contextIn(cwd);
  context.env = { HOME: home };
  return { base, home, cwd, context, output };
}

describe("memfiles claude-code", () => {
  it("install --user registers a server that finds each project's memory when it starts", async () => {
    const { home, context } = await project();
    expect(await runMemfiles(["claude-code", "install", "--user"], context)).toBe(0);
    const mcp = JSON.parse(await readFile(join(home, ".claude.json"), "utf8"));
    expect(mcp.mcpServers.memfiles.args).toContain("--claude-code-memory");
    expect(mcp.mcpServers.memfiles.args).not.toContain("--root");
  });

  it("status in a project says where hooks installed with --user are", async () => {
    const { home, context, output } = await project();
    await runMemfiles(["claude-code", "install", "--user"], context);
    output.stdout = "";
    expect(await runMemfiles(["claude-code", "status"], context)).toBe(0);
    expect(output.stdout).toContain(
      `Hooks: SessionStart, UserPromptSubmit, PreToolUse, PreCompact, SessionEnd for all projects (--user) in ${join(home, ".claude", "settings.json")}\n`,
    );
    expect(output.stdout).toContain(
      `MCP server: registered for all projects (--user) in ${join(home, ".claude.json")}\n`,
    );
  });

  it.each(["project", "user"])(
    "status with a malformed %s settings file says which and why, and prints the rest",
    async (which) => {
      const { home, cwd, context, output } = await project();
      await runMemfiles(["claude-code", "install", "--user"], context);
      const broken =
        which === "user"
          ? join(home, ".claude", "settings.json")
          : join(cwd, ".claude", "settings.json");
      await writeFile(broken, '{ "hooks": { ');
      output.stdout = "";
      expect(await runMemfiles(["claude-code", "status"], context)).toBe(1);
      expect(output.stderr).toContain(`Cannot read ${broken}: `);
      expect(output.stderr).toContain("fix the file (it must be a JSON object)");
      expect(output.stdout).toContain("Memory: ");
      expect(output.stdout).toContain("Last write pass: none yet\n");
      expect(output.stdout).toContain(
        which === "user" ? "Hooks: none wired\n" : "for all projects (--user)",
      );
    },
  );

  it("install into a project with no .claude/ makes it; status says until then that no settings file is present; uninstall removes it", async () => {
    const { cwd, context, output } = await project();
    await rm(join(cwd, ".claude"), { recursive: true });
    const settings = join(cwd, ".claude", "settings.json");
    expect(await runMemfiles(["claude-code", "status"], context)).toBe(0);
    expect(output.stdout).toContain(`Settings: ${settings} (not present)\n`);
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    output.stdout = "";
    expect(await runMemfiles(["claude-code", "status"], context)).toBe(0);
    expect(output.stdout).toContain(`Settings: ${settings}\n`);
    expect(await runMemfiles(["claude-code", "uninstall"], context)).toBe(0);
    expect(await readdir(cwd)).toEqual([]);
  });

  it("install wires the hooks and the server, status reports them, uninstall restores the settings", async () => {
    const { home, cwd, context, output } = await project();
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    const auto = join(home, ".claude", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), "memory");
    expect(output.stdout).toContain(`Memory: ${auto} (Claude Code's auto memory of this project)`);
    expect(output.stdout).toContain(
      `Approved the project's memfiles MCP server for you in ${join(cwd, ".claude", "settings.local.json")}`,
    );
    expect(output.stdout).toContain('add "mcp__memfiles" to permissions.allow');
    expect(JSON.parse(await readFile(join(cwd, ".claude", "settings.local.json"), "utf8"))).toEqual(
      {
        enabledMcpjsonServers: ["memfiles"],
      },
    );
    const settings = JSON.parse(await readFile(join(cwd, ".claude", "settings.json"), "utf8"));
    expect(settings.model).toBe("opus");
    expect(settings.hooks.UserPromptSubmit[0].hooks[0].command).toMatch(
      /bin\/memfiles\.js hook user-prompt-submit$/,
    );
    const mcp = JSON.parse(await readFile(join(cwd, ".mcp.json"), "utf8"));
    // The shared .mcp.json names no one's home folder: the server finds the auto memory itself.
    expect(mcp.mcpServers.memfiles.args).toContain("--claude-code-memory");
    expect(JSON.stringify(mcp)).not.toContain(home);
    // The workspace is built before the CLI's tests: the server starts from dist/, not via tsx.
    expect(mcp.mcpServers.memfiles.args.slice(0, 2)).toEqual([
      "--conditions=memfiles-dist",
      expect.stringMatching(/mcp\/bin\/memfiles-mcp\.js$/),
    ]);

    output.stdout = "";
    await runMemfiles(["claude-code", "status"], context);
    expect(output.stdout).toContain(
      "Hooks: SessionStart, UserPromptSubmit, PreToolUse, PreCompact, SessionEnd",
    );
    expect(output.stdout).toContain("MCP server: registered");
    expect(output.stdout).toContain("Last write pass: none yet");

    expect(await runMemfiles(["claude-code", "uninstall"], context)).toBe(0);
    expect(await readFile(join(cwd, ".claude", "settings.json"), "utf8")).toBe(
      `${JSON.stringify({ model: "opus" }, null, 2)}\n`,
    );
    await expect(readFile(join(cwd, ".claude", "settings.local.json"))).rejects.toThrow(/ENOENT/);
  });

  it("install --root puts the folder into every hook; status shows the last write pass", async () => {
    const { cwd, context, output } = await project();
    const root = join(cwd, "memory");
    expect(
      await runMemfiles(["claude-code", "install", "--root", "memory", "--create"], context),
    ).toBe(0);
    const settings = JSON.parse(await readFile(join(cwd, ".claude", "settings.json"), "utf8"));
    expect(settings.hooks.SessionEnd[0].hooks[0].command).toMatch(
      new RegExp(`hook session-end --root ${root}$`),
    );
    await mkdir(join(root, ".memfiles", "claude-code"), { recursive: true });
    await writeFile(
      join(root, ".memfiles", "claude-code", "hook.log"),
      `${JSON.stringify({ at: "2026-12-06T04:00:00.000Z", event: "write-pass", outcome: "ok", message: "4 new turns read; 1 memories written, 0 proposals refused." })}\n`,
    );
    output.stdout = "";
    await runMemfiles(["claude-code", "status"], context);
    expect(output.stdout).toContain(`Memory: ${root}\n`);
    expect(output.stdout).toContain(
      "Last write pass: 2026-12-06T04:00:00.000Z ok: 4 new turns read; 1 memories written",
    );
  });

  it("install --root refuses a missing folder unless --create; status says it went missing", async () => {
    const { cwd, context, output } = await project();
    const root = join(cwd, "memory");
    const settings = await readFile(join(cwd, ".claude", "settings.json"), "utf8");
    expect(await runMemfiles(["claude-code", "install", "--root", "memory"], context)).toBe(2);
    expect(output.stderr).toContain(`No memory folder at ${root}.`);
    expect(output.stderr).toContain("`memfiles claude-code install --root memory --create`");
    expect(await readFile(join(cwd, ".claude", "settings.json"), "utf8")).toBe(settings);
    expect(await readdir(cwd)).toEqual([".claude"]);
    expect(
      await runMemfiles(["claude-code", "install", "--root", "memory", "--create"], context),
    ).toBe(0);
    expect(await readdir(root)).toEqual([]);
    // The server gets no --create: moved away later, the folder is not made again empty.
    const mcp = JSON.parse(await readFile(join(cwd, ".mcp.json"), "utf8"));
    expect(mcp.mcpServers.memfiles.args).toEqual(expect.arrayContaining(["--root", root]));
    expect(mcp.mcpServers.memfiles.args).not.toContain("--create");
    // Scoped to the project it starts in, as the hooks are: no project name written.
    expect(mcp.mcpServers.memfiles.args).toContain("--cwd-project");
    expect(mcp.mcpServers.memfiles.args).not.toContain("--project");
    await rm(root, { recursive: true });
    output.stdout = "";
    expect(await runMemfiles(["claude-code", "status"], context)).toBe(0);
    expect(output.stdout).toContain(
      `Memory: ${root} (missing: the hooks do nothing until it exists;`,
    );
  });

  // The server as Claude Code starts it: the registered command, in the project's folder. A
  // folder named in any script (café) is a project; one that gives no project name (🎉) must not
  // keep the server from starting. A server's cold start is ~0.33 s of CPU, about 2 s wall at
  // load 27 on a 2-core machine: a minute is the honest limit for a server that must answer at
  // all (how fast it starts is no claim of this test).
  it.each([
    { name: "a project install", folder: "café", args: [] },
    { name: "a project install --root", folder: "café", args: ["--root", "memory", "--create"] },
    { name: "a --user install --root", folder: "🎉", args: ["--user", "--root", "memory"] },
    { name: "a --user install", folder: "my.app", args: ["--user"] },
  ])(
    "$name in $folder registers a server that starts there",
    { timeout: 60_000 },
    async ({ folder, args }) => {
      const { base, home, cwd, context } = await project();
      const here = join(base, folder);
      await mkdir(here, { recursive: true });
      await mkdir(join(cwd, "memory"), { recursive: true });
      const at = args.includes("--user") ? { ...context, cwd } : { ...context, cwd: here };
      expect(await runMemfiles(["claude-code", "install", ...args], at)).toBe(0);
      const file = args.includes("--user") ? join(home, ".claude.json") : join(here, ".mcp.json");
      const { command, args: serverArgs } = JSON.parse(await readFile(file, "utf8")).mcpServers
        .memfiles as { command: string; args: string[] };
      expect(serverArgs).not.toContain("--project");
      expect(serverArgs.includes("--cwd-project")).toBe(args.includes("--root"));
      const server = spawn(command, serverArgs, { cwd: here, env: { ...process.env, HOME: home } });
      let stdout = "";
      let stderr = "";
      server.stderr.on("data", (chunk) => (stderr += chunk));
      const answered = new Promise<string>((resolveAnswer, reject) => {
        server.stdout.on("data", (chunk) => {
          stdout += chunk;
          if (stdout.includes("\n")) resolveAnswer(stdout);
        });
        server.on("exit", (code) => reject(new Error(`exit ${code}: ${stderr}`)));
      });
      server.stdin.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "0" } } })}\n`,
      );
      const answer = JSON.parse((await answered).split("\n")[0] ?? "");
      server.kill();
      expect(answer).toMatchObject({ id: 1, result: { serverInfo: { name: "memfiles" } } });
    },
  );

  it("import without --root uses the folder the project's hooks are wired to", async () => {
    const { home, cwd, context, output } = await project();
    context.env = { HOME: home, MEMFILES_TIME_ZONE: "UTC" };
    const root = join(cwd, "memory");
    await runMemfiles(["claude-code", "install", "--root", "memory", "--create"], context);
    output.stderr = "";
    expect(await runMemfiles(["claude-code", "import", "--dry-run"], context)).toBe(0);
    expect(output.stderr).toContain(
      `importing into ${root}, the folder this project's hooks are wired to`,
    );
    await rm(root, { recursive: true });
    output.stderr = "";
    expect(await runMemfiles(["claude-code", "import", "--dry-run"], context)).toBe(2);
    expect(output.stderr).toContain(`No memory folder at ${root}.`);
  });

  it("import --resume --abandon is refused as conflicting", async () => {
    const { home, context, output } = await project();
    context.env = { HOME: home, MEMFILES_TIME_ZONE: "UTC" };
    expect(await runMemfiles(["claude-code", "import", "--resume", "--abandon"], context)).toBe(2);
    expect(output.stderr).toContain("option '--abandon' cannot be used with option '--resume'");
  });

  it("in a git worktree, status and install use the worktree's own settings and say so", async () => {
    const { base, home, cwd, context } = await project();
    await mkdir(join(cwd, ".git", "worktrees", "fix"), { recursive: true });
    const worktree = join(base, "fix");
    await mkdir(worktree);
    await writeFile(join(worktree, ".git"), `gitdir: ${join(cwd, ".git", "worktrees", "fix")}\n`);
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    const inWorktree = contextIn(worktree);
    inWorktree.context.env = { HOME: home };
    expect(await runMemfiles(["claude-code", "status"], inWorktree.context)).toBe(0);
    const settings = join(worktree, ".claude", "settings.json");
    expect(inWorktree.output.stdout).toContain(`Settings: ${settings} (not present)\n`);
    expect(inWorktree.output.stdout).toContain(
      `This is a git worktree of ${cwd}: Claude Code reads the worktree's own .claude/settings.json`,
    );
    expect(inWorktree.output.stdout).toContain("Hooks: none wired\n");
    expect(await runMemfiles(["claude-code", "install"], inWorktree.context)).toBe(0);
    expect(inWorktree.output.stdout).toContain(`Wired memfiles into ${settings}`);
    expect(JSON.parse(await readFile(settings, "utf8")).hooks.SessionStart).toHaveLength(1);
  });

  // The worktree is the project Claude Code names in CLAUDE_PROJECT_DIR, else the checkout of the cwd.
  it.each([
    { name: "in the worktree", in: "worktree", projectDir: undefined, note: true },
    {
      name: "in the main checkout, CLAUDE_PROJECT_DIR the worktree",
      in: "main",
      projectDir: "worktree",
      note: true,
    },
    {
      name: "in the worktree, CLAUDE_PROJECT_DIR the main checkout",
      in: "worktree",
      projectDir: "main",
      note: false,
    },
  ] as const)("status $name: the worktree note by the hooks' project rule", async (row) => {
    const { base, home, cwd } = await project();
    await mkdir(join(cwd, ".git", "worktrees", "fix"), { recursive: true });
    const worktree = join(base, "fix");
    await mkdir(worktree);
    await writeFile(join(worktree, ".git"), `gitdir: ${join(cwd, ".git", "worktrees", "fix")}\n`);
    const folder = { main: cwd, worktree };
    const run = contextIn(folder[row.in]);
    run.context.env = {
      HOME: home,
      ...(row.projectDir === undefined ? {} : { CLAUDE_PROJECT_DIR: folder[row.projectDir] }),
    };
    expect(await runMemfiles(["claude-code", "status"], run.context)).toBe(0);
    expect(run.output.stdout.includes(`This is a git worktree of ${cwd}:`)).toBe(row.note);
  });

  it("uninstall --user gives back a ~/.claude.json the person had as {}, removes what install made", async () => {
    const { home, context } = await project();
    await writeFile(join(home, ".claude.json"), "{}\n");
    expect(await runMemfiles(["claude-code", "install", "--user"], context)).toBe(0);
    expect(await runMemfiles(["claude-code", "uninstall", "--user"], context)).toBe(0);
    expect(await readFile(join(home, ".claude.json"), "utf8")).toBe("{}\n");
    // ~/.claude/ was install's own (settings, install record): nothing of it is left.
    expect(await readdir(home)).toEqual([".claude.json"]);
  });

  it("install says how to allow the memfiles tools only while they are not allowed", async () => {
    const { home, context, output } = await project();
    const hint = 'add "mcp__memfiles" to permissions.allow';
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    expect(output.stdout).toContain(hint);
    await mkdir(join(home, ".claude"), { recursive: true });
    await writeFile(
      join(home, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["mcp__memfiles"] } }),
    );
    output.stdout = "";
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    expect(output.stdout).toContain("memfiles is already wired");
    expect(output.stdout).not.toContain(hint);
  });

  it("status warns of a secret in the auto memory's MEMORY.md, which Claude Code loads itself", async () => {
    const { home, cwd, context, output } = await project();
    const auto = join(home, ".claude", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), "memory");
    await mkdir(auto, { recursive: true });
    await writeFile(join(auto, "MEMORY.md"), "# Memory\n- staging key: AKIAIOSFODNN7EXAMPLE\n");
    expect(await runMemfiles(["claude-code", "status"], context)).toBe(0);
    expect(output.stdout).toContain(
      `Warning: ${join(auto, "MEMORY.md")} holds what looks like a secret (line 2): Claude Code loads this file into every session itself, without memfiles' checks.`,
    );
    expect(output.stdout).not.toContain("AKIAIOSFODNN7EXAMPLE");
  });

  it("import --dry-run lists the past sessions oldest first with their cost; bad options are refused", async () => {
    const { home, cwd, context, output } = await project();
    const transcripts = join(home, ".claude", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"));
    await mkdir(transcripts, { recursive: true });
    const said = (day: string, text: string) =>
      `${JSON.stringify({ type: "user", uuid: `u-${day}`, timestamp: `${day}T10:00:00.000Z`, message: { role: "user", content: text } })}\n`;
    await writeFile(join(transcripts, "a.jsonl"), said("2026-09-10", "I moved to Zed"));
    await writeFile(join(transcripts, "b.jsonl"), said("2026-09-01", "I edit in Helix"));
    context.env = { HOME: home, MEMFILES_TIME_ZONE: "UTC" };
    expect(await runMemfiles(["claude-code", "import", "--dry-run"], context)).toBe(0);
    expect(output.stdout).toMatch(
      /^2026-09-01 {2}b {2}1 turns {2}up to \$0\.\d{4}\n2026-09-10 {2}a {2}1 turns {2}up to \$0\.\d{4}\n2 sessions, up to \$0\.\d{4} at the batch price .*Nothing was sent \(--dry-run\)\.\n$/,
    );
    output.stdout = "";
    expect(
      await runMemfiles(["claude-code", "import", "--since", "2026-09-05", "--dry-run"], context),
    ).toBe(0);
    expect(output.stdout).toMatch(/^2026-09-10 {2}a /);
    output.stdout = "";
    expect(
      await runMemfiles(["claude-code", "import", "--since", "2027-01-01", "--dry-run"], context),
    ).toBe(0);
    expect(output.stdout).toContain(
      "on or after --since has words of the user not imported yet (2 older ones left out).",
    );
    for (const [args, message] of [
      [["--max-usd", "lots"], '--max-usd must be a positive number of USD, not "lots".'],
      [["--since", "last week"], '--since must be a calendar day as YYYY-MM-DD, not "last week".'],
      [
        ["--since", "2026-13-45"],
        '--since must be a calendar day as YYYY-MM-DD, not "2026-13-45".',
      ],
      [["--since", "2026-02-30", "--dry-run"], 'not "2026-02-30".'],
      [["--max-usd", "0x10"], '--max-usd must be a positive number of USD, not "0x10".'],
      [["--max-usd", " 1 "], '--max-usd must be a positive number of USD, not " 1 ".'],
      [["--model", "nope", "--dry-run"], 'No price for model "nope"'],
      [["--max-usd", "0.000001"], "past --max-usd 0.000001; nothing was sent"],
    ] as const) {
      output.stderr = "";
      expect(await runMemfiles(["claude-code", "import", ...args], context)).toBe(2);
      expect(output.stderr).toContain(message);
    }
  });

  it("import --root: a missing folder needs --create, a file is refused, --dry-run writes nothing", async () => {
    const { base, home, cwd, context, output } = await project();
    const transcripts = join(home, ".claude", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"));
    await mkdir(transcripts, { recursive: true });
    await writeFile(
      join(transcripts, "a.jsonl"),
      `${JSON.stringify({ type: "user", uuid: "u-1", timestamp: "2026-09-10T10:00:00.000Z", message: { role: "user", content: "I moved to Zed" } })}\n`,
    );
    context.env = { HOME: home, MEMFILES_TIME_ZONE: "UTC" };
    await writeFile(join(base, "notes.txt"), "hello\n");
    for (const [args, message] of [
      [["--root", join(base, "typo")], "No memory folder at"],
      [["--root", join(base, "typo"), "--dry-run"], "add --create"],
      [["--root", join(base, "notes.txt"), "--dry-run"], "is not a folder"],
    ] as const) {
      output.stderr = "";
      expect(await runMemfiles(["claude-code", "import", ...args], context)).toBe(2);
      expect(output.stderr).toContain(message);
    }
    expect(await readdir(base)).toEqual(["home", "my.app", "notes.txt"]);
    const created = join(base, "new");
    expect(
      await runMemfiles(
        ["claude-code", "import", "--root", created, "--create", "--dry-run"],
        context,
      ),
    ).toBe(0);
    expect(output.stdout).toContain("Nothing was sent (--dry-run).");
    expect(await readdir(base)).toEqual(["home", "my.app", "notes.txt"]);
    expect(await runMemfiles(["claude-code", "import", "--dry-run"], context)).toBe(0);
    expect(await readdir(transcripts)).toEqual(["a.jsonl"]);
  });

  it.each([
    ["MEMFILES_TIME_ZONE", { MEMFILES_TIME_ZONE: "Mars/Olympus" }],
    ["TZ", { TZ: "Mars/Olympus" }],
  ])(
    "import warns once, as the other commands do, when $%s names no time zone",
    async (name, zone) => {
      const { home, context, output } = await project();
      context.env = { HOME: home, ...zone };
      expect(await runMemfiles(["claude-code", "import", "--dry-run"], context)).toBe(0);
      const warnings = output.stderr.split("\n").filter((line) => line.includes("names no IANA"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`$${name} is "Mars/Olympus"`);
    },
  );
});

describe("hooks that start memfiles from its TypeScript source are named, with the fix", () => {
  const bin = fileURLToPath(new URL("../../bin/memfiles.js", import.meta.url));
  const workspace = fileURLToPath(new URL("../../../..", import.meta.url)).replace(/\/$/, "");
  const built = `${process.execPath} --conditions=memfiles-dist ${bin} hook session-end`;
  const source = `${process.execPath} ${bin} hook session-end`;
  it.each([
    ["built, wired built", [built], true, undefined],
    ["not built, wired from source", [source], false, `run \`pnpm build\` in ${workspace}, then`],
    ["built since, wired from source", [source, built], true, "install` again (with the same"],
    ["another memfiles' hook", ["memfiles hook session-end"], false, undefined],
  ] as const)("%s", (_name, commands, isBuilt, fix) => {
    const warning = sourceHooksWarning(commands, isBuilt);
    if (fix === undefined) expect(warning).toBeUndefined();
    else
      expect(warning).toMatch(
        /^the hooks start memfiles from its TypeScript source through tsx, .*: run /,
      );
    if (fix !== undefined) expect(warning).toContain(fix);
  });

  it("status says so of hooks an earlier install wired from source; install again wires the built entry", async () => {
    const { cwd, context, output } = await project();
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    // The workspace is built before the CLI's tests: install wired the built entry, silently.
    expect(output.stderr).not.toContain("TypeScript source");
    const file = join(cwd, ".claude", "settings.json");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replaceAll("--conditions=memfiles-dist ", ""),
    );
    output.stdout = "";
    await runMemfiles(["claude-code", "status"], context);
    expect(output.stdout).toContain(
      "Warning: the hooks start memfiles from its TypeScript source through tsx, so each prompt waits about 1 s longer",
    );
    expect(await runMemfiles(["claude-code", "install"], context)).toBe(0);
    output.stdout = "";
    await runMemfiles(["claude-code", "status"], context);
    expect(output.stdout).not.toContain("TypeScript source");
  });
});
