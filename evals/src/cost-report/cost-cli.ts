import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { PRICES } from "@memfiles/core";
import type { PriceTable } from "@memfiles/core/internal";
import { z } from "zod";
import { computeCostReport } from "./cost-report.js";
import { formatCostReport, formatUnpriced } from "./format-cost-report.js";
import { DATABASE_LOG_HINT, loadUsageLog } from "./load-usage-log.js";
import { UsageLogError } from "./usage-log-error.js";

// Whether a file is inside the folder's `.memfiles/` (the usage log among it), links resolved.
async function sameOrInternal(file: string, folder: string): Promise<boolean> {
  const real = async (target: string) => {
    let current = target;
    const rest: string[] = [];
    for (;;) {
      try {
        return path.join(await realpath(current), ...rest);
      } catch {
        const parent = path.dirname(current);
        if (parent === current) return target;
        rest.unshift(path.basename(current));
        current = parent;
      }
    }
  };
  const internal = await real(path.join(folder, ".memfiles"));
  const relative = path.relative(internal, await real(file));
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Usage text of `pnpm cost`. */
export const COST_USAGE = `Usage: pnpm cost <memory folder> [--json <file>] [--prices <file>]

Prices <memory folder>/.memfiles/usage.jsonl (written when core's createUsageLog is passed as onUsage).
Relative paths are taken from the folder you ran the command in.
${DATABASE_LOG_HINT}
  --json <file>     also write the report as JSON
  --prices <file>   extra prices, USD per million tokens: {"<model>": {"input", "output",
                    "cacheWrite5m", "cacheWrite1h", "cacheRead"}} (adds to or replaces core's PRICES)
  -h, --help        show this help`;

const PriceFileSchema = z.record(
  z.string().min(1),
  z.strictObject({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    cacheWrite5m: z.number().nonnegative(),
    cacheWrite1h: z.number().nonnegative(),
    cacheRead: z.number().nonnegative(),
  }),
);

/** Reads a `--prices` file; a problem is returned as the message to print. */
async function readPriceFile(
  file: string,
): Promise<{ success: true; value: PriceTable } | { success: false; message: string }> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    return {
      success: false,
      message: `cannot read the prices file ${file}: ${(error as Error).message}`,
    };
  }
  const parsed = PriceFileSchema.safeParse(json);
  if (parsed.success) return { success: true, value: parsed.data };
  return {
    success: false,
    message:
      `the prices file ${file} is not {"<model>": {"input", "output", "cacheWrite5m", ` +
      `"cacheWrite1h", "cacheRead"}} in USD per million tokens:\n${z.prettifyError(parsed.error)}`,
  };
}

/** The `memfiles` options that open a database instead of a folder (`--pglite x`, `--tenant=x`). */
const DATABASE_OPTIONS = /^--(pglite|database-url|tenant)(=|$)/;

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
 * @returns The exit code: 0 report printed (with a warning when some records could not be priced),
 *   1 no usable log or no record could be priced (the message says why), 2 bad arguments (a
 *   memory folder that does not exist included).
 * @example process.exitCode = await runCostCli({ argv: ["memory"], cwd: process.cwd(), write, writeError });
 */
export async function runCostCli(options: RunCostCliOptions): Promise<number> {
  const argv = options.argv[0] === "--" ? options.argv.slice(1) : options.argv;
  const database = argv.find((argument) => DATABASE_OPTIONS.test(argument));
  if (database !== undefined) {
    options.writeError(
      `pnpm cost does not take ${database.split("=")[0]}: ${DATABASE_LOG_HINT}\n\n${COST_USAGE}\n`,
    );
    return 2;
  }
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
  let prices: PriceTable | undefined;
  if (parsed.values.prices !== undefined) {
    const read = await readPriceFile(path.resolve(options.cwd, parsed.values.prices));
    if (!read.success) {
      options.writeError(`pnpm cost: ${read.message}\n`);
      return 2;
    }
    prices = read.value;
  }
  const folder = path.resolve(options.cwd, folderArgument);
  let log: Awaited<ReturnType<typeof loadUsageLog>>;
  try {
    log = await loadUsageLog(folder);
  } catch (error) {
    if (error instanceof UsageLogError) {
      options.writeError(`pnpm cost: ${error.message}\n`);
      // A folder that does not exist is a bad argument (exit 2, as the CLI's usage errors).
      return error.code === "missing_folder" ? 2 : 1;
    }
    throw error;
  }
  const knownModels = Object.keys({ ...PRICES, ...prices });
  const report = computeCostReport({ records: log.records, ...(prices ? { prices } : {}) });
  const file = path.join(folder, ".memfiles", "usage.jsonl");
  if (report.total.calls === 0) {
    options.writeError(
      `pnpm cost: no record of ${file} could be priced.\n${formatUnpriced(report.unpriced, knownModels)}`,
    );
    return 1;
  }
  options.write(formatCostReport({ report, file, problems: log.problems, knownModels }));
  if (parsed.values.json !== undefined) {
    const jsonFile = path.resolve(options.cwd, parsed.values.json);
    if (await sameOrInternal(jsonFile, folder)) {
      options.writeError(
        `pnpm cost: refused --json ${jsonFile}: it is inside ${path.join(folder, ".memfiles")}, where the usage log lives; writing there could overwrite the log. Give a file outside the memory folder's .memfiles.\n`,
      );
      return 2;
    }
    const created = await mkdir(path.dirname(jsonFile), { recursive: true });
    await writeFile(
      jsonFile,
      `${JSON.stringify({ file, ...report, problems: log.problems }, null, 2)}\n`,
    );
    options.write(
      `\nWrote ${jsonFile}${created === undefined ? "" : ` (created the folder ${created})`}\n`,
    );
  }
  if (report.unpriced.length > 0) {
    const calls = report.unpriced.reduce((sum, entry) => sum + entry.calls, 0);
    options.writeError(
      `pnpm cost: warning: ${calls} record(s) of ${report.unpriced.map((entry) => entry.model).join(", ")} ` +
        'not priced and left out (see "Not priced" above).\n',
    );
  }
  return 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "string" },
      prices: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
