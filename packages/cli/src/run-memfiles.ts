import { MemfilesError } from "@memfiles/core";
import { apiErrorOf, isTimeZone, timeZoneFromEnv } from "@memfiles/core/internal";
import { Command, CommanderError } from "commander";
import { CliError } from "./cli-error.js";
import type { CommandContext } from "./command-context.js";
import { COMMANDS } from "./commands/index.js";
import { EXIT_CODES, type ExitCode } from "./exit-codes.js";
import { type DatabaseOptions, layoutOption, openMemoryDatabase } from "./memory-database.js";
import { claudeCodeMemoryFolder } from "./memory-folder.js";

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
 * @param context - Streams, folder, environment and prompts (see {@link CommandContext}).
 * @returns The exit code.
 * @example process.exitCode = await runMemfiles(process.argv.slice(2), context);
 */
export async function runMemfiles(argv: string[], context: CommandContext): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT_CODES.ok;
  const program = new Command("memfiles")
    .description(
      "See, search and fix a memfiles memory folder (plain markdown), or open it as a page in the browser.",
    )
    .version("0.1.0")
    .addHelpText("after", EXIT_CODES_HELP)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: context.stdout, writeErr: context.stderr })
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
    refuseOptionTakenAsValue(program);
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
    await program.parseAsync(memoryOptionAfterCommand(argv), { from: "user" });
    return exitCode;
  } catch (error) {
    return report(error);
  } finally {
    await closeDatabase().catch(() => {});
  }

  function report(error: unknown): ExitCode {
    if (error instanceof CommanderError) {
      const finished = ["commander.helpDisplayed", "commander.version", "commander.help"].includes(
        error.code,
      );
      // A fact or a word that starts with "-" ("- likes tea", "-x") reads as an option: commander
      // has said which; say how to give it as text.
      const option = /unknown option '([^']*)'/.exec(error.message)?.[1];
      const takesText = argv.find((word) => TEXT_COMMANDS.has(word));
      if (
        error.code === "commander.unknownOption" &&
        option !== undefined &&
        !option.startsWith("--") &&
        takesText !== undefined
      ) {
        context.stderr(
          `To give text that starts with "-", put -- before it: memfiles ${takesText} ... -- ${JSON.stringify(option)}\n`,
        );
      }
      return finished ? EXIT_CODES.ok : EXIT_CODES.usage;
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
 * Refuses a program option whose value is another option (`--pglite --claude-code-memory ls`):
 * commander takes the next word as the value, which would make a database folder named after the
 * option. A value that truly starts with `-` is written `./-name` (a folder) or `--opt=-x`.
 *
 * @param program - The parsed program.
 * @throws {CliError} `bad_argument` naming the option and the word it took.
 */
function refuseOptionTakenAsValue(program: Command): void {
  for (const option of program.options) {
    if (option.long === undefined || !PROGRAM_VALUE_OPTIONS.has(option.long)) continue;
    const value: unknown = program.getOptionValue(option.attributeName());
    if (typeof value !== "string" || !/^--?[A-Za-z]/.test(value)) continue;
    throw new CliError(
      `${option.long} needs a value, but the next word is the option ${value}: give ${option.long} its value first (a folder starting with "-" as ./${value}).`,
      { code: "bad_argument" },
    );
  }
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
  const before: string[] = [];
  const memory: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index] as string;
    if (token === "--" || !token.startsWith("-")) {
      if (memory.length === 0 || token === "--") return [...argv];
      return [...before, token, ...memory, ...argv.slice(index + 1)];
    }
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
  if (memory.length > 0) throw new CliError(MEMORY_OPTION_USAGE, { code: "bad_argument" });
  return [...argv];
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
