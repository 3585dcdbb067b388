/**
 * The hook command Claude Code runs: `memfiles hook <event> [--root <folder>] [--model <id>]
 * [--user]`
 * (the `memfiles` bin hands `hook` here before loading anything else), or this file directly.
 * It reads the event's JSON on stdin, prints the hook's JSON or nothing, and exits 0 whatever
 * happens. SessionEnd and PreCompact only hand their stdin to a detached child
 * (`detached --event <event> --input-file <file> [--root] [--model]`) and exit, before loading
 * anything of memfiles: Claude Code cancels a SessionEnd hook after 1.5 s, which a loaded machine
 * spent on imports alone. The child finds the folder and runs the write pass (`runHook`, which
 * runs it in its process): the one way a write pass leaves the hook's process. SessionStart and
 * UserPromptSubmit start the recall index's build of a large folder the same way
 * (`detached --event recall-index-build --input-file <file>`, the file holding `{ root, layout }`).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  argumentErrorLine,
  DETACHED_EVENTS,
  hookBudgetMs,
  INDEX_BUILD_EVENT,
  isHookEvent,
  notAnEventLine,
  notHookInputLine,
  USER_LEVEL_OPTION,
} from "./hook-events.js";
import { readHookStdin } from "./read-hook-stdin.js";

/**
 * `runHook` for the events a person waits on: from dist/run-hook.bundle.cjs, one file that `pnpm
 * build` bundles (scripts/bundle-hooks.mjs), run with V8's code cache of the event's last run
 * (`loadBundle`), when it is there; else (sources, or a dist/ built without it) from run-hook.js,
 * module by module. Measured on Node 20: the bundle saves a cold start ~40 ms of CPU, which Node's
 * module loader spent opening ~200 small files, and the code cache ~30 ms more at 10,000 files.
 */
async function loadRunHook(
  event: string,
): Promise<{ runHook: typeof import("./run-hook.js").runHook; done: () => void }> {
  const bundle = fileURLToPath(new URL("./run-hook.bundle.cjs", import.meta.url));
  if (existsSync(bundle)) {
    const { loadBundle } = await import("./load-bundle.js");
    const { exports, saveCodeCache } = loadBundle<typeof import("./run-hook.js")>(bundle, {
      variant: event,
    });
    return { runHook: exports.runHook, done: saveCodeCache };
  }
  return { runHook: (await import("./run-hook.js")).runHook, done: () => undefined };
}

/**
 * Writes the hook's stdin (or the build's request) to a private temporary file and starts this
 * entry again as a detached child with no stdio that reads it: the same node, node options and
 * entry arguments.
 */
