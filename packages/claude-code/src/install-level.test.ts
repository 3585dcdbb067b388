import { existsSync } from "node:fs";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookFolders, hookInput } from "../test/memory-folder.js";
import { HOOK_EVENTS, type HookEvent } from "./hook-events.js";
import type { WritePassRequest } from "./hooks/hook-context.js";
import { hookCommandLine, installClaudeCode } from "./install.js";
import { projectHookCommands, userLevelStandsDown } from "./install-level.js";
import { runHook } from "./run-hook.js";

const HOOK_COMMAND = ["/usr/bin/node", "/opt/memfiles/bin/memfiles.js"];

/**
 * A git project, a project-level memory folder and a user-level one (both with the same facts, in
 * temporary folders: never the real ~/.claude), and how a project install wires the project.
 */
async function twoLevels() {
  const { home, cwd, root } = await hookFolders();
  await mkdir(join(cwd, ".git"));
  const userRoot = join(home, "notes");
  await cp(root, userRoot, { recursive: true });
  const installProject = (settings = "settings.json") =>
    installClaudeCode({
      settingsPath: join(cwd, ".claude", settings),
      mcpPath: join(cwd, ".mcp.json"),
      hookCommand: HOOK_COMMAND,
      mcpCommand: ["memfiles-mcp"],
      root,
      projectFolder: cwd,
    });
  return { home, cwd, projectRoot: root, userRoot, installProject };
}

/**
 * What one hook run did: printed something, or started a write pass (and into which folder). The
 * environment is the test's own (no `CLAUDE_PROJECT_DIR` unless given), never the runner's.
 */
async function runAt(
  event: HookEvent,
  at: { cwd: string; root: string; user: boolean; env?: NodeJS.ProcessEnv },
): Promise<string> {
  const passes: WritePassRequest[] = [];
  const { stdout } = await runHook({
    event,
    user: at.user,
    root: at.root,
    env: at.env ?? {},
    stdin: hookInput(at.cwd, {
      prompt: "where do I deploy my apps?",
      transcript_path: join(at.cwd, "session.jsonl"),
      tool_name: "Write",
      tool_input: { file_path: join(at.root, ".memfiles/tombstones.json"), content: "[]" },
    }),
    startWritePass: (request) => passes.push(request),
  });
  if (passes.length > 0) return `write pass into ${passes[0]?.root}`;
  return stdout === "" ? "nothing" : "output";
}

// What each event does when it acts, with the inputs of `runAt`: SessionStart prints the --root
// folder's memory block, UserPromptSubmit recalls Fly.io, PreToolUse denies an edit of .memfiles/,
// PreCompact and SessionEnd start the write pass.
const ACTS: Record<HookEvent, (root: string) => string> = {
  "session-start": () => "output",
  "user-prompt-submit": () => "output",
  "pre-tool-use": () => "output",
  "pre-compact": (root) => `write pass into ${root}`,
  "session-end": (root) => `write pass into ${root}`,
};

/** A project's own settings whose only memfiles hook is one hand-written under `key`. */
async function handWritten(cwd: string, key: string, event: HookEvent): Promise<void> {
  await mkdir(join(cwd, ".claude"), { recursive: true });
  const command = hookCommandLine({ hookCommand: HOOK_COMMAND }, event);
  await writeFile(
    join(cwd, ".claude", "settings.json"),
    JSON.stringify({ hooks: { [key]: [{ hooks: [{ type: "command", command }] }] } }),
  );
}

// The project's own installs a row is run with, and the memfiles events each runs (status's
// table in packages/cli claude-code-levels.test.ts has the same rows).
const PROJECT_INSTALLS = {
  none: { setup: async () => {}, events: [] as HookEvent[] },
  "memfiles claude-code install": {
    setup: (at: Awaited<ReturnType<typeof twoLevels>>) => at.installProject(),
    events: [...HOOK_EVENTS],
  },
  "only a hand-written PreToolUse guard": {
    setup: (at: Awaited<ReturnType<typeof twoLevels>>) =>
      handWritten(at.cwd, "PreToolUse", "pre-tool-use"),
    events: ["pre-tool-use"] as HookEvent[],
  },
  "only a hand-written SessionEnd hook": {
    setup: (at: Awaited<ReturnType<typeof twoLevels>>) =>
      handWritten(at.cwd, "SessionEnd", "session-end"),
    events: ["session-end"] as HookEvent[],
  },
  "only a hand-written UserPromptSubmit hook": {
    setup: (at: Awaited<ReturnType<typeof twoLevels>>) =>
      handWritten(at.cwd, "UserPromptSubmit", "user-prompt-submit"),
    events: ["user-prompt-submit"] as HookEvent[],
  },
} as const;

