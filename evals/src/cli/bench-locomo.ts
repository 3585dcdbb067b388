/**
 * `pnpm bench:locomo [--data <path>] [--sample <id>] [--layout subject|fact|both] [--json <file>]`:
 * the LoCoMo benchmark without a model (evals/locomo/README.md); `--qa` answers the questions with
 * budgeted recall and a model and grades them with a judge (the J score). Exit codes: 0 report
 * printed, 1 (--qa) a question broke or the budget stopped the run, 2 bad arguments, a missing or
 * invalid data file, or a layout not available yet.
 */
import { runBenchLocomo } from "../locomo/bench-locomo-cli.js";
import { cliArguments, runCli, userCwd } from "./command-line.js";

const writeError = (text: string) => process.stderr.write(text);
const { exitCode } = await runCli(
  "pnpm bench:locomo",
  async () => ({
    exitCode: await runBenchLocomo({
      argv: cliArguments(),
      cwd: userCwd(),
      write: (text) => process.stdout.write(text),
      writeError,
    }),
  }),
  writeError,
);
// The CPU figure evals/locomo/README.md quotes: this process's, user and system.
const cpu = process.cpuUsage();
writeError(
  `CPU: ${(cpu.user / 1e6).toFixed(1)} s user, ${(cpu.system / 1e6).toFixed(1)} s system.\n`,
);
process.exitCode = exitCode;
