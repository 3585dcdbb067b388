import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import type { ExitCode } from "../exit-codes.js";

/** Adds one `memfiles` subcommand to the program; its action reports its exit code to `done`. */
export type RegisterCommand = (
  program: Command,
  context: CommandContext,
  done: (code: ExitCode) => void,
) => void;

/** The `-m, --memory <folder>` option every command that reads a memory folder takes. */
export const MEMORY_OPTION = [
  "-m, --memory <folder>",
  "the memory folder (default: ./memory or $MEMFILES_DIR)",
] as const;

/** The folder from a positional argument or `--memory`, the positional first. */
export function folderOf(
  positional: string | undefined,
  options: { memory?: string },
): string | undefined {
  return positional ?? options.memory;
}

/**
 * Splits a fixed-count command's arguments (`show [folder] <path>`, `remember [folder] <file>
 * <fact>`) into the folder and the rest: one argument more than the command needs is the folder,
 * in front, as `ls [folder]` takes it. With as many arguments as it needs, a first one that names
 * an existing folder (and no `-m`) is the folder typed with the last argument left out
 * (`remember ./memory profile.md`), not a memory path.
 *
 * @param command - The command's name, for the message, e.g. `show`.
 * @param given - The positional arguments as typed (undefined for those left out).
 * @param names - The names of the arguments the command needs, e.g. `["path"]`.
 * @param options - `--memory` (a folder there means no positional folder).
 * @param context - Its `cwd` resolves a folder typed first.
 * @param fitsFirst - Whether one argument typed alone can be the first needed one (`remember`: a
 *   path has no spaces); when it cannot, the message names the first as missing, not the last
 *   (`remember ./memory "my dog is named Rex"` misses `<file>`). Default: any argument can.
 * @returns The folder (positional, else `--memory`, else undefined) and the needed arguments.
 * @throws {CliError} `bad_argument` when arguments are missing or there are too many.
 */
export function folderAndArguments(
  command: string,
  given: ReadonlyArray<string | undefined>,
  names: readonly string[],
  options: { memory?: string },
  context: Pick<CommandContext, "cwd">,
  fitsFirst: (argument: string) => boolean = () => true,
): { folder: string | undefined; rest: string[] } {
  const typed = given.filter((value): value is string => value !== undefined);
  const usage = `memfiles ${command} [folder] ${names.map((name) => `<${name}>`).join(" ")}`;
  if (typed.length === names.length + 1 && options.memory === undefined)
    return { folder: typed[0], rest: typed.slice(1) };
  const folderFirst =
    options.memory === undefined &&
    typed[0] !== undefined &&
    statSync(resolve(context.cwd, typed[0]), { throwIfNoEntry: false })?.isDirectory() === true;
  if (typed.length === names.length && !folderFirst) return { folder: options.memory, rest: typed };
  const after = folderFirst ? typed.slice(1) : typed;
  const lone = after.length === 1 && names.length > 1 && !fitsFirst(after[0] ?? "");
  const missing = (lone ? names.slice(0, 1) : names.slice(after.length)).map((name) => `<${name}>`);
  throw new CliError(
    typed.length < names.length || folderFirst
      ? `Missing ${missing.join(" ")}: give ${usage} (the folder may also come as -m <folder>).`
      : `Too many arguments (${typed.length}): give ${usage}${options.memory === undefined ? "" : " without -m, or -m and no positional folder"}; quote a fact that has spaces.`,
    { code: "bad_argument" },
  );
}

/**
 * Splits a word-list command's arguments (`search [folder] <words...>`, `forget [folder]
 * <query...>`): the first argument is the folder when it is an existing folder, was typed before
 * any `--`, and words follow. With `-m <folder>`, `--claude-code-memory` or a database every
 * argument is a word; words
 * after `--` are always words, so `memfiles search ./memory -- memory` looks for "memory".
 *
 * @param words - The positional arguments as commander gives them (the `--` removed).
 * @param options - `--memory`.
 * @param context - The command's context: its `cwd` resolves the folder, its `argv` shows where
 *   a `--` was typed, and a database takes no folder.
 * @returns The folder (positional, else `--memory`, else undefined) and the words.
 * @example folderAndWords(["./memory", "deploy"], {}, context) // { folder: "./memory", words: ["deploy"] }
 */
export function folderAndWords(
  words: readonly string[],
  options: { memory?: string },
  context: CommandContext,
): { folder: string | undefined; words: string[] } {
  const [first, ...rest] = words;
  const separator = context.argv?.indexOf("--") ?? -1;
  const afterSeparator = separator === -1 ? 0 : (context.argv?.length ?? 0) - separator - 1;
  const isFolder =
    first !== undefined &&
    rest.length > 0 &&
    words.length > afterSeparator &&
    options.memory === undefined &&
    context.database === undefined &&
    context.memoryFolder === undefined &&
    statSync(resolve(context.cwd, first), { throwIfNoEntry: false })?.isDirectory() === true;
  return isFolder ? { folder: first, words: rest } : { folder: options.memory, words: [...words] };
}

// Words a POSIX shell takes as they are; anything else is single-quoted.
const SHELL_SAFE = /^[\w@%+=:,./-]+$/;

function shellWord(word: string): string {
  return SHELL_SAFE.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The `memfiles` command line that runs `name` on the memory this run works on, for a hint to
 * copy: the program options that pick the memory (`--claude-code-memory`, `--layout`,
 * `--pglite`, `--tenant`) as given and the folder as typed, shell-quoted. A `--database-url`
 * is written `--database-url <url>`: it holds a password, never printed back.
 *
 * @param name - The command to run, e.g. `check`.
 * @param folder - The folder as typed (positional or `-m`); undefined when none was.
 * @param command - The running command (its parent holds the program options).
 * @returns e.g. `memfiles check ./memory`, `memfiles --claude-code-memory check`.
 */
export function commandOnSameMemory(
  name: string,
  folder: string | undefined,
  command: Command,
): string {
  const options = command.parent?.opts<{
    claudeCodeMemory?: boolean;
    layout?: string;
    pglite?: string;
    databaseUrl?: string;
    tenant?: string;
  }>();
  const words = ["memfiles"];
  if (options?.claudeCodeMemory === true) words.push("--claude-code-memory");
  if (options?.databaseUrl !== undefined) words.push("--database-url", "<url>");
  if (options?.pglite !== undefined) words.push("--pglite", shellWord(options.pglite));
  if (options?.tenant !== undefined) words.push("--tenant", shellWord(options.tenant));
  if (options?.layout !== undefined) words.push("--layout", shellWord(options.layout));
  words.push(name);
  // A folder named "-dash" would be read as an option.
  if (folder !== undefined) words.push(shellWord(folder.startsWith("-") ? `./${folder}` : folder));
  return words.join(" ");
}
