import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { computeCostReport } from "./cost-report.js";
import { formatCostReport } from "./format-cost-report.js";
import { loadUsageLog } from "./load-usage-log.js";
import { UsageLogError } from "./usage-log-error.js";

/** Usage text of `pnpm cost`. */
export const COST_USAGE = `Usage: pnpm cost <memory folder> [--json <file>]

Prices <memory folder>/.memfiles/usage.jsonl (written when core's createUsageLog is passed as onUsage).
A relative folder is taken from where pnpm started the script (the repository root for \`pnpm cost\`).
  --json <file>   also write the report as JSON
  -h, --help      show this help`;

/** Options of `runCostCli`. */
export type RunCostCliOptions = {
  /** Arguments after the script name; a leading "--" (pnpm's forwarding) is dropped. */
  argv: string[];
  /** Folder relative paths resolve against. */
  cwd: string;
  write: (text: string) => void;
  writeError: (text: string) => void;
};

/**
 * The `pnpm cost` command: reads the usage log of a memory folder and prints the cost report.
 *
 * @param options - Arguments, working folder, output sinks.
 * @returns The exit code: 0 report printed, 1 no usable log (the message says why), 2 bad arguments.
 * @example process.exitCode = await runCostCli({ argv: ["memory"], cwd: process.cwd(), write, writeError });
 */
export async function runCostCli(options: RunCostCliOptions): Promise<number> {
  const argv = options.argv[0] === "--" ? options.argv.slice(1) : options.argv;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    options.writeError(`${(error as Error).message}\n\n${COST_USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    options.write(`${COST_USAGE}\n`);
    return 0;
  }
  const [folderArgument, ...extra] = parsed.positionals;
  if (folderArgument === undefined || extra.length > 0) {
    options.writeError(`pnpm cost takes exactly one memory folder.\n\n${COST_USAGE}\n`);
    return 2;
  }
  const folder = path.resolve(options.cwd, folderArgument);
  let log: Awaited<ReturnType<typeof loadUsageLog>>;
  try {
    log = await loadUsageLog(folder);
  } catch (error) {
    if (error instanceof UsageLogError) {
      options.writeError(`pnpm cost: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const report = computeCostReport({ records: log.records });
  const file = path.join(folder, ".memfiles", "usage.jsonl");
  options.write(formatCostReport({ report, file, problems: log.problems }));
  if (parsed.values.json !== undefined) {
    const jsonFile = path.resolve(options.cwd, parsed.values.json);
    await mkdir(path.dirname(jsonFile), { recursive: true });
    await writeFile(
      jsonFile,
      `${JSON.stringify({ file, ...report, problems: log.problems }, null, 2)}\n`,
    );
    options.write(`\nWrote ${jsonFile}\n`);
  }
  return 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
}
