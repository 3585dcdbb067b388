/**
 * `pnpm cost <memory folder> [--json <file>]`: prices the usage log `<folder>/.memfiles/usage.jsonl`
 * per session (write pass, consolidation, recall and chat apart) and per model, with the saving
 * against re-sending the whole transcript every request and the estimate's method.
 * Exit codes: 0 report printed, 1 no usable log (message says why), 2 bad arguments.
 */
import { runCostCli } from "../cost-report/index.js";
import { cliArguments } from "../internal/cli-arguments.js";

// pnpm runs package scripts in the package folder and sets INIT_CWD to where the run started (the
// repository root for the root `pnpm cost` script); relative paths are taken from there.
process.exitCode = await runCostCli({
  argv: cliArguments(),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  write: (text) => process.stdout.write(text),
  writeError: (text) => process.stderr.write(text),
});
