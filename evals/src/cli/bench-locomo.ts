/**
 * `pnpm bench:locomo [--data <path>] [--sample <id>] [--layout subject|fact|both] [--json <file>]`:
 * the LoCoMo benchmark without a model (evals/locomo/README.md). Exit codes: 0 report printed,
 * 2 bad arguments, a missing or invalid data file, or a layout not available yet.
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
process.exitCode = exitCode;
