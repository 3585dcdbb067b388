import type { CommandContext } from "../src/command-context.js";

/**
 * A `CommandContext` for running `memfiles` in-process in a folder, with what it prints collected.
 *
 * @param cwd - The folder relative paths are taken from.
 * @param options - `interactive` (default false) and `confirm` (default: always yes).
 * @returns `{ context, output }`; `output.stdout` / `output.stderr` grow as the command prints.
 */
export function contextIn(
  cwd: string,
  options: { interactive?: boolean; confirm?: CommandContext["confirm"] } = {},
) {
  const output = { stdout: "", stderr: "" };
  const context: CommandContext = {
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    cwd,
    env: {},
    interactive: options.interactive ?? false,
    confirm: options.confirm ?? (async () => true),
    untilStopped: () => Promise.resolve(),
  };
  return { context, output };
}
