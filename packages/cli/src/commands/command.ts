import type { Command } from "commander";
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
