import { type Dirent, existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { StoreLayout } from "@memfiles/core";
// The recall entry, not "@memfiles/core": a hook process must not load the API client, the write
// pipeline and the secret scanner on every prompt.
import {
  detectLayout,
  MemoryStore,
  projectNameOf,
  type TimeZoneFromEnv,
  timeZoneFromEnv,
} from "@memfiles/core/recall";
import {
  budgetSpentLine,
  DETACHED_EVENTS,
  HOOK_LOCK_WAIT_MS,
  type HookEvent,
  hookBudgetMs,
  isHookEvent,
  notAnEventLine,
  notHookInputLine,
} from "./hook-events.js";
import {
  type HookInput,
  parseHookInput,
  replacedSessionIdMessage,
  safeSessionId,
} from "./hook-input.js";
import { logHook } from "./hook-log.js";
import type {
  HookContext,
  HookOutput,
  IndexBuildRequest,
  WritePassRequest,
} from "./hooks/hook-context.js";
import { userLevelStandsDown } from "./install-level.js";
import { memoryLocation } from "./memory-location.js";
import { memoryPathOf } from "./memory-path-of.js";
import { MAX_HOOK_STDIN_BYTES, textFieldOf } from "./read-hook-stdin.js";
import { DEFAULT_PROMPT_RECALL_TOKENS, DEFAULT_SESSION_START_TOKENS } from "./recall-constants.js";

type Hook = (context: HookContext) => Promise<HookOutput | undefined>;

/**
 * The hooks by the event name `memfiles hook <event>` takes (kebab-case of Claude Code's event
 * names), each loaded only when its event runs. SessionEnd and PreCompact both start the write
 * pass.
 */
export const HOOKS = {
  "session-start": async () => (await import("./hooks/session-start.js")).sessionStart,
  "user-prompt-submit": async () =>
    (await import("./hooks/user-prompt-submit.js")).userPromptSubmit,
  "pre-tool-use": async () => (await import("./hooks/pre-tool-use.js")).preToolUse,
  "pre-compact": async () => (await import("./hooks/session-end.js")).sessionEnd,
  "session-end": async () => (await import("./hooks/session-end.js")).sessionEnd,
} as const satisfies Record<HookEvent, () => Promise<Hook>>;

export type { HookEvent };

/** Claude Code's name of each event (settings keys, `hook_event_name`). */
export const CLAUDE_CODE_EVENT_NAMES: Record<HookEvent, string> = {
  "session-start": "SessionStart",
  "user-prompt-submit": "UserPromptSubmit",
  "pre-tool-use": "PreToolUse",
  "pre-compact": "PreCompact",
  "session-end": "SessionEnd",
};

/** Options of {@link runHook}. */
export type RunHookOptions = {
  event: string;
  /** The JSON Claude Code wrote to the hook's stdin (only its start when `stdinTooLarge`). */
  stdin: string;
  /** `true` when stdin went on past `MAX_HOOK_STDIN_BYTES` and was not read whole. */
  stdinTooLarge?: boolean;
  /** With `stdinTooLarge`: the input's last bytes, where a `file_path` after the content is. */
  stdinTail?: string;
  /** `--root`: a memfiles folder to use instead of Claude Code's auto memory. */
  root?: string | undefined;
  /** `--model`: the write pass's model. */
  model?: string | undefined;
  /**
   * `--user`: the hook is a `--user` install's, which stands down in a project with its own
   * install (`userLevelStandsDown`).
   */
  user?: boolean | undefined;
  env?: NodeJS.ProcessEnv;
  home?: string;
  now?: () => Date;
  sessionStartTokens?: number;
  promptRecallTokens?: number;
  /**
   * Starts the write pass of SessionEnd / PreCompact; default: `runSessionWritePass` in this
   * process, and `runHook` returns once it has ended. Claude Code does not wait for it: the hook
   * command (`hook-main`) hands those events to a detached child before anything is loaded.
   */
  startWritePass?: (request: WritePassRequest) => void;
  /**
   * Starts the recall index's build of a large folder that has none in a detached process (see
   * `recallIndexReady`), as the hook command (`hook-main`) does; without it, the hook builds the
   * index itself and recalls.
   */
  startIndexBuild?: (request: IndexBuildRequest) => void;
  /**
   * Aborted when the hook's time is up (`hookBudgetMs`, as the hook command sets it): `runHook`
   * then stops waiting for the hook's work and answers as if it had none (see {@link
   * budgetAnswer}), with `budgetSpent: true`; the work itself is not stopped, so the caller ends
   * the process. Without it the hook takes as long as its work.
   */
  signal?: AbortSignal;
};

/**
 * What the hook prints: on stdout JSON, or `""` for nothing; on stderr, when set, one line for
 * Claude Code's debug log (a problem with no memory folder to log it in). The exit code is always 0.
 */
export type RunHookResult = {
  stdout: string;
  stderr?: string;
  /** Set when `signal` was aborted before the hook's work ended: the work still runs. */
  budgetSpent?: true;
};

/** The hooks' time zone, and why it is UTC when a configured one names no zone. */
export type HookTimeZone = TimeZoneFromEnv;

/**
 * The user's IANA time zone by core's one rule (`timeZoneFromEnv`: `MEMFILES_TIME_ZONE`, else
 * `$TZ`, UTC with a warning when the one set names no zone), else the system's.
 *
 * @param env - The environment.
 * @returns `{ timeZone, warning? }`.
 * @example hookTimeZoneOf({ MEMFILES_TIME_ZONE: "Mars/Olympus" }).timeZone // "UTC"
 */
export function hookTimeZoneOf(env: NodeJS.ProcessEnv): HookTimeZone {
  return timeZoneFromEnv(env, Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The user's IANA time zone ({@link hookTimeZoneOf} without its warning). */
export function hookTimeZone(env: NodeJS.ProcessEnv): string {
  return hookTimeZoneOf(env).timeZone;
}

/**
 * Runs one Claude Code hook: parses its stdin, finds the memory folder (`--root`, else Claude
 * Code's auto memory of the project) and answers with the hook's JSON, or nothing. Never throws
 * and never asks Claude Code to stop: bad input, an unknown event or any failure ends in `""`
 * (an unknown event or input that is not Claude Code's with one stderr line; a failure logged
 * under `.memfiles/claude-code/hook.log` when the folder is known), except a failed check of an
 * edit inside the memory folder, which denies the edit.
 *
 * @param options - `{ event, stdin, root?, model?, user?, env?, home?, now?, sessionStartTokens?,
 *   promptRecallTokens?, startWritePass?, startIndexBuild?, signal? }`; token budgets in estimated
 *   tokens. With `user`, a hook of a `--user` install does nothing where `userLevelStandsDown`
 *   says so. With `signal`, once it aborts the hook answers as {@link budgetAnswer} says.
 * @returns `{ stdout, stderr?, budgetSpent? }`: the JSON to print, or `""`.
 * @example const { stdout } = await runHook({ event: "user-prompt-submit", stdin });
 */
export async function runHook(options: RunHookOptions): Promise<RunHookResult> {
  const { signal } = options;
  const work = answer(options);
  // Input over the cap is not parsed and answered at once: no budget to keep.
  if (signal === undefined || options.stdinTooLarge === true || !isHookEvent(options.event))
    return work;
  const event = options.event;
  const spent = new Promise<RunHookResult>((resolve) => {
    const give = () => {
      budgetAnswer(event, options).then(
        (stdout) => {
          const budget = hookBudgetMs(event) ?? 0;
          resolve({ stdout, stderr: budgetSpentLine(event, budget), budgetSpent: true });
        },
        () => resolve({ stdout: "", budgetSpent: true }),
      );
    };
    if (signal.aborted) give();
    else signal.addEventListener("abort", give, { once: true });
  });
  return Promise.race([work, spent]);
}

/**
 * What a hook answers when its time is up before its work ended (decision 0120): nothing, except
 * PreToolUse on an edit inside the memory folder, which it denies, since a PreToolUse hook Claude
 * Code stops at its timeout lets the edit through unchecked. Reads only the input and the
 * folder's path; names no file, so no secret of a path or a memory is printed.
 */
async function budgetAnswer(event: HookEvent, options: RunHookOptions): Promise<string> {
  if (event !== "pre-tool-use") return "";
  const input = parseHookInput(options.stdin);
  if (input === undefined) return "";
  const { deny, fileEditOf } = await import("./hooks/pre-tool-use.js");
  const edit = fileEditOf(input.tool_name, input.tool_input);
  if (edit === undefined) return "";
  const location = memoryLocation({
    cwd: input.cwd,
    root: options.root,
    env: options.env ?? process.env,
    ...(options.home === undefined ? {} : { home: options.home }),
  });
  if (memoryPathOf(location.root, resolve(input.cwd, edit.filePath)) === undefined) return "";
  return `${JSON.stringify(deny(`memfiles could not finish checking this edit of the memory folder within ${(hookBudgetMs(event) ?? 0) / 1_000} s (a large memory folder or a busy machine), so it is refused: Claude Code would make an edit the hook has not answered unchecked. Send it again, or save the fact with the memfiles MCP tools.`))}\n`;
}

/** {@link runHook} without its time budget. */
async function answer(options: RunHookOptions): Promise<RunHookResult> {
  const load = (HOOKS as Record<string, () => Promise<Hook>>)[options.event];
  // Exit 0 and nothing on stdout whatever the mistake (Claude Code takes exit 2 as "block"); the
  // stderr line is for a person who typed the command or reads Claude Code's debug log.
  if (load === undefined) return { stdout: "", stderr: notAnEventLine(options.event) };
  const parsed: HookInput | undefined =
    options.stdinTooLarge === true ? undefined : parseHookInput(options.stdin);
  // The one place a hook's session id is read: every hook, its state file and its log use it safe.
  const session = parsed === undefined ? undefined : await safeSessionId(parsed.session_id);
  const input: HookInput | undefined =
    parsed === undefined || session === undefined
      ? undefined
      : session.replaced
        ? { ...parsed, session_id: session.id }
        : parsed;
  const cwd = options.stdinTooLarge === true ? textFieldOf(options.stdin, "cwd") : input?.cwd;
  const env = options.env ?? process.env;
  // The one rule between two installs: a user-level hook in a project with its own install.
  if (
    options.user === true &&
    cwd !== undefined &&
    userLevelStandsDown(options.event as HookEvent, cwd, env)
  )
    return { stdout: "" };
  if (options.stdinTooLarge === true) return tooLargeInput(options);
  if (input === undefined) return { stdout: "", stderr: notHookInputLine(options.event) };
  let store: MemoryStore | undefined;
  const warnings: string[] = [];
  const passes: Promise<unknown>[] = [];
  const runWritePass = (request: WritePassRequest) => {
    passes.push(
      import("./session-write-pass.js").then(({ runSessionWritePass }) =>
        runSessionWritePass(request, { env }),
      ),
    );
  };
  try {
    const location = memoryLocation({
      cwd: input.cwd,
      root: options.root,
      env,
      ...(options.home === undefined ? {} : { home: options.home }),
    });
    // A hook never creates a --root folder: a missing one is a typo or a folder moved away, and
    // a new empty one there would swallow the real one moved back (`mv old memory`).
    if (options.root !== undefined && !existsSync(location.root)) {
      return missingRoot(options.event, input, location.root, options.root);
    }
    // The one rule: Claude Code's auto memory folder is read as facts unless its files hold the
    // subject layout's dated lines (a memfiles folder someone put there).
    // The folder is read once: the layout probe and the store's first listing share it.
    const rootEntries = entriesOf(location.root);
    const layout: StoreLayout = detectLayout(location.root, {
      env,
      ...(options.home === undefined ? {} : { home: options.home }),
      ...(rootEntries === undefined ? {} : { rootEntries }),
    });
    store = new MemoryStore({
      root: location.root,
      layout,
      ...(rootEntries === undefined ? {} : { rootEntries }),
      ...lockWaitOf(options.event),
    });
    const opened = store;
    // The warning needs only the environment; the system's zone (ICU's time zone data, ~3 ms of
    // CPU) is read when a hook asks for `timeZone`, which SessionStart and UserPromptSubmit never do.
    if (session?.replaced === true) {
      await logHook(opened, {
        event: options.event,
        sessionId: input.session_id,
        outcome: "ok",
        message: replacedSessionIdMessage(input.session_id),
      });
    }
    const { warning } = timeZoneFromEnv(env);
    if (warning !== undefined) {
      await logHook(opened, {
        event: options.event,
        sessionId: input.session_id,
        outcome: "ok",
        message: warning,
      });
    }
    const context: HookContext = {
      input,
      location,
      layout,
      store: opened,
      project: projectNameOf(input.cwd),
      get timeZone() {
        return hookTimeZone(env);
      },
      now: options.now ?? (() => new Date()),
      sessionStartTokens: options.sessionStartTokens ?? DEFAULT_SESSION_START_TOKENS,
      promptRecallTokens: options.promptRecallTokens ?? DEFAULT_PROMPT_RECALL_TOKENS,
      model: options.model,
      startWritePass: options.startWritePass ?? runWritePass,
      ...(options.startIndexBuild === undefined
        ? {}
        : { startIndexBuild: options.startIndexBuild }),
      log: (entry) => logHook(opened, { sessionId: input.session_id, ...entry }),
      warn: (line) => warnings.push(`${line}\n`),
    };
    const output = await (await load())(context);
    // runSessionWritePass logs every outcome and never throws.
    await Promise.all(passes);
    return {
      stdout: output === undefined ? "" : `${JSON.stringify(output)}\n`,
      ...(warnings.length === 0 ? {} : { stderr: warnings.join("") }),
    };
  } catch (error) {
    if (store !== undefined) {
      await logHook(store, {
        event: options.event,
        sessionId: input.session_id,
        outcome: "failed",
        message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
    return { stdout: "" };
  }
}

/**
 * A hook input past `MAX_HOOK_STDIN_BYTES` is not parsed: nothing is printed and one line is
 * logged (in the memory folder found from the `cwd` at the input's start). PreToolUse alone
 * answers: an edit it cannot check is denied when its `file_path` (at the input's start, else in
 * `stdinTail`) is inside the memory folder or cannot be found, since printing nothing would let
 * Claude Code write it unchecked.
 */
async function tooLargeInput(options: RunHookOptions): Promise<RunHookResult> {
  try {
    const cwd = textFieldOf(options.stdin, "cwd") ?? process.cwd();
    const location = memoryLocation({
      cwd,
      root: options.root,
      env: options.env ?? process.env,
      ...(options.home === undefined ? {} : { home: options.home }),
    });
    let stdout = "";
    if (options.event === "pre-tool-use") {
      const filePath =
        textFieldOf(options.stdin, "file_path") ??
        (options.stdinTail === undefined
          ? undefined
          : textFieldOf(options.stdinTail, "file_path", true));
      if (
        filePath === undefined ||
        memoryPathOf(location.root, resolve(cwd, filePath)) !== undefined
      ) {
        const { deny } = await import("./hooks/pre-tool-use.js");
        stdout = `${JSON.stringify(deny(`memfiles could not check this edit: its input is over ${MAX_HOOK_STDIN_BYTES} bytes, past any memory file's size, so an edit of the memory folder is refused. Write less at a time.`))}\n`;
      }
    }
    if (existsSync(location.root)) {
      const given = textFieldOf(options.stdin, "session_id");
      const sessionId = given === undefined ? undefined : (await safeSessionId(given)).id;
      await logHook(new MemoryStore({ root: location.root, ...lockWaitOf(options.event) }), {
        event: options.event,
        ...(sessionId === undefined ? {} : { sessionId }),
        outcome: "skipped",
        message: `the hook input is over ${MAX_HOOK_STDIN_BYTES} bytes: not read${stdout === "" ? "" : "; the edit was denied"}`,
      });
    }
    return { stdout };
  } catch {
    return { stdout: "" };
  }
}

/**
 * A hook whose `--root` folder does not exist creates nothing: it prints nothing and says why on
 * stderr (Claude Code's debug log), as there is no folder to log in. PreToolUse denies an edit
 * into the missing folder, which Claude Code would otherwise create unchecked. Both name the
 * folder as the entry's argument errors do (core's `argumentErrorText`): a secret typed as
 * `--root` is redacted, a long one cut.
 */
async function missingRoot(
  event: string,
  input: HookInput,
  root: string,
  typed: string,
): Promise<RunHookResult> {
  // Loaded here: core's secret check is no part of a hook's usual path.
  const { argumentErrorText } = await import("@memfiles/core/internal");
  // Each part of the folder as typed, as the CLI shows a path: the messages name it resolved, and
  // the parts around a secret stay readable. What the guard flags across parts, the text's own
  // check finds.
  const shown = (text: string) => argumentErrorText(text, typed.split("/"));
  const fix = `Create it (\`memfiles claude-code install --root ${root} --create\`), or wire another folder.`;
  const stderr = `${await shown(`memfiles: the memory folder ${root} does not exist; the ${event} hook did nothing. ${fix}`)}\n`;
  if (event !== "pre-tool-use") return { stdout: "", stderr };
  const { deny, fileEditOf } = await import("./hooks/pre-tool-use.js");
  const edit = fileEditOf(input.tool_name, input.tool_input);
  if (edit === undefined || memoryPathOf(root, resolve(input.cwd, edit.filePath)) === undefined)
    return { stdout: "" };
  const reason = await shown(
    `Refused the edit of ${edit.filePath}: the memory folder ${root} does not exist, and memfiles never creates it unasked. ${fix}`,
  );
  return { stdout: `${JSON.stringify(deny(reason))}\n` };
}

// The one rule of a hook's wait for the store lock (decision 0082): a hook Claude Code waits on
// gives up after HOOK_LOCK_WAIT_MS and answers without what needed the lock; the detached child
// (a write pass) waits as every writer does.
function lockWaitOf(event: string): { lockWaitMs?: number } {
  return DETACHED_EVENTS.has(event) ? {} : { lockWaitMs: HOOK_LOCK_WAIT_MS };
}

// A missing or unreadable folder is left to each reader, which already handles it.
function entriesOf(folder: string): Dirent[] | undefined {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return undefined;
  }
}
