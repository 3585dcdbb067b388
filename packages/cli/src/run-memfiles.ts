import { type ChildProcessByStdio, spawn } from "node:child_process";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { MemfilesError } from "@memfiles/core";
import { apiErrorOf, isTimeZone, shownArgument, timeZoneFromEnv } from "@memfiles/core/internal";
import { Command, CommanderError, type Option } from "commander";
import { CliError } from "./cli-error.js";
import type { CommandContext } from "./command-context.js";
import { COMMANDS } from "./commands/index.js";
import { EXIT_CODES, type ExitCode } from "./exit-codes.js";
import { type DatabaseOptions, layoutOption, openMemoryDatabase } from "./memory-database.js";
import { claudeCodeMemoryFolder } from "./memory-folder.js";
import { typedWordsOutput } from "./typed-words.js";

const EXIT_CODES_HELP = `
Exit codes:
  0   done
  1   ran, and the answer is no: problems found, nothing matched, a change refused
  2   bad arguments, or a mistake you can fix (folder, path, bundle, API key); nothing changed
  3   the memory changed while the command ran; nothing changed, run it again
  70  a bug in memfiles (MEMFILES_DEBUG=1 prints the stack)
`;

/**
 * Runs the `memfiles` command line: parses `argv` with commander, runs the subcommand, and turns
 * every error into one line on stderr and an exit code (see {@link EXIT_CODES}); never a stack
 * trace unless `MEMFILES_DEBUG=1`.
 *
 * @param argv - Arguments after the program name, e.g. `["ls", "./memory"]`.
 * @param given - Streams, folder, environment and prompts (see {@link CommandContext}).
 * @returns The exit code.
 * @example process.exitCode = await runMemfiles(process.argv.slice(2), context);
 */
export async function runMemfiles(argv: string[], given: CommandContext): Promise<ExitCode> {
  // Every line printed, by a command, by commander or by `report`, shows the typed words as core
  // shows them: a message that quotes a folder, path, query, option value or a word commander
  // refused never echoes a secret or a paste. This is the CLI's one rule for it.
  const output = typedWordsOutput(argv, given);
  const context: CommandContext = {
    ...given,
    stdout: output.stdout,
    stderr: output.stderr,
    confirm: async (question) => {
      await output.written();
      return given.confirm(await output.shown(question));
    },
  };
  try {
    return await runProgram(argv, context);
  } finally {
    await output.written();
  }
}

