import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkoutRootOf, decodeText } from "@memfiles/core/recall";
import { HOOK_EVENTS, type HookEvent, USER_LEVEL_OPTION } from "./hook-events.js";

// Which of two installs acts in a project, by one rule: kept apart from install.ts (which loads
// a JSON editor and core's text helpers) because every user-level hook asks it on every prompt.

export { USER_LEVEL_OPTION };

/**
 * Per event, whether a user-level hook may stand down in a project whose own install runs memfiles
 * for that event: recall and the write pass run once, from the project's install, so a session's
 * facts are saved in one folder and each prompt recalls one memory. PreToolUse does not: it writes
 * nothing, and it is the only check of edits into the user-level folder (Claude Code's own auto
 * memory, when `install --user` had no `--root`), which Claude Code may still write in that project.
 */
export const USER_LEVEL_STANDS_DOWN: Record<HookEvent, boolean> = {
  "session-start": true,
  "user-prompt-submit": true,
  "pre-tool-use": false,
  "pre-compact": true,
  "session-end": true,
};

type HookGroup = { hooks?: Array<{ command?: unknown }> };

const MEMFILES_HOOK = new RegExp(`memfiles\\S*'?\\s+hook\\s+(${HOOK_EVENTS.join("|")})\\b`);

/**
 * The event a memfiles hook command runs (any install, any path), e.g. `"session-end"` for
 * `memfiles hook session-end --root ~/notes`.
 *
 * @returns The event, or `undefined` when the command is not a memfiles hook.
 */
export function memfilesHookEvent(command: unknown): HookEvent | undefined {
  if (typeof command !== "string") return undefined;
  return MEMFILES_HOOK.exec(command)?.[1] as HookEvent | undefined;
}

/** Whether a hook command is one of memfiles' (any install, any path). */
export function isMemfilesHook(command: unknown): command is string {
  return memfilesHookEvent(command) !== undefined;
}

/** Whether a memfiles hook command is a `--user` install's (it carries {@link USER_LEVEL_OPTION}). */
export function isUserLevelHook(command: string): boolean {
  return new RegExp(`\\s${USER_LEVEL_OPTION}(?=\\s|$)`).test(command);
}

/**
 * The memfiles hook commands of a settings file's `hooks` value, in file order.
 *
 * @param hooks - The `hooks` of a Claude Code settings file (any value; a malformed one gives none).
 * @returns The commands as written.
 */
export function memfilesHookCommands(hooks: unknown): string[] {
  if (typeof hooks !== "object" || hooks === null) return [];
  const commands: string[] = [];
  for (const groups of Object.values(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups as HookGroup[]) {
      for (const hook of Array.isArray(group?.hooks) ? group.hooks : []) {
        if (isMemfilesHook(hook?.command)) commands.push(hook.command);
      }
    }
  }
  return commands;
}

/** The environment the project folder is read from (`CLAUDE_PROJECT_DIR`). */
export type ProjectEnv = Readonly<Record<string, string | undefined>>;

/**
 * The project folder whose settings Claude Code reads: `CLAUDE_PROJECT_DIR` when set (Claude Code
 * sets it for every hook, https://code.claude.com/docs/en/hooks), else the git checkout `cwd` is
 * in (a worktree's own). The hooks, install and status all find it here.
 *
 * @param cwd - The folder Claude Code (or the command) runs in.
 * @param env - The environment (`CLAUDE_PROJECT_DIR`).
 * @returns An absolute path.
 */
export function projectFolderOf(cwd: string, env: ProjectEnv): string {
  const projectDir = env.CLAUDE_PROJECT_DIR;
  return projectDir !== undefined && projectDir !== "" ? resolve(projectDir) : checkoutRootOf(cwd);
}

/**
 * The settings files Claude Code reads a project's hooks from: `.claude/settings.json` and
 * `.claude/settings.local.json` of {@link projectFolderOf}, where a project install writes them.
 *
 * @param cwd - The folder Claude Code runs in (the hook input's `cwd`).
 * @param env - The hook's environment.
 */
export function projectSettingsPaths(cwd: string, env: ProjectEnv): string[] {
  const folder = join(projectFolderOf(cwd, env), ".claude");
  return [join(folder, "settings.json"), join(folder, "settings.local.json")];
}

/**
 * The memfiles hook commands of the project's own install: those in its settings files that are
 * not a `--user` install's (the project may be the home folder, whose settings are the user's).
 * Read as memfiles reads every user file (a byte order mark, UTF-16); a missing or unreadable
 * file, or one that is not JSON, wires nothing (Claude Code skips it too).
 *
 * @param cwd - The folder Claude Code runs in (the hook input's `cwd`).
 * @param env - The hook's environment (`CLAUDE_PROJECT_DIR`: {@link projectSettingsPaths}).
 * @returns The commands, in file order.
 */
export function projectHookCommands(cwd: string, env: ProjectEnv): string[] {
  return projectSettingsPaths(cwd, env).flatMap((path) => {
    let settings: unknown;
    try {
      const decoded = decodeText(readFileSync(path));
      if (!decoded.ok) return [];
      settings = JSON.parse(decoded.text.replace(/^\uFEFF/, ""));
    } catch {
      return [];
    }
    const hooks =
      typeof settings === "object" && settings !== null
        ? (settings as { hooks?: unknown }).hooks
        : undefined;
    return memfilesHookCommands(hooks).filter((command) => !isUserLevelHook(command));
  });
}

/**
 * The one rule between a `--user` install and a project's own: a user-level hook stands down for
 * an event of {@link USER_LEVEL_STANDS_DOWN} when the project's own install runs memfiles for that
 * same event (a project with only a hand-written PreToolUse guard keeps the `--user` recall and
 * write pass). `runHook` asks it for every event; `memfiles claude-code status` shows its answer.
 *
 * @param event - The hook's event.
 * @param cwd - The folder Claude Code runs in.
 * @param env - The hook's environment (`CLAUDE_PROJECT_DIR`: {@link projectSettingsPaths}).
 * @returns `true` when the user-level hook does nothing here.
 * @example userLevelStandsDown("session-end", "/home/ana/shop", process.env) // true when /home/ana/shop/.claude/settings.json runs `memfiles hook session-end`
 */
export function userLevelStandsDown(event: HookEvent, cwd: string, env: ProjectEnv): boolean {
  return (
    USER_LEVEL_STANDS_DOWN[event] &&
    projectHookCommands(cwd, env).some((command) => memfilesHookEvent(command) === event)
  );
}
