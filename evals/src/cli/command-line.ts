// What every command (pnpm eval, eval:ab, cost, author) shares: its arguments, paths taken from
// the user's folder, and how a user error ends it.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { MemfilesError } from "@memfiles/errors";

/** Node's file-system error codes that mean a path the user gave is wrong, not a bug. */
const USER_PATH_CODES = new Set(["ENOENT", "EACCES", "EPERM", "ENOTDIR", "EISDIR", "EEXIST"]);

/**
 * The one-line-per-problem message to print for an expected user error, or `undefined` for a bug:
 * a `MemfilesError` marked `userFixable` (a bad fixture, a missing log, a setting), or a
 * file-system error on a path the user gave.
 *
 * @param error - What a CLI caught.
 * @returns The error's own message (it names the input and the fix), or `undefined`.
 * @example userErrorMessage(new ScenarioFileError({ file: "x.yaml", issues: [] })) // "Invalid fixture x.yaml: ..."
 */
export function userErrorMessage(error: unknown): string | undefined {
  if (MemfilesError.isInstance(error) && error.userFixable) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === "string" && USER_PATH_CODES.has(code)) {
    return error.message;
  }
  return undefined;
}

/**
 * Runs a CLI's main function; an expected user error is printed as `<command>: <message>` and
 * gives exit code 2, anything else is rethrown (a bug, printed with its stack by Node).
 *
 * @param command - The command as the user typed it, e.g. `pnpm eval`.
 * @param main - The command's body, returning its exit code.
 * @param writeError - Where the message goes (stderr in the CLIs).
 * @returns The exit code.
 * @throws Whatever `main` throws that is not a user error.
 * @example process.exitCode = await runCli("pnpm eval", () => main(argv), (text) => process.stderr.write(text));
 */
export async function runCli<T extends { exitCode: number }>(
  command: string,
  main: () => Promise<T>,
  writeError: (text: string) => void,
): Promise<T | { exitCode: 2 }> {
  try {
    return await main();
  } catch (error) {
    const message = userErrorMessage(error);
    if (message === undefined) throw error;
    writeError(`${command}: ${message}\n`);
    return { exitCode: 2 };
  }
}

/**
 * The command-line arguments of a CLI entry point. The root scripts (`pnpm eval`, `pnpm eval:ab`,
 * `pnpm cost`) run `tsx evals/src/cli/<name>.ts` directly, and pnpm appends the user's arguments;
 * a user who types `pnpm eval -- --json x.json` gets a literal leading `--`, which is dropped here.
 *
 * @param argv - Defaults to `process.argv.slice(2)`.
 * @returns The arguments without a leading `--`.
 * @example cliArguments(["--", "--json", "x.json"]) // ["--json", "x.json"]
 */
export function cliArguments(argv: readonly string[] = process.argv.slice(2)): string[] {
  return argv[0] === "--" ? argv.slice(1) : [...argv];
}

/**
 * Whether the module with this `import.meta.url` is the script Node was started with (and not
 * imported by a test).
 *
 * @param moduleUrl - The calling module's `import.meta.url`.
 * @returns `true` when run as `tsx <file>`.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && moduleUrl === pathToFileURL(script).href;
}

/**
 * The folder the user ran the command in: pnpm sets `INIT_CWD` to it, while the script itself
 * runs in the package folder.
 *
 * @returns An absolute path.
 */
export function userCwd(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/**
 * A path the user gave, resolved from the folder they ran the command in (see {@link userCwd}).
 *
 * @param target - Absolute, or relative to the user's folder.
 * @returns An absolute path.
 * @example fromUserCwd("out/report.json")
 */
export function fromUserCwd(target: string): string {
  return resolve(userCwd(), target);
}