async function runProgram(argv: string[], context: CommandContext): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT_CODES.ok;
  const program = new Command("memfiles")
    .description(
      "See, search and fix a memfiles memory folder (plain markdown), or open it as a page in the browser.",
    )
    .version("0.1.0")
    .addHelpText("after", EXIT_CODES_HELP)
    .showSuggestionAfterError()
    .exitOverride()
    // Commander's error line quotes the word it refused, which may be a pasted secret: `report`
    // prints it through the context's output, as every line. Subcommands inherit this output.
    .configureOutput({
      writeOut: context.stdout,
      writeErr: context.stderr,
      outputError: () => {},
    })
    .option("--database-url <url>", "memory in PostgreSQL (with --tenant; $DATABASE_URL too)")
    .option("--tenant <name>", "the user whose memory the database holds, e.g. user-42")
    .option("--pglite <folder>", "memory in an embedded PGlite database in this folder")
    .option(
      "--time-zone <name>",
      'the IANA time zone dates are written in, e.g. "Asia/Shanghai" ($MEMFILES_TIME_ZONE or $TZ too; default UTC)',
    )
    .option(
      "--claude-code-memory",
      "the Claude Code auto memory of this project (~/.claude/projects/<project>/memory), found as the hooks find it",
    )
    .option(
      "--layout <layout>",
      "memory layout: subject (memfiles' dated lines) or fact (one fact per file, Claude Code's .memory/); detected from a folder when not given",
    );
  let closeDatabase = async () => {};
  // Each run gets its own context, so --layout and the database never leak into the caller's object.
  const commandContext: CommandContext = { ...context, argv };
  program.hook("preAction", async (_program, action) => {
    const options = program.opts<DatabaseOptions>();
    const layout = layoutOption(options.layout);
    if (layout !== undefined) commandContext.layout = layout;
    commandContext.timeZone = timeZoneOption(
      program.opts<{ timeZone?: string }>().timeZone,
      context.env,
      context.stderr,
    );
    if (program.opts<{ claudeCodeMemory?: boolean }>().claudeCodeMemory === true) {
      commandContext.memoryFolder = claudeCodeMemoryOption(action, options, commandContext);
    }
    const opened = await openMemoryDatabase(
      action.name(),
      options,
      commandContext,
      typedFolder(action),
    );
    if (opened !== undefined) {
      commandContext.database = opened.store;
      closeDatabase = opened.close;
    }
  });
  for (const register of COMMANDS) {
    register(program, commandContext, (code) => {
      exitCode = code;
    });
  }
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: context.stdout, writeErr: context.stderr });
    command.addHelpText("after", EXIT_CODES_HELP);
  }
  try {
    refuseMissingOptionValue(program, argv);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    context.stderr(`memfiles: ${error.message}\n`);
    return EXIT_CODES.usage;
  }
  // `memfiles hook` is the Claude Code hook entry, which the bin starts at once when `hook` comes
  // first; after program options it comes here, and runs as that entry too.
  const at = commandIndex(argv);
  if (argv[at] === "hook") {
    try {
      return await hookAfterProgramOptions(argv.slice(0, at), argv.slice(at + 1), context);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      context.stderr(`memfiles: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
  }
  try {
    await program.parseAsync(memoryOptionAfterCommand(argv), { from: "user" });
    return exitCode;
  } catch (error) {
    return await report(error);
  } finally {
    await closeDatabase().catch(() => {});
  }

  async function report(error: unknown): Promise<ExitCode> {
    if (error instanceof CommanderError) {
      const finished = ["commander.helpDisplayed", "commander.version", "commander.help"].includes(
        error.code,
      );
      if (finished) return EXIT_CODES.ok;
      context.stderr(`${error.message}\n`);
      // A fact or a word that starts with "-" ("- likes tea", "-x", a pasted "-----BEGIN" key)
      // reads as an option: commander has said which; say how to give it as text.
      const option = /unknown option '([^']*)'/.exec(error.message)?.[1];
      const takesText = argv.find((word) => TEXT_COMMANDS.has(word));
      if (
        error.code === "commander.unknownOption" &&
        option !== undefined &&
        !/^--[A-Za-z]/.test(option) &&
        takesText !== undefined
      ) {
        const shown = await shownArgument(option);
        const text = shown === option ? JSON.stringify(option) : "<the text>";
        context.stderr(
          `To give text that starts with "-", put -- before it: memfiles ${takesText} ... -- ${text}\n`,
        );
      }
      return EXIT_CODES.usage;
    }
    if (MemfilesError.isInstance(error) && error.userFixable) {
      context.stderr(`memfiles: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
    // The Messages API refused the key or could not be reached: a setting the user can fix.
    // By shape, not class: the SDK's CommonJS and ESM entries hold different classes.
    const failed = apiErrorOf(error);
    if (failed !== undefined) {
      const status = failed.status === undefined ? "no connection" : `HTTP ${failed.status}`;
      context.stderr(
        `memfiles: the Anthropic API call failed (${status}): ${failed.message.split("\n")[0]}. Check ANTHROPIC_API_KEY${context.env.ANTHROPIC_BASE_URL ? ` and ANTHROPIC_BASE_URL (${context.env.ANTHROPIC_BASE_URL})` : ""}, then run again; nothing was changed by the failed call.\n`,
      );
      return EXIT_CODES.usage;
    }
    const message = describeThrown(error);
    context.stderr(`memfiles: unexpected error: ${message.split("\n")[0]}\n`);
    if (context.env.MEMFILES_DEBUG === "1" && error instanceof Error)
      context.stderr(`${error.stack}\n`);
    else
      context.stderr(
        "This is a bug in memfiles; run again with MEMFILES_DEBUG=1 to see where, and report it.\n",
      );
    return EXIT_CODES.internal;
  }
}

// src/ and dist/ both sit beside bin/.
const BIN = fileURLToPath(new URL("../bin/memfiles.js", import.meta.url));

/**
 * `memfiles <program options> hook <event> ...`: the hook entry as `memfiles hook` runs it, in a
 * child process with this one's stdin. `--time-zone` becomes `MEMFILES_TIME_ZONE`, the hook's
 * own setting; any other program option goes after the event, where the hook refuses it with its
 * usual line (it takes its folder from `--root`).
 *
 * @param options - The program options before `hook`, e.g. `["--time-zone", "Asia/Seoul"]`.
 * @param rest - The words after `hook`: the event and its options.
 * @returns The hook's exit code.
 * @throws {CliError} `bad_argument` when `--time-zone` names no zone.
 */
async function hookAfterProgramOptions(
  options: readonly string[],
  rest: readonly string[],
  context: CommandContext,
): Promise<ExitCode> {
  let timeZone: string | undefined;
  const others: string[] = [];
  for (let index = 0; index < options.length; index += 1) {
    const token = options[index] as string;
    if (token === "--time-zone") {
      timeZone = options[index + 1];
      index += 1;
    } else if (token.startsWith("--time-zone=")) timeZone = token.slice("--time-zone=".length);
    else others.push(token);
  }
  const env =
    timeZone === undefined
      ? context.env
      : {
          ...context.env,
          MEMFILES_TIME_ZONE: timeZoneOption(timeZone, context.env, context.stderr),
        };
  const child = spawn(process.execPath, [...process.execArgv, BIN, "hook", ...rest, ...others], {
    cwd: context.cwd,
    env,
    stdio: ["inherit", "pipe", "pipe"],
  });
  return ((await printChild(child, context)) ?? EXIT_CODES.internal) as ExitCode;
}

/**
 * Prints what a child wrote to its stdout and stderr through the context, each whole once the
 * child has exited: a word can arrive split over two reads of a pipe (a write past the pipe's
 * buffer, or two writes), and the output's rule replaces only whole typed words. A hook's output
 * is read when it exits anyway.
 *
 * @param child - A child started with piped stdout and stderr.
 * @param context - Where to print.
 * @returns The child's exit code; `null` when a signal ended it.
 */
export async function printChild(
  child: ChildProcessByStdio<null, Readable, Readable>,
  context: Pick<CommandContext, "stdout" | "stderr">,
): Promise<number | null> {
  const [stdout, stderr] = [textOf(child.stdout), textOf(child.stderr)];
  const [code] = (await once(child, "close")) as [number | null];
  for (const [text, write] of [
    [await stdout, context.stdout],
    [await stderr, context.stderr],
  ] as const) {
    if (text !== "") write(text);
  }
  return code;
}

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** The commands whose arguments are text a person types: a fact, or words to look for. */
const TEXT_COMMANDS = new Set(["remember", "search", "forget"]);

/** The program's own options that take a value, so their value is not taken for the command's name. */
const PROGRAM_VALUE_OPTIONS = new Set([
  "--database-url",
  "--tenant",
  "--pglite",
  "--time-zone",
  "--layout",
]);

/**
 * Refuses an option that takes a value (the program's or a command's, `--time-zone <name>`,
 * `--root <folder>`, `-m <folder>`) typed as its own word with no value after it: commander takes
 * the next word as the value, whatever it is, so `--time-zone hook session-start` set the zone
 * "hook" and `--pglite --layout fact ls` made a database folder named "--layout". The next word is
 * refused when it is an option, or a command's name after a program option. `--time-zone=<value>`
 * gives any value.
 *
 * @param program - The program with its commands registered.
 * @param argv - Arguments after the program name.
 * @throws {CliError} `bad_argument` naming the option and the word it would take.
 */
function refuseMissingOptionValue(program: Command, argv: readonly string[]): void {
  let command = program;
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] as string;
    if (word === "--") return;
    if (!word.startsWith("-")) {
      command = command.commands.find((sub) => sub.name() === word) ?? command;
      continue;
    }
    const option = optionOf(command, word);
    if (option === undefined || !option.required) continue;
    const next = argv[index + 1];
    if (next === undefined) continue;
    const isCommand =
      command === program &&
      (next === "hook" || program.commands.some((sub) => sub.name() === next));
    if (/^--?[A-Za-z]/.test(next) || isCommand) {
      throw new CliError(
        `${word} needs a value, but the next word is the ${isCommand ? "command" : "option"} ${next}: give ${word} its value first (${option.flags}); a value that starts with "-" or names a command is written ${option.long ?? word}=<value>.`,
        { code: "bad_argument" },
      );
    }
    index += 1;
  }
}

