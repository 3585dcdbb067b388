import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import {
  CLAUDE_CODE_EVENT_NAMES,
  claudeConfigFolder,
  describeProposals,
  type HookEvent,
  type ImportProgress,
  type ImportSessionsResult,
  importSessions,
  indexSecretLines,
  indexSecretWarning,
  installClaudeCode,
  isUserLevelHook,
  type McpApproval,
  memfilesHookEvent,
  memfilesToolsAllowed,
  memoryLocation,
  projectFolderOf,
  projectHookCommands,
  projectRootOf,
  readHookLog,
  readInstall,
  readPendingImport,
  rootOfHookCommand,
  SettingsFileError,
  uninstallClaudeCode,
  userLevelStandsDown,
} from "@memfiles/claude-code";
import { MemoryStore } from "@memfiles/core";
import { isCalendarDay } from "@memfiles/core/internal";
import { Option } from "commander";
import { CliError } from "../cli-error.js";
import { EXIT_CODES } from "../exit-codes.js";
import { openMemoryFolder } from "../memory-folder.js";
import { andList } from "../output.js";
import type { RegisterCommand } from "./command.js";

type Options = { user?: boolean; root?: string; create?: boolean };

/** The events memfiles hooks, in Claude Code's order. */
const EVENTS = Object.keys(CLAUDE_CODE_EVENT_NAMES) as HookEvent[];

/** Events by Claude Code's names, as a sentence lists them: "SessionStart, PreCompact and SessionEnd". */
const namesOf = (events: HookEvent[]): string =>
  andList(events.map((event) => CLAUDE_CODE_EVENT_NAMES[event]));
type ImportOptions = {
  root?: string;
  since?: string;
  maxUsd?: string;
  model?: string;
  dryRun?: boolean;
  resume?: boolean;
  abandon?: boolean;
  create?: boolean;
};

/**
 * What else Claude Code needs after an install, said once: the project server's approval (given
 * by install in the person's local settings, as Claude Code's own prompt would), and the tools'
 * permission, which Claude Code asks for at the first use of each tool and `claude -p` cannot.
 */
