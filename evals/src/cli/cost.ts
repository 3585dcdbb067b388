/**
 * `pnpm cost <memory folder> [--json <file>]`: prices the usage log `<folder>/.memfiles/usage.jsonl`
 * per session (write pass, consolidation, recall and chat apart) and per model, with the saving
 * against re-sending the whole transcript every request and the estimate's method.
 * Exit codes: 0 report printed, 1 no usable log (message says why), 2 bad arguments.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  computeCostReport,
  formatCostReport,
  loadUsageLog,
  UsageLogError,
} from "../cost-report/index.js";

const USAGE = `Usage: pnpm cost <memory folder> [--json <file>]

Prices <memory folder>/.memfiles/usage.jsonl (written when core's createUsageLog is passed as onUsage).
  --json <file>   also write the report as JSON
  -h, --help      show this help`;

/** pnpm runs package scripts in the package folder; paths the user typed are relative to INIT_CWD. */
function fromUserCwd(target: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [folderArgument, ...extra] = parsed.positionals;
  if (folderArgument === undefined || extra.length > 0) {
    process.stderr.write(`pnpm cost takes exactly one memory folder.\n\n${USAGE}\n`);
    return 2;
  }
  const folder = fromUserCwd(folderArgument);
  let log: Awaited<ReturnType<typeof loadUsageLog>>;
  try {
    log = await loadUsageLog(folder);
  } catch (error) {
    if (error instanceof UsageLogError) {
      process.stderr.write(`pnpm cost: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const report = computeCostReport({ records: log.records });
  const file = path.join(folder, ".memfiles", "usage.jsonl");
  process.stdout.write(formatCostReport({ report, file, problems: log.problems }));
  if (parsed.values.json !== undefined) {
    const jsonFile = fromUserCwd(parsed.values.json);
    await mkdir(path.dirname(jsonFile), { recursive: true });
    await writeFile(
      jsonFile,
      `${JSON.stringify({ file, ...report, problems: log.problems }, null, 2)}\n`,
    );
    process.stdout.write(`\nWrote ${jsonFile}\n`);
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

// `pnpm cost -- x` and the root script's forwarding both pass a literal "--" first.
const argv = process.argv.slice(2);
process.exitCode = await main(argv[0] === "--" ? argv.slice(1) : argv);