/** The option `word` names (`--root`, `-m`) on `command` or a command above it. */
function optionOf(command: Command, word: string): Option | undefined {
  for (let at: Command | null = command; at !== null; at = at.parent) {
    const option = at.options.find(
      (candidate) => candidate.long === word || candidate.short === word,
    );
    if (option !== undefined) return option;
  }
  return undefined;
}

/**
 * `argv` with a `-m <folder>` / `--memory <folder>` typed before the command's name moved after it
 * (`memfiles -m memory search vim` runs as `memfiles search -m memory vim`): `-m` is each
 * command's option, and a new user types it first as often as last.
 *
 * @param argv - Arguments after the program name, e.g. `["-m", "memory", "search", "vim"]`.
 * @returns The arguments commander parses; `argv` itself when no `-m` comes before the command.
 * @throws {CliError} `bad_argument` for a `-m` without a folder, or without a command after it.
 */
export function memoryOptionAfterCommand(argv: readonly string[]): string[] {
  const at = commandIndex(argv);
  const before: string[] = [];
  const memory: string[] = [];
  for (let index = 0; index < at; index += 1) {
    const token = argv[index] as string;
    if (token === "-m" || token === "--memory") {
      if (index + 1 === argv.length)
        throw new CliError(MEMORY_OPTION_USAGE, { code: "bad_argument" });
      memory.push(token, argv[index + 1] as string);
      index += 1;
    } else if (token.startsWith("--memory=") || (token.startsWith("-m") && token.length > 2)) {
      memory.push(token);
    } else {
      before.push(token);
      if (PROGRAM_VALUE_OPTIONS.has(token) && index + 1 < argv.length) {
        before.push(argv[index + 1] as string);
        index += 1;
      }
    }
  }
  if (memory.length === 0 || argv[at] === "--") return [...argv];
  if (at === argv.length) throw new CliError(MEMORY_OPTION_USAGE, { code: "bad_argument" });
  return [...before, argv[at] as string, ...memory, ...argv.slice(at + 1)];
}

