/**
 * `pnpm cost <memory folder> [--json <file>] [--prices <file>]`: prices the usage log
 * `<folder>/.memfiles/usage.jsonl` per session (write pass, consolidation, recall and chat apart)
 * and per model, with the saving against re-sending the whole transcript every request and the
 * estimate's method. Records of a model with no price are listed apart with how to price them.
 * Exit codes: 0 report printed (a warning when some records were not priced), 1 no usable log or
 * nothing could be priced (the message says why), 2 bad arguments or an unusable path.
 */
import { runCostCli } from "../cost-report/index.js";
import { cliArguments, runCli, userCwd } from "./command-line.js";

const writeError = (text: string) => process.stderr.write(text);
// pnpm sets INIT_CWD to the folder the user ran `pnpm cost` in; relative paths are taken from there.
const { exitCode } = await runCli(
  "pnpm cost",
  async () => ({
    exitCode: await runCostCli({
      argv: cliArguments(),
      cwd: userCwd(),
      write: (text) => process.stdout.write(text),
      writeError,
    }),
  }),
  writeError,
);
process.exitCode = exitCode;
