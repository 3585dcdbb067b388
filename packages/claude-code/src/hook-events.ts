/**
 * The events `memfiles hook <event>` takes (kebab-case of Claude Code's event names), and the one
 * stderr line of each mistake a hook reports: read by the hook entry before it loads anything,
 * and by `runHook`.
 */
export const HOOK_EVENTS = [
  "session-start",
  "user-prompt-submit",
  "pre-tool-use",
  "pre-compact",
  "session-end",
] as const;

/**
 * The events whose work (a write pass) runs in a detached child: Claude Code waits for none of it,
 * so that child waits for the store's lock as any writer does.
 */
export const DETACHED_EVENTS: ReadonlySet<string> = new Set(["session-end", "pre-compact"]);

/**
 * Longest wait for the memory folder's store lock, in ms, of each take of it by a hook Claude Code
 * waits on (SessionStart, UserPromptSubmit, PreToolUse): past it the hook answers without what
 * needs the lock (the recall index stored, the session's shown lines, a hook log line). A write
 * holds the lock a few ms and a whole store's walk under it 5 ms at 1,000 files and about 50 ms at
 * 10,000 (decision 0076), so a hook waits those out; an import, a consolidation, a write pass or
 * the lock a killed writer left (stale only after 10,000 ms) it does not. Claude Code stops a hook
 * after 10 s (https://code.claude.com/docs/en/hooks); a prompt takes the lock at most three times.
 * See decision 0082.
 */
export const HOOK_LOCK_WAIT_MS = 100;

/**
 * How long Claude Code lets each hook run, in seconds, before it gives up on it (the `timeout`
 * of a command hook, https://code.claude.com/docs/en/hooks), as `install` and the plugin's
 * `hooks/hooks.json` write it. The write pass runs detached, so SessionEnd and PreCompact return
 * in well under a second.
 */
export const HOOK_TIMEOUT_SECONDS: Record<HookEvent, number> = {
  "session-start": 10,
  "user-prompt-submit": 10,
  "pre-tool-use": 30,
  "pre-compact": 10,
  "session-end": 10,
};

/**
 * What a hook entry tells Claude Code to do when the hook fails, by event: PreToolUse `"block"`,
 * so an edit of the memory folder whose check cannot start, crashes (an exit code other than 0 or
 * 2) or runs past its `timeout` is blocked, as a `deny` would block it, instead of going ahead
 * unchecked; the other events keep Claude Code's default (`"continue"`: a failed hook is a
 * non-blocking error). The field is Claude Code's `onFailure` (hooks reference,
 * https://code.claude.com/docs/en/hooks, "Block the action when a hook fails"; v2.1.295 and
 * later), which `install` and the plugin's `hooks/hooks.json` write. See decision 0128.
 */
export const HOOK_ON_FAILURE: Partial<Record<HookEvent, "block">> = {
  "pre-tool-use": "block",
};

/**
 * What a hook Claude Code waits on keeps of its timeout for itself, in ms: it gives its answer
 * once {@link hookBudgetMs} has passed since its process started, this long before Claude Code
 * would stop it. It covers the hook's exit and a stretch of synchronous work the budget's timer
 * waits behind (the timer runs between awaits). See decision 0120.
 */
export const HOOK_BUDGET_MARGIN_MS = 2_000;

/**
 * The wall time, in ms from the hook process's start, after which a hook Claude Code waits on
 * (SessionStart, UserPromptSubmit, PreToolUse) stops waiting for its work and answers as if it
 * had none: SessionStart and UserPromptSubmit print nothing (a prompt without memory), PreToolUse
 * denies an edit of the memory folder it has not finished checking (a PreToolUse hook that times
 * out lets the tool call through, https://code.claude.com/docs/en/hooks). `undefined` for
 * SessionEnd and PreCompact, which hand their work to a detached child and wait for nothing.
 * Its {@link HOOK_TIMEOUT_SECONDS} less {@link HOOK_BUDGET_MARGIN_MS}: 8,000 ms for SessionStart
 * and UserPromptSubmit, 28,000 ms for PreToolUse. See decision 0120.
 *
 * @param event - The hook event.
 * @returns The budget in ms of wall time, or `undefined`.
 * @example hookBudgetMs("user-prompt-submit") // 7000
 */
export function hookBudgetMs(event: HookEvent): number | undefined {
  if (DETACHED_EVENTS.has(event)) return undefined;
  return HOOK_TIMEOUT_SECONDS[event] * 1_000 - HOOK_BUDGET_MARGIN_MS;
}

/**
 * The stderr line of a hook that answered at its budget (`hookBudgetMs`) without its work: for
 * Claude Code's debug log. Names no memory and no input, so it can hold no secret.
 */
export const budgetSpentLine = (event: HookEvent, budgetMs: number): string =>
  `memfiles: the ${event} hook stopped after ${budgetMs} ms (${HOOK_TIMEOUT_SECONDS[event]} s is Claude Code's timeout for it) without finishing; ${event === "pre-tool-use" ? "an edit of the memory folder is refused, any other edit goes ahead" : "the prompt goes on without memory"}. The memory folder is large or the machine busy.\n`;

/**
 * The detached child's event that builds the recall index (`memfiles hook detached --event
 * recall-index-build`), and the hook log's event of that build and of a hook left without recall.
 */
export const INDEX_BUILD_EVENT = "recall-index-build";

/**
 * The option a `--user` install adds to each hook command, so a hook knows it is the user-level
 * one (Claude Code does not say which settings file a hook came from): see `userLevelStandsDown`.
 */
export const USER_LEVEL_OPTION = "--user";

/** An event `memfiles hook` handles. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Whether `memfiles hook` handles this event. */
export const isHookEvent = (event: string): event is HookEvent =>
  (HOOK_EVENTS as readonly string[]).includes(event);

/** The stderr line of an event `memfiles hook` does not take. */
export const notAnEventLine = (event: string): string =>
  `memfiles: "${event}" is not a hook event; \`memfiles hook\` takes ${HOOK_EVENTS.join(", ")}. Nothing was done.\n`;

/** The stderr line of a stdin that is not Claude Code's hook input. */
export const notHookInputLine = (event: string): string =>
  `memfiles: the ${event} hook's stdin is not Claude Code's hook input (a JSON object with session_id and cwd); ${event === "pre-tool-use" ? "the edit goes ahead unchecked" : "nothing was done"}.\n`;

/**
 * The stderr line of a mistake in the hook's arguments (`problem`: the option parser's message,
 * made one line).
 */
export const argumentErrorLine = (event: string, problem: string): string =>
  `memfiles: ${problem.replace(/\s*\n\s*/g, " ").replace(/[.\s]*$/, "")}; the ${event} hook did nothing.\n`;