/**
 * Where the command's name is in `argv`: the first word after the program options (and a `-m`
 * typed before the command), each with its value; `argv.length` when there is none.
 *
 * @param argv - Arguments after the program name, e.g. `["--time-zone", "UTC", "ls"]` (gives 2).
 */
export function commandIndex(argv: readonly string[]): number {
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index] as string;
    if (token === "--" || !token.startsWith("-")) return index;
    if (token === "-m" || token === "--memory" || PROGRAM_VALUE_OPTIONS.has(token)) index += 1;
  }
  return argv.length;
}

const MEMORY_OPTION_USAGE =
  "-m (--memory) takes a folder and comes with a command, e.g. `memfiles -m ./memory ls`.";

/**
 * The memory folder typed for a command, read from its parsed arguments before the command runs,
 * so a folder beside a database is refused before the database is opened (or created): `-m`, or
 * the first positional of a command whose arguments start with `[folder]` when every one of them
 * is given (`show [folder] [path]` with two). Word-list commands take every word as a word.
 */
function typedFolder(action: Command): string | undefined {
  const memory = action.opts<{ memory?: string }>().memory;
  if (memory !== undefined) return memory;
  const declared = action.registeredArguments;
  if (declared[0]?.name() !== "folder" || declared.some((argument) => argument.variadic)) {
    return undefined;
  }
  const values = action.processedArgs as Array<string | undefined>;
  const given = declared.every((_argument, index) => values[index] !== undefined);
  return given ? values[0] : undefined;
}

/**
 * `--claude-code-memory`: the auto memory's folder, for a command that opens one memory folder.
 * `claude-code` commands find it themselves (or take `--root`); a database is another memory.
 */
function claudeCodeMemoryOption(
  action: Command,
  options: DatabaseOptions,
  context: CommandContext,
): string {
  if (action.parent?.name() === "claude-code") {
    throw new CliError(
      `memfiles claude-code ${action.name()} finds the auto memory itself (--root names another folder); run it without --claude-code-memory.`,
      { code: "bad_argument" },
    );
  }
  if (options.databaseUrl !== undefined || options.pglite !== undefined) {
    throw new CliError(
      "Refused --claude-code-memory with --database-url / --pglite: a command works on one memory. Give one of them.",
      { code: "bad_argument" },
    );
  }
  return claudeCodeMemoryFolder(context);
}

/** A thrown value as words: a library may reject with a plain object (PGlite's `ErrnoError`). */
function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null) {
    const fields = error as { name?: unknown; message?: unknown; code?: unknown };
    const words = [fields.name, fields.message, fields.code].filter(
      (field) => typeof field === "string" || typeof field === "number",
    );
    if (words.length > 0) return words.join(" ");
    return JSON.stringify(error) ?? "an unknown value";
  }
  return String(error);
}

/**
 * The time zone of a run: `--time-zone` (refused when no IANA name), else the environment's by
 * core's one rule (`timeZoneFromEnv`: `MEMFILES_TIME_ZONE`, else `$TZ`), else `UTC`; a variable
 * that names no zone is warned about on stderr, once a run, since every date written depends on it.
 *
 * @param given - `--time-zone`, when given.
 * @param env - The environment.
 * @param warn - Where the warning goes (stderr).
 * @returns An IANA name.
 * @throws {CliError} `bad_argument` when `given` names no zone.
 */
export function timeZoneOption(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
  warn: (text: string) => void,
): string {
  if (given !== undefined) {
    if (isTimeZone(given)) return given;
    throw new CliError(
      `--time-zone ${JSON.stringify(given)} is no time zone. Give an IANA name such as "Europe/Berlin", "Asia/Shanghai" or "UTC".`,
      { code: "bad_argument" },
    );
  }
  const { timeZone, warning } = timeZoneFromEnv(env);
  if (warning !== undefined) warn(`memfiles: ${warning} Or pass --time-zone.\n`);
  return timeZone;
}