describe("a --user install and a project's own: one acts, by one rule, for every event", () => {
  const CASES = HOOK_EVENTS.flatMap((event) =>
    (["project", "user"] as const).flatMap((level) =>
      (Object.keys(PROJECT_INSTALLS) as Array<keyof typeof PROJECT_INSTALLS>).map(
        (projectInstall) => ({ event, level, projectInstall }),
      ),
    ),
  );
  // Written out, not derived from the rule's table: the user-level hooks that may stand down.
  const STANDS_DOWN = new Set([
    "session-start",
    "user-prompt-submit",
    "pre-compact",
    "session-end",
  ]);

  it.each(CASES)(
    "$event, $level level, project install: $projectInstall",
    async ({ event, level, projectInstall }) => {
      const at = await twoLevels();
      const install = PROJECT_INSTALLS[projectInstall];
      await install.setup(at);
      const root = level === "user" ? at.userRoot : at.projectRoot;
      const acted = await runAt(event, { cwd: at.cwd, root, user: level === "user" });
      const standsDown =
        level === "user" && STANDS_DOWN.has(event) && install.events.includes(event);
      expect(acted).toBe(standsDown ? "nothing" : ACTS[event](root));
    },
  );

  it.each(HOOK_EVENTS)(
    "%s: with both levels installed, a session's facts are saved and recalled from one folder",
    async (event) => {
      const at = await twoLevels();
      await at.installProject();
      const both = [
        await runAt(event, { cwd: at.cwd, root: at.projectRoot, user: false }),
        await runAt(event, { cwd: at.cwd, root: at.userRoot, user: true }),
      ].filter((acted) => acted !== "nothing");
      expect(both).toEqual(
        event === "pre-tool-use" ? ["output", "output"] : [ACTS[event](at.projectRoot)],
      );
    },
  );

  it.each([
    {
      name: "hooks in the project's settings.local.json",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await at.installProject("settings.local.json");
      },
      standsDown: true,
    },
    {
      name: "a project settings file that is not JSON",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await mkdir(join(at.cwd, ".claude"));
        await writeFile(
          join(at.cwd, ".claude", "settings.json"),
          `{ // memfiles hook session-end\n}`,
        );
      },
      standsDown: false,
    },
    {
      name: "only another tool's hooks in the project",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await mkdir(join(at.cwd, ".claude"));
        await writeFile(
          join(at.cwd, ".claude", "settings.json"),
          JSON.stringify({
            hooks: { SessionEnd: [{ hooks: [{ type: "command", command: "./save.sh" }] }] },
          }),
        );
      },
      standsDown: false,
    },
    {
      name: "the project is the home folder, whose settings hold the --user install itself",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await mkdir(join(at.cwd, ".claude"));
        const command = hookCommandLine(
          { hookCommand: HOOK_COMMAND, root: at.userRoot, user: true },
          "session-end",
        );
        await writeFile(
          join(at.cwd, ".claude", "settings.json"),
          JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: "command", command }] }] } }),
        );
      },
      standsDown: false,
    },
    {
      name: "hooks in a UTF-16 settings.json (read as memfiles reads every user file)",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await at.installProject();
        const path = join(at.cwd, ".claude", "settings.json");
        const text = `\uFEFF${await readFile(path, "utf8")}`;
        await writeFile(path, Buffer.from(text, "utf16le"));
      },
      standsDown: true,
    },
    {
      name: "CLAUDE_PROJECT_DIR naming the installed project, the session's cwd outside it",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await at.installProject();
        return { cwd: join(at.home, "elsewhere"), env: { CLAUDE_PROJECT_DIR: at.cwd } };
      },
      standsDown: true,
    },
    {
      name: "CLAUDE_PROJECT_DIR naming a project without an install, the cwd in one with it",
      setup: async (at: Awaited<ReturnType<typeof twoLevels>>) => {
        await at.installProject();
        return { cwd: at.cwd, env: { CLAUDE_PROJECT_DIR: at.home } };
      },
      standsDown: false,
    },
  ] as Array<{
    name: string;
    setup: (
      at: Awaited<ReturnType<typeof twoLevels>>,
    ) => Promise<{ cwd: string; env: NodeJS.ProcessEnv } | undefined>;
    standsDown: boolean;
  }>)("the user-level SessionEnd with $name", async ({ setup, standsDown }) => {
    const at = await twoLevels();
    const { cwd, env } = (await setup(at)) ?? { cwd: at.cwd, env: {} };
    expect(userLevelStandsDown("session-end", join(cwd, "src"), env)).toBe(standsDown);
    expect(await runAt("session-end", { cwd, root: at.userRoot, user: true, env })).toBe(
      standsDown ? "nothing" : `write pass into ${at.userRoot}`,
    );
  });

  it("finds the project's install from a subfolder; a folder outside the project has none", async () => {
    const at = await twoLevels();
    await at.installProject();
    const sub = join(at.cwd, "src", "deep");
    await mkdir(sub, { recursive: true });
    expect(projectHookCommands(sub, {})).toHaveLength(5);
    expect(projectHookCommands(join(at.home), {})).toEqual([]);
  });

  it("the user-level hook stands down on an input too large to read, too", async () => {
    const at = await twoLevels();
    await at.installProject();
    const stdin = hookInput(at.cwd, { prompt: "x".repeat(100) });
    const result = await runHook({
      event: "user-prompt-submit",
      stdin,
      stdinTooLarge: true,
      root: at.userRoot,
      user: true,
    });
    expect(result).toEqual({ stdout: "" });
    const log = join(at.userRoot, ".memfiles/claude-code/hook.log");
    expect(existsSync(log)).toBe(false);
    // The project-level hook of the same folder logs the input it did not read.
    await runHook({ event: "user-prompt-submit", stdin, stdinTooLarge: true, root: at.userRoot });
    expect(existsSync(log)).toBe(true);
  });
});
