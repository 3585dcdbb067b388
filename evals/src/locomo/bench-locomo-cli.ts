import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { createProgress } from "../report/progress.js";
import { formatLayoutsSideBySide, formatLeaveOneOut, formatLocomoReport } from "./format-locomo.js";
import { leaveOneOutRows } from "./leave-one-out.js";
import { DEFAULT_LOCOMO_RELATIVE_PATH, defaultLocomoPath, loadLocomo } from "./load-locomo.js";
import type { DescriptionMode } from "./oracle-write.js";
import { runBenchLocomoQa } from "./qa-cli.js";
import {
  countSessions,
  LOCOMO_LAYOUTS,
  type LocomoLayout,
  type LocomoReport,
  runLocomoLayouts,
} from "./run-locomo.js";

/** Usage text of `pnpm bench:locomo`. */
export const BENCH_LOCOMO_USAGE = `Usage: pnpm bench:locomo [--data <path>] [--sample <id>] [--layout subject|fact|both] [--descriptions facts|path] [--json <file>]

Runs the LoCoMo benchmark without a model: the annotators' facts through the real write pass
(provenance: dataset), the store by session, and evidence in the prompt against prompt tokens
beside BM25 over the turns and over the annotated facts.
  --data <path>          a LoCoMo JSON file (default ${DEFAULT_LOCOMO_RELATIVE_PATH}, from the repository root;
                         a relative path you give is taken from the folder you ran the command in)
  --sample <id>          only this sample, e.g. conv-26
  --layout <layout>      subject (default), fact (one file per fact) or both (subject, then fact)
  --descriptions <mode>  subject layout: facts (default: each file described by its facts' words
                         after each session) or path (the write pass's description from the path);
                         the fact layout's descriptions are always the facts' own words
  --json <file>          also write the report as JSON (with both layouts: { data, layout, reports },
                         and leaveOneOut: budgeted recall against BM25 over the facts, each
                         conversation left out in turn)
  --qa                   answer the questions with a model and grade them with a judge (J score;
                         pnpm bench:locomo --qa --help)
  -h, --help             show this help`;

/**
 * `pnpm bench:locomo`: parses the arguments, runs {@link runLocomoLayouts} with a progress bar on
 * stderr, prints the report of each layout and writes `--json` (one layout: the report with `data`
 * added; `both`: `{ data, layout: "both", reports }`; both with `leaveOneOut`, from `leaveOneOutRows`).
 *
 * @param options - `{ argv, cwd, write, writeError, progressStream? }`: arguments without the
 *   command, the folder relative paths are taken from, where the report and errors go.
 * @returns The exit code: 0 printed, 2 bad arguments.
 * @throws {LocomoDataError} when the data file is missing, invalid, or lacks `--sample`.
 * @example await runBenchLocomo({ argv: ["--sample", "conv-26"], cwd: process.cwd(), write: console.log, writeError: console.error })
 */
export async function runBenchLocomo(options: {
  argv: string[];
  cwd: string;
  write: (text: string) => void;
  writeError: (text: string) => void;
  progressStream?: NodeJS.WriteStream;
  /** Measure the side query's request at 10,000 and 50,000 files (default true; seconds of work). */
  sideQuerySize?: boolean;
  /** The folder sizes the side query's request is measured at (default 10,000 and 50,000 files). */
  sideQueryFiles?: readonly number[];
  /** `--qa --record`: ISO date written into the recordings (default today, UTC). */
  date?: string;
}): Promise<number> {
  if (options.argv.includes("--qa")) return runBenchLocomoQa(options);
  let values: {
    data?: string;
    sample?: string;
    layout?: string;
    descriptions?: string;
    json?: string;
    help?: boolean;
  };
  try {
    values = parseArgs({
      args: options.argv,
      options: {
        data: { type: "string" },
        sample: { type: "string" },
        layout: { type: "string" },
        descriptions: { type: "string" },
        json: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    options.writeError(`pnpm bench:locomo: ${(error as Error).message}\n\n${BENCH_LOCOMO_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    options.write(`${BENCH_LOCOMO_USAGE}\n`);
    return 0;
  }
  const layout = values.layout ?? "subject";
  if (!(LOCOMO_LAYOUTS as readonly string[]).includes(layout)) {
    options.writeError(
      `pnpm bench:locomo: --layout must be one of ${LOCOMO_LAYOUTS.join(", ")}, not "${layout}".\n`,
    );
    return 2;
  }
  const descriptions = values.descriptions ?? "facts";
  if (descriptions !== "facts" && descriptions !== "path") {
    options.writeError(
      `pnpm bench:locomo: --descriptions must be facts or path, not "${descriptions}".\n`,
    );
    return 2;
  }
  const dataPath =
    values.data === undefined ? defaultLocomoPath() : path.resolve(options.cwd, values.data);
  const samples = await loadLocomo(dataPath, values.sample);
  const progress = createProgress({
    total: countSessions(samples, layout as LocomoLayout),
    title: "LoCoMo",
    ...(options.progressStream === undefined ? {} : { stream: options.progressStream }),
  });
  let reports: LocomoReport[];
  try {
    reports = await runLocomoLayouts({
      samples,
      layout: layout as LocomoLayout,
      descriptions: descriptions as DescriptionMode,
      onSession: (label) => progress.tick(label),
      sideQuerySize: options.sideQuerySize ?? true,
      ...(options.sideQueryFiles === undefined ? {} : { sideQueryFiles: options.sideQueryFiles }),
    });
  } finally {
    progress.stop();
  }
  const sideBySide = formatLayoutsSideBySide(reports);
  const leftOut = leaveOneOutRows(reports);
  const leftOutText = formatLeaveOneOut(leftOut);
  options.write(
    `${[...reports.map((report) => formatLocomoReport(report)), ...[sideBySide, leftOutText].filter((text) => text !== "")].join("\n\n")}\n`,
  );
  if (values.json !== undefined) {
    const target = path.resolve(options.cwd, values.json);
    await mkdir(path.dirname(target), { recursive: true });
    const json =
      layout === "both"
        ? { data: dataPath, layout, reports, leaveOneOut: leftOut }
        : { data: dataPath, ...reports[0], leaveOneOut: leftOut };
    await writeFile(target, `${JSON.stringify(json, null, 2)}\n`);
    options.write(`JSON report: ${target}\n`);
  }
  return 0;
}