function startDetached(event: string, stdin: string, argv: string[], values: Options): void {
  const file = join(tmpdir(), `memfiles-hook-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, stdin, { mode: 0o600, flag: "wx" });
  // The entry's own arguments: `memfiles.js hook` or `hook-main.js`.
  const entry = process.argv.slice(1, argv[0] === "hook" ? 3 : 2);
  const passed = (name: "root" | "model") =>
    typeof values[name] === "string" ? [`--${name}`, values[name] as string] : [];
  const user = values.user === true ? [USER_LEVEL_OPTION] : [];
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      ...entry,
      "detached",
      "--event",
      event,
      "--input-file",
      file,
      ...passed("root"),
      ...passed("model"),
      ...user,
    ],
    { detached: true, stdio: "ignore", windowsHide: true },
  );
  child.on("error", () => rmSync(file, { force: true }));
  child.unref();
}

/** The detached child: SessionEnd / PreCompact's hook with the write pass run in this process. */
async function runDetached(
  text: (name: Exclude<keyof Options, "user">) => string | undefined,
  user: boolean,
): Promise<void> {
  const event = text("event");
  const file = text("input-file");
  if (event === undefined || file === undefined) return;
  if (!DETACHED_EVENTS.has(event) && event !== INDEX_BUILD_EVENT) return;
  let stdin: string;
  try {
    stdin = readFileSync(file, "utf8");
  } finally {
    rmSync(file, { force: true });
  }
  if (event === INDEX_BUILD_EVENT) {
    const { buildRecallIndex } = await import("./recall-index-build.js");
    await buildRecallIndex(JSON.parse(stdin));
    return;
  }
  const { runHook } = await import("./run-hook.js");
  await runHook({ event, stdin, root: text("root"), model: text("model"), user });
}

type Options = ReturnType<typeof parseOptions>["values"];

/** Strict: a missing value, an option where a value should be, an unknown option all throw. */
function parseOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    options: {
      root: { type: "string" },
      model: { type: "string" },
      event: { type: "string" },
      "input-file": { type: "string" },
      user: { type: "boolean" },
    },
  });
}

/**
 * An argument error line with the words typed shown as every memfiles argument error shows them
 * (core's `argumentErrorText`: a secret redacted, a long paste cut). Core loads on this path only.
 */
async function shownLine(line: string, argv: readonly string[]): Promise<string> {
  const { argumentErrorText } = await import("@memfiles/core/internal");
  return `${await argumentErrorText(line.trimEnd(), argv)}\n`;
}

/**
 * Every mistake in the arguments is reported before stdin is read: a person who typed the command
 * at a terminal gets the line at once, not after ending the input.
 */
async function main(argv: string[]): Promise<void> {
  const [event = "", ...rest] = argv[0] === "hook" ? argv.slice(1) : argv;
  // First: an option typed before the event (`--root x user-prompt-submit`) is no event.
  if (event !== "detached" && !isHookEvent(event)) {
    process.stderr.write(await shownLine(notAnEventLine(event), argv));
    return;
  }
  let values: Options;
  try {
    ({ values } = parseOptions(rest));
  } catch (error) {
    process.stderr.write(await shownLine(argumentErrorLine(event, (error as Error).message), argv));
    return;
  }
  // `--root=` with no folder would fall back to the auto memory: do nothing and say so instead.
  const empty = Object.entries(values).find(([, value]) => value === "");
  if (empty !== undefined) {
    process.stderr.write(argumentErrorLine(event, `Option '--${empty[0]}' has an empty value`));
    return;
  }
  const text = (name: Exclude<keyof Options, "user">) => values[name];
  if (event === "detached") {
    await runDetached(text, values.user === true);
    return;
  }
  if (!isHookEvent(event)) return;
  // A terminal's stdin is a person, not Claude Code: no hook input is coming, so none is awaited.
  const {
    text: stdin,
    tooLarge,
    tail,
  } = process.stdin.isTTY === true
    ? { text: "", tooLarge: false, tail: undefined }
    : await readHookStdin(process.stdin, undefined, { keepTail: event === "pre-tool-use" });
  // Input over the cap goes to runHook, which logs it and prints nothing.
  if (DETACHED_EVENTS.has(event) && !tooLarge) {
    // Checked here: the detached child's stderr goes nowhere.
    const { parseHookInput } = await import("./hook-input.js");
    if (parseHookInput(stdin) === undefined) {
      process.stderr.write(notHookInputLine(event));
      return;
    }
    startDetached(event, stdin, argv, values);
    return;
  }
  // The hook's time, counted from the process's start (Node's start and the bundle's load
  // included), as Claude Code counts its timeout (decision 0120).
  const budget = hookBudgetMs(event);
  // AbortSignal.timeout takes whole ms only (a fraction throws ERR_OUT_OF_RANGE).
  const signal =
    budget === undefined
      ? undefined
      : AbortSignal.timeout(Math.max(0, Math.floor(budget - performance.now())));
  const { runHook, done } = await loadRunHook(event);
  const { stdout, stderr, budgetSpent } = await runHook({
    event,
    stdin,
    stdinTooLarge: tooLarge,
    ...(tail === undefined ? {} : { stdinTail: tail }),
    root: text("root"),
    model: text("model"),
    user: values.user === true,
    startIndexBuild: (request) =>
      startDetached(INDEX_BUILD_EVENT, JSON.stringify(request), argv, {}),
    ...(signal === undefined ? {} : { signal }),
  });
  if (budgetSpent === true) {
    // The hook's work still runs and would keep the process alive until Claude Code stops it:
    // end once the answer is written. A store lock it holds is removed at exit (proper-lockfile).
    process.stderr.write(stderr ?? "", () => process.stdout.write(stdout, () => process.exit(0)));
    return;
  }
  if (stdout !== "") process.stdout.write(stdout);
  if (stderr !== undefined) process.stderr.write(stderr);
  done();
}

// Claude Code may close the pipe before the hook writes (a cancelled or timed-out hook): the write's
// EPIPE is an "error" event, which unhandled would end the process with a stack trace and exit 1.
process.stdout.on("error", () => undefined);
try {
  await main(process.argv.slice(2));
} catch {
  // A hook never fails Claude Code's session: nothing printed is "no opinion".
}
process.exitCode = 0;
