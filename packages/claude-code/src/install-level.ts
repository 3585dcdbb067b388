import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkoutRootOf } from "@memfiles/core/recall";
import { type HookEvent, USER_LEVEL_OPTION } from "./hook-events.js";

// Which of two installs acts in a project, by one rule: kept apart from install.ts (which loads
// a JSON editor and core's text helpers) because every user-level hook asks it on every prompt.

export { USER_LEVEL_OPTION };

/**
 * Per event, whether a user-level hook stands down in a project that has its own memfiles
 * install: recall and the write pass run once, from the project's install, so a session's facts
 * are saved in one folder and each prompt recalls one memory. PreToolUse does not: it writes
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

/** Whether a hook command is one of memfiles' (any install, any path). */
export function isMemfilesHook(command: unknown): command is string {
  return (
    typeof command === "string" &&
    /memfiles\S*'?\s+hook\s+(session-start|user-prompt-submit|pre-tool-use|pre-compact|session-end)\b/.test(
      command,
    )
  );
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

/**
 * The settings files Claude Code reads a project's hooks from: `.claude/settings.json` and
 * `.claude/settings.local.json` of the git checkout `cwd` is in (a worktree's own), where a
 * project install writes them.
 */
export function projectSettingsPaths(cwd: string): string[] {
  const folder = join(checkoutRootOf(cwd), ".claude");
  return [join(folder, "settings.json"), join(folder, "settings.local.json")];
}

/**
 * The memfiles hook commands of the project's own install: those in its settings files that are
 * not a `--user` install's (the project may be the home folder, whose settings are the user's).
 * A missing or unreadable file, or one that is not JSON, wires nothing (Claude Code skips it too).
 *
 * @param cwd - The folder Claude Code runs in (the hook input's `cwd`).
 * @returns The commands, in file order.
 */
export function projectHookCommands(cwd: string): string[] {
  return projectSettingsPaths(cwd).flatMap((path) => {
    let settings: unknown;
    try {
      settings = JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
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
 * The one rule between a `--user` install and a project's own: a user-level hook stands down in a
 * project whose settings run memfiles hooks, for the events of {@link USER_LEVEL_STANDS_DOWN}.
 * `runHook` asks it for every event; `memfiles claude-code status` shows its answer.
 *
 * @param event - The hook's event.
 * @param cwd - The folder Claude Code runs in.
 * @returns `true` when the user-level hook does nothing here.
 * @example userLevelStandsDown("session-end", "/home/ana/shop") // true when /home/ana/shop/.claude/settings.json runs memfiles
 */
export function userLevelStandsDown(event: HookEvent, cwd: string): boolean {
  return USER_LEVEL_STANDS_DOWN[event] && projectHookCommands(cwd).length > 0;
}