function nextSteps(
  approval: McpApproval | undefined,
  localSettingsPath: string | undefined,
  toolsAllowed: boolean,
): string {
  const lines: string[] = [];
  if (approval === "approved") {
    lines.push(
      `Approved the project's memfiles MCP server for you in ${localSettingsPath} (enabledMcpjsonServers), as Claude Code's own prompt does when you say yes.`,
    );
  }
  if (approval === "rejected") {
    lines.push(
      `You rejected the memfiles MCP server before (disabledMcpjsonServers): its tools stay off until you approve it with /mcp in Claude Code. The hooks work without it.`,
    );
  }
  if (!toolsAllowed)
    lines.push(
      'Claude Code asks before the first use of each memfiles tool; to allow them without asking (needed for `claude -p`), add "mcp__memfiles" to permissions.allow in ~/.claude/settings.json.',
    );
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/** The lines `import` prints: the sessions oldest first with their cost bound, then the outcome. */
function importReport(result: ImportSessionsResult): string {
  if (result.status === "abandoned") {
    return `Abandoned the pending import${result.batchId === "" ? "" : ` of batch ${result.batchId}`}: its ${result.sessions.length} sessions (${result.sessions.join(", ")}) were not applied; the next \`memfiles claude-code import\` sends them again.\n`;
  }
  const lines = result.skipped.map(
    (skipped) => `Skipped ${skipped.transcriptPath}: ${skipped.reason}`,
  );
  if (result.status === "nothing_to_import") {
    lines.push(
      result.beforeSince === 0
        ? `No session in ${result.transcripts} has words of the user not imported yet.`
        : `No session in ${result.transcripts} on or after --since has words of the user not imported yet (${result.beforeSince} older ones left out).`,
    );
    return `${lines.join("\n")}\n`;
  }
  for (const row of result.plan) {
    lines.push(`${row.date}  ${row.sessionId}  ${row.turns} turns  up to $${row.usd.toFixed(4)}`);
  }
  const total = `${result.plan.length} sessions, up to $${result.usd.toFixed(4)} at the batch price (input by characters, max_tokens as output)`;
  if (result.status === "dry_run") {
    lines.push(`${total}. Nothing was sent (--dry-run).`);
    if (result.pendingBatchId !== undefined) {
      lines.push(
        `An earlier import's batch${result.pendingBatchId === "" ? "" : ` (${result.pendingBatchId})`} is not applied yet: \`memfiles claude-code import --resume\` applies it (or \`--abandon\` drops it) before these can be sent.`,
      );
    }
  }
  if (result.status === "pending") {
    lines.push(
      `${total}. Batch ${result.batchId} has not ended yet; run \`memfiles claude-code import --resume\` later to apply it.`,
    );
  }
  if (result.status === "ended") {
    const applied = result.outcomes.filter((outcome) => outcome.code === "applied").length;
    lines.push(
      `${total}. Batch ${result.batchId || "(none needed)"}: ${applied} sessions applied; ${describeProposals(result.outcomes)}.`,
    );
    for (const outcome of result.outcomes) {
      if (outcome.code !== "applied" && outcome.code !== "already_applied") {
        lines.push(
          `Not applied: ${outcome.sessionId} (${outcome.code}); import again to retry it.`,
        );
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

// This file sits in src/commands/ or dist/commands/; the bin is ../../bin/memfiles.js from both.
const BIN = fileURLToPath(new URL("../../bin/memfiles.js", import.meta.url));

// Node's option that makes a workspace clone's packages load from dist/ (bin/memfiles.js).
const BUILT_CONDITION = "--conditions=memfiles-dist";

/** Whether this CLI runs inside a workspace clone (its TypeScript sources beside the bin). */
const inWorkspace = () => existsSync(fileURLToPath(new URL("../../src/main.ts", import.meta.url)));

/** Whether the hooks' entry is built (`pnpm build`), so a hook can start from dist/. */
const hooksBuilt = () =>
  existsSync(fileURLToPath(new URL("../../../claude-code/dist/hook-main.js", import.meta.url)));

/**
 * The command a hook runs: this node and the memfiles bin. Inside a built workspace clone it adds
 * `--conditions=memfiles-dist`, so a hook starts from dist/ instead of compiling TypeScript on
 * every prompt (about 2 s of CPU against 0.5 s, measured); unbuilt, install says so
 * ({@link sourceHooksWarning}).
 */
function hookCommand(): string[] {
  return [process.execPath, ...(inWorkspace() && hooksBuilt() ? [BUILT_CONDITION] : []), BIN];
}

/**
 * What install and status say when hooks start this workspace clone's memfiles from its
 * TypeScript source through tsx: UserPromptSubmit took 1.6 s wall (0.41 s CPU) against 0.5 s
 * (0.10 s) built, medians of 8 paired runs on a loaded machine, and nothing else tells a person
 * why each prompt waits. The command is written at install, so a build made later changes nothing
 * until install runs again.
 *
 * @param commands - The hook commands as wired (`readInstall`'s `commands`), or as install wires them.
 * @param built - Whether the hooks' entry is built (`pnpm build`); read from dist/ when not given.
 * @returns The warning with its fix, or `undefined` when no hook runs this clone from source.
 * @example sourceHooksWarning(["/usr/bin/node /src/memfiles/packages/cli/bin/memfiles.js hook session-end"], false) // "the hooks start memfiles from its TypeScript source, … run `pnpm build` …"
 */
export function sourceHooksWarning(
  commands: readonly string[],
  built: boolean = hooksBuilt(),
): string | undefined {
  const fromSource = commands.some(
    (command) => command.includes(BIN) && !command.includes(BUILT_CONDITION),
  );
  if (!fromSource || !inWorkspace()) return undefined;
  const workspace = resolve(fileURLToPath(new URL("../../../..", import.meta.url)));
  const fix = built
    ? "run `memfiles claude-code install` again (with the same options) to wire the built entry"
    : `run \`pnpm build\` in ${workspace}, then \`memfiles claude-code install\` again (with the same options)`;
  return `the hooks start memfiles from its TypeScript source through tsx, so each prompt waits about 1 s longer than with the built entry: ${fix}.`;
}

/**
 * The MCP server's command: the sibling package's bin when it is installed, else through npx.
 * `root` `undefined`: the auto memory of whichever project the server starts in. Inside a built
 * workspace clone it adds `--conditions=memfiles-dist`, as {@link hookCommand} does, so the server
 * starts from dist/ instead of compiling TypeScript through tsx. Its project scope is the project
 * it starts in, as the hooks' is the session's, by core's one project-name rule (no `--project`
 * name is written, so a folder name that gives none, such as "🎉", serves global memories only
 * rather than failing to start), for a project install and `--user` alike.
 */
function mcpServerCommand(root: string | undefined): string[] {
  const candidates = [
    fileURLToPath(new URL("../../../mcp/bin/memfiles-mcp.js", import.meta.url)),
    fileURLToPath(new URL("../../../../@memfiles/mcp/bin/memfiles-mcp.js", import.meta.url)),
  ];
  const found = candidates.find((path) => existsSync(path));
  const built =
    found !== undefined &&
    existsSync(new URL("../src/main.ts", pathToFileURL(found))) &&
    existsSync(new URL("../dist/main.js", pathToFileURL(found)));
  const server =
    found === undefined
      ? ["npx", "-y", "@memfiles/mcp"]
      : [process.execPath, ...(built ? ["--conditions=memfiles-dist"] : []), found];
  // A --root folder exists once install ran (it refuses a missing one without --create); the
  // server must not make a new empty one when it is moved away later, as no command does. The
  // auto memory is Claude Code's own folder, made at its first write.
  const memory =
    root === undefined ? ["--claude-code-memory", "--create"] : ["--root", root, "--cwd-project"];
  return [...server, ...memory, "--layout", "auto"];
}

/**
 * `memfiles claude-code install|uninstall|status [--user] [--root <folder>]`: wires memfiles'
 * hooks and MCP server into Claude Code's settings (the project's `.claude/settings.json` and
 * `.mcp.json`, or with `--user` `~/.claude/settings.json` and `~/.claude.json`), takes them out,
 * or says what is wired, where memory lives, how the last write pass and import went and which
 * import batch is pending. `import` runs the write pass over the project's past sessions
 * (`importSessions`).
 */
export const registerClaudeCode: RegisterCommand = (program, context, done) => {
  const claudeCode = program
    .command("claude-code")
    .description("use memfiles inside Claude Code: install, uninstall, status, import");
  const paths = (options: Options) => {
    const home = context.env.HOME ?? context.env.USERPROFILE;
    const env = context.env;
    const config = claudeConfigFolder({ env, ...(home === undefined ? {} : { home }) });
    // Where install notes the files it created, for uninstall to remove only those.
    const recordPath = join(config, "memfiles-install.json");
    if (options.user === true) {
      return {
        settingsPath: join(config, "settings.json"),
        mcpPath: join(resolve(config, ".."), ".claude.json"),
        recordPath,
        home,
      };
    }
    // Claude Code reads a worktree's own settings, not its main checkout's; the hooks find the
    // project by the same rule.
    const project = projectFolderOf(context.cwd, context.env);
    return {
      settingsPath: join(project, ".claude", "settings.json"),
      mcpPath: join(project, ".mcp.json"),
      localSettingsPath: join(project, ".claude", "settings.local.json"),
      recordPath,
      home,
    };
  };
  const where = (options: Options, home: string | undefined) =>
    memoryLocation({
      cwd: context.cwd,
      root: options.root,
      env: context.env,
      ...(home === undefined ? {} : { home }),
    });

  /**
   * In a git worktree: Claude Code runs the hooks of the worktree's own settings, while memory is
   * the main checkout's (the auto memory's project), so say that the wiring is not shared.
   */
  const worktreeNote = (options: Options) => {
    const checkout = projectFolderOf(context.cwd, context.env);
    const main = projectRootOf(checkout);
    if (options.user === true || checkout === main) return "";
    return `This is a git worktree of ${main}: Claude Code reads the worktree's own .claude/settings.json and .mcp.json, so each worktree needs its own install (or those files committed); the auto memory is shared with ${main}.\n`;
  };

  /**
   * What memfiles wired for this project (its settings; then --user's, which run here too) and
   * the `--root` its hooks use: the one rule by which status and import find the memory folder.
   */
  /**
   * A hook's `--root` as the hook takes it: a relative one from the project folder Claude Code
   * runs the hook in (`projectFolderOf`), not from where this command runs.
   */
  const rootOfHook = (command: string): string | undefined => {
    const root = rootOfHookCommand(command);
    return root === undefined
      ? undefined
      : resolve(projectFolderOf(context.cwd, context.env), root);
  };

  const wired = async (options: Options, onUnreadable: (error: SettingsFileError) => void) => {
    const read = async (files: { settingsPath: string; mcpPath: string }) => {
      try {
        return await readInstall(files);
      } catch (error) {
        if (!(error instanceof SettingsFileError)) throw error;
        onUnreadable(error);
        return { hooks: [], commands: [], mcp: false };
      }
    };
    const state = await read(paths(options));
    const userPaths = options.user === true ? undefined : paths({ ...options, user: true });
    // Claude Code runs the --user hooks beside the project's: both are read.
    const user = userPaths === undefined ? undefined : await read(userPaths);
    const commands = [...state.commands, ...(user?.commands ?? [])];
    // The folder the write pass saves into: the SessionEnd hook that acts here, by the hooks' rule.
    const saves = commands.find(
      (command) =>
        memfilesHookEvent(command) === "session-end" &&
        !(isUserLevelHook(command) && userLevelStandsDown("session-end", context.cwd, context.env)),
    );
    const first = saves ?? commands[0];
    const root = first === undefined ? undefined : rootOfHook(first);
    return { state, user, userPaths, root, commands };
  };

  /**
   * Both installs as they bear on this project: the project's own (its settings, as the hooks
   * read them: `projectHookCommands`), the `--user` one, and the folder each prompt here uses, by
   * the hooks' one rule (`userLevelStandsDown`). `warning` is set when both act here: `--user`
   * hooks written before they carried `--user` do not stand down, so each session is saved twice.
   */
  const levels = async (): Promise<{ lines: string; warning?: string }> => {
    const home = context.env.HOME ?? context.env.USERPROFILE;
    const folderOf = (command: string | undefined) => {
      if (command === undefined) return undefined;
      const root = rootOfHook(command);
      return where(root === undefined ? {} : { root }, home).root;
    };
    const project = projectHookCommands(context.cwd, context.env);
    const userPaths = paths({ user: true });
    const user = (
      await readInstall(userPaths).catch((error: unknown) => {
        if (error instanceof SettingsFileError) return { commands: [] };
        throw error;
      })
    ).commands.filter((command) => !project.includes(command));
    const projectFolder = folderOf(project[0]);
    const userFolder = folderOf(user[0]);
    const projectEvents = EVENTS.filter((event) =>
      project.some((command) => memfilesHookEvent(command) === event),
    );
    // A project install wires every event; fewer is a hand-written hook, not an install.
    const projectIs =
      projectEvents.length === EVENTS.length
        ? "This project's install"
        : `This project's memfiles hooks (${namesOf(projectEvents)} only, not an install)`;
    const lines = [
      projectFolder === undefined
        ? "This project's install: none"
        : `${projectIs}: ${paths({}).settingsPath}, memory ${projectFolder}`,
      `Install for all projects (--user): ${userFolder === undefined ? "none" : `${userPaths.settingsPath}, memory ${userFolder}`}`,
    ];
    const legacy = user.some((command) => !isUserLevelHook(command));
    // The hooks' one rule, asked per event: a project may run memfiles for some events only.
    const userEvents = EVENTS.filter((event) =>
      user.some((command) => memfilesHookEvent(command) === event),
    );
    const down = userEvents.filter((event) => userLevelStandsDown(event, context.cwd, context.env));
    const still = userEvents.filter((event) => event !== "pre-tool-use" && !down.includes(event));
    const userPart =
      down.length === 0
        ? ""
        : still.length === 0
          ? "; the --user hooks stand down in this project, and guard only edits of their folder"
          : `; the --user hooks stand down for ${namesOf(down)}; ${namesOf(still)} still use ${userFolder}`;
    const projectRecalls = project.find(
      (command) => memfilesHookEvent(command) === "user-prompt-submit",
    );
    let warning: string | undefined;
    if (projectFolder !== undefined && userFolder !== undefined && legacy) {
      warning = `memfiles is installed twice for this project and both act: each prompt recalls from ${projectFolder} and ${userFolder}, and each session's facts are saved in both. The --user hooks in ${userPaths.settingsPath} were written before they could stand down in a project with its own install; run \`memfiles claude-code install --user\` again (or \`memfiles claude-code uninstall\` here).`;
      lines.push(
        `Each prompt here uses: ${projectFolder} and ${userFolder} (both installs act: see the warning)`,
      );
    } else if (userFolder !== undefined && !down.includes("user-prompt-submit")) {
      lines.push(`Each prompt here uses: ${userFolder} (the --user install${userPart})`);
    } else if (projectRecalls !== undefined) {
      const recaller =
        projectEvents.length === EVENTS.length
          ? "this project's install"
          : "this project's UserPromptSubmit hook";
      lines.push(`Each prompt here uses: ${folderOf(projectRecalls)} (${recaller}${userPart})`);
    } else {
      lines.push(
        `Each prompt here uses: no memory (${project.length === 0 ? "memfiles is not installed for this project" : "this project's memfiles hooks do not recall for a prompt"})`,
      );
    }
    return { lines: `${lines.join("\n")}\n`, ...(warning === undefined ? {} : { warning }) };
  };

  claudeCode
    .command("install")
    .description("add memfiles' hooks and MCP server to Claude Code's settings (idempotent)")
    .option("--user", "all projects: ~/.claude/settings.json and ~/.claude.json")
    .option("--root <folder>", "a memfiles folder to use instead of Claude Code's auto memory")
    .option("--create", "start a new memory at --root when the folder does not exist")
    .action(async (options: Options) => {
      const { settingsPath, mcpPath, home, ...local } = paths(options);
      const location = where(options, home);
      if (options.root !== undefined) {
        // The rule every command keeps: a missing folder is a typo unless --create says otherwise.
        openMemoryFolder(location.root, context, {
          create: options.create === true,
          createHint: `memfiles claude-code install --root ${options.root} --create`,
        });
        await mkdir(location.root, { recursive: false }).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "EEXIST") throw error;
        });
      }
      const root = options.root === undefined ? undefined : location.root;
      const result = await installClaudeCode({
        settingsPath,
        mcpPath,
        ...local,
        hookCommand: hookCommand(),
        // Without --root the server finds the auto memory of the project it starts in, as the
        // hooks do: for every project (--user) one folder would serve the others its memory, and
        // a project's shared .mcp.json then holds no one's home folder.
        mcpCommand: mcpServerCommand(options.root === undefined ? undefined : location.root),
        root,
        user: options.user === true,
        ...(options.user === true
          ? {}
          : { projectFolder: projectFolderOf(context.cwd, context.env) }),
      });
      context.stdout(
        result.changed.length === 0
          ? `memfiles is already wired into ${settingsPath} and ${mcpPath}.\n`
          : `Wired memfiles into ${result.changed.join(" and ")}.\n`,
      );
      context.stdout(
        `Memory: ${location.root}${location.autoMemory ? " (Claude Code's auto memory of this project)" : ""}\n`,
      );
      context.stdout(worktreeNote(options));
      const both = await levels();
      context.stdout(both.lines);
      if (both.warning !== undefined) context.stderr(`Warning: ${both.warning}\n`);
      const slow = sourceHooksWarning([hookCommand().join(" ")]);
      if (slow !== undefined) context.stderr(`Warning: ${slow}\n`);
      const userSettings = paths({ user: true }).settingsPath;
      context.stdout(
        nextSteps(
          result.mcpApproval,
          local.localSettingsPath,
          await memfilesToolsAllowed(userSettings),
        ),
      );
      done(EXIT_CODES.ok);
    });

  claudeCode
    .command("import")
    .description(
      "backfill: the write pass over this project's past Claude Code sessions, oldest first, as one Message Batch (half price)",
    )
    .option("--root <folder>", "a memfiles folder to use instead of Claude Code's auto memory")
    .option("--since <date>", "only sessions dated on or after this day (YYYY-MM-DD)")
    .option("--max-usd <usd>", "refuse, before sending anything, when the batch may cost more")
    .option("--model <id>", "the write pass's model")
    .option("--dry-run", "list the sessions and their cost; send nothing")
    .option("--resume", "apply the batch an earlier import left pending")
    .addOption(
      new Option(
        "--abandon",
        "drop the batch an earlier import left pending, without applying it",
      ).conflicts("resume"),
    )
    .option("--create", "start a new memory at --root when the folder does not exist")
    .action(async (options: ImportOptions) => {
      // Without --root: the folder this project's hooks write, as status shows it.
      const root = options.root ?? (await wired({}, () => undefined)).root;
      if (root !== undefined) {
        if (options.root === undefined)
          context.stderr(
            `memfiles: importing into ${resolve(context.cwd, root)}, the folder this project's hooks are wired to (--root to choose another).\n`,
          );
        // The rule every command keeps: a missing folder is a typo unless --create says otherwise.
        openMemoryFolder(root, context, {
          create: options.create === true,
          createHint: `memfiles claude-code import --root ${root} --create`,
        });
      }
      // A plain decimal only: Number() would also take "0x10", " 1 " and "1e3".
      const maxUsd =
        options.maxUsd === undefined || !/^\d+(\.\d+)?$/.test(options.maxUsd)
          ? options.maxUsd === undefined
            ? undefined
            : Number.NaN
          : Number(options.maxUsd);
      if (maxUsd !== undefined && !(Number.isFinite(maxUsd) && maxUsd > 0)) {
        throw new CliError(`--max-usd must be a positive number of USD, not "${options.maxUsd}".`, {
          code: "bad_argument",
        });
      }
      if (options.since !== undefined && !isCalendarDay(options.since)) {
        throw new CliError(
          `--since must be a calendar day as YYYY-MM-DD, not "${options.since}".`,
          {
            code: "bad_argument",
          },
        );
      }
      const home = context.env.HOME ?? context.env.USERPROFILE;
      const apiKey = context.env.ANTHROPIC_API_KEY;
      // Ctrl-C while the batch runs stops the wait, not the batch: say how to apply it later.
      const stop = new AbortController();
      let waitingOn: string | undefined;
      const onProgress = (progress: ImportProgress) => {
        if (progress.kind === "waiting") {
          if (waitingOn === undefined) void context.untilStopped().then(() => stop.abort());
          waitingOn = progress.batchId;
          context.stderr(
            `Waiting for batch ${progress.batchId} (${progress.sessions} sessions; a batch may take up to 24 h). Ctrl-C stops waiting; the batch runs on and \`memfiles claude-code import --resume\` applies it.\n`,
          );
          return;
        }
        const minutes = Math.round(progress.waitedMs / 60_000);
        context.stderr(
          `Batch ${progress.batchId}: ${progress.status}, ${progress.ended} of ${progress.total} requests ended after ${minutes} min.\n`,
        );
      };
      const run = importSessions({
        cwd: context.cwd,
        root,
        since: options.since,
        maxUsd,
        model: options.model,
        dryRun: options.dryRun,
        resume: options.resume,
        abandon: options.abandon,
        onProgress,
        signal: stop.signal,
        env: context.env,
        ...(home === undefined ? {} : { home }),
        ...(apiKey === undefined || apiKey === "" ? {} : { client: new Anthropic({ apiKey }) }),
      });
      const result = await run.catch((error: unknown) => {
        if (!stop.signal.aborted) throw error;
        return undefined;
      });
      if (result === undefined) {
        context.stderr(
          `Stopped waiting. Batch ${waitingOn} runs on at the API; run \`memfiles claude-code import --resume\` to apply it (\`memfiles claude-code status\` shows it pending).\n`,
        );
        done(EXIT_CODES.ok);
        return;
      }
      context.stdout(importReport(result));
      done(EXIT_CODES.ok);
    });

  claudeCode
    .command("uninstall")
    .description("remove memfiles' hooks and MCP server from Claude Code's settings")
    .option("--user", "all projects: ~/.claude/settings.json and ~/.claude.json")
    .action(async (options: Options) => {
      const { settingsPath, mcpPath, localSettingsPath, recordPath } = paths(options);
      const result = await uninstallClaudeCode({
        settingsPath,
        mcpPath,
        recordPath,
        ...(localSettingsPath === undefined ? {} : { localSettingsPath }),
      });
      context.stdout(
        result.changed.length === 0
          ? "memfiles was not wired into Claude Code here.\n"
          : `Removed memfiles from ${result.changed.join(" and ")}.\n`,
      );
      done(EXIT_CODES.ok);
    });

  claudeCode
    .command("status")
    .description(
      "what is wired, where memory lives, the last write pass and import, a pending import batch",
    )
    .option("--user", "all projects: ~/.claude/settings.json and ~/.claude.json")
    .option("--root <folder>", "the memfiles folder the hooks use, when not the auto memory")
    .action(async (options: Options) => {
      const { settingsPath, mcpPath, home } = paths(options);
      let unreadable = false;
      // A settings file that is not JSON is reported and read as empty: the rest still prints.
      const {
        state,
        user,
        userPaths,
        root: wiredRoot,
        commands,
      } = await wired(options, (error) => {
        unreadable = true;
        context.stderr(
          `Cannot read ${error.path}: ${error.problem}. Claude Code cannot read it either; fix the file (it must be a JSON object) and run \`memfiles claude-code status\` again. What it wires is shown as nothing below.\n`,
        );
      });
      const root = options.root ?? wiredRoot;
      const location = where({ ...options, ...(root === undefined ? {} : { root }) }, home);
      const forAll = (path: string | undefined) => `for all projects (--user) in ${path}`;
      context.stdout(
        `Settings: ${settingsPath}${existsSync(settingsPath) ? "" : " (not present)"}\n`,
      );
      context.stdout(worktreeNote(options));
      // Both levels' hooks run here; which one acts for each event is said below.
      const userHooks =
        user === undefined || user.hooks.length === 0
          ? undefined
          : `${user.hooks.join(", ")} ${forAll(userPaths?.settingsPath)}`;
      const projectHooks =
        state.hooks.length === 0
          ? undefined
          : `${state.hooks.join(", ")}${userHooks === undefined ? "" : " (this project)"}`;
      const hooks = [projectHooks, userHooks].filter((part) => part !== undefined);
      context.stdout(`Hooks: ${hooks.length === 0 ? "none wired" : hooks.join("; ")}\n`);
      const slow = sourceHooksWarning(commands);
      if (slow !== undefined) context.stdout(`Warning: ${slow}\n`);
      context.stdout(
        `MCP server: ${
          state.mcp
            ? `registered in ${mcpPath}`
            : user?.mcp === true
              ? `registered ${forAll(userPaths?.mcpPath)}`
              : "not registered"
        }\n`,
      );
      const both = await levels();
      context.stdout(both.lines);
      if (both.warning !== undefined) context.stdout(`Warning: ${both.warning}\n`);
      const missing = !location.autoMemory && !existsSync(location.root);
      context.stdout(
        `Memory: ${location.root}${location.autoMemory ? " (Claude Code's auto memory of this project)" : ""}${missing ? ` (missing: the hooks do nothing until it exists; \`memfiles claude-code install --root ${location.root} --create\` starts it)` : ""}\n`,
      );
      const store = existsSync(location.root)
        ? new MemoryStore({ root: location.root })
        : undefined;
      // Claude Code loads the auto memory's MEMORY.md itself, without memfiles' checks.
      const secretLines =
        store === undefined || !location.autoMemory ? [] : await indexSecretLines(store);
      if (secretLines.length > 0)
        context.stdout(`Warning: ${indexSecretWarning(location.root, secretLines)}\n`);
      const log = store === undefined ? [] : await readHookLog(store);
      for (const [event, label] of [
        ["write-pass", "Last write pass"],
        ["import", "Last import"],
      ] as const) {
        const last = log.findLast((entry) => entry.event === event);
        context.stdout(
          last === undefined
            ? `${label}: none yet\n`
            : `${label}: ${last.at} ${last.outcome}${last.batchId === undefined ? "" : ` (batch ${last.batchId})`}: ${last.message}\n`,
        );
      }
      const pending = store === undefined ? undefined : await readPendingImport(store);
      if (pending !== undefined) {
        const which =
          pending.sendingAt === undefined
            ? `batch ${pending.batchId}`
            : `the batch it began sending at ${pending.sendingAt}, its id not noted (the import stopped)`;
        context.stdout(
          `Pending import: ${which} (${pending.sessions} sessions); \`memfiles claude-code import --resume\` ${pending.sendingAt === undefined ? "applies it" : "finds and applies it"}.\n`,
        );
      }
      done(unreadable ? EXIT_CODES.failed : EXIT_CODES.ok);
    });
};
