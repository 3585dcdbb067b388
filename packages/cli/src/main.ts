/**
 * The `memfiles` command's entry point (bin/memfiles.js loads it): wires the process into
 * {@link runMemfiles}. pnpm sets `INIT_CWD` to the folder `pnpm memfiles` was run in, while the
 * script itself runs at the workspace root; relative paths are taken from the user's folder.
 */
import confirm from "@inquirer/confirm";
import { EXIT_CODES } from "./exit-codes.js";
import { forTerminal } from "./output.js";
import { runMemfiles } from "./run-memfiles.js";

// `memfiles ls | head` closes the pipe early; that is the reader's choice, not a failure. Any
// other failed write (a full disk, a closed file) is one line on stderr, as every error is.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(EXIT_CODES.ok);
  process.stderr.write(
    `memfiles: cannot write the output: ${error.message}; write it to another file or free some space.\n`,
    () => process.exit(EXIT_CODES.usage),
  );
});
process.stderr.on("error", () => process.exit(EXIT_CODES.usage));

process.exitCode = await runMemfiles(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(process.stdout.isTTY ? forTerminal(text) : text),
  stderr: (text) => process.stderr.write(process.stderr.isTTY ? forTerminal(text) : text),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  env: process.env,
  interactive: process.stdin.isTTY === true,
  confirm: (message) => confirm({ message, default: false }),
  untilStopped: () =>
    new Promise<void>((resolveStopped) => {
      for (const signal of ["SIGINT", "SIGTERM"] as const)
        process.once(signal, () => resolveStopped());
    }),
});
