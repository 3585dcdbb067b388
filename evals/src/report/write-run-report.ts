import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { renderHtmlReport } from "./html/render-html-report.js";
import type { ReportView } from "./html/report-view.js";
import {
  appendRunHistory,
  comparableRun,
  compareRuns,
  currentCommit,
  formatRunChanges,
  type RunSummary,
  readRunHistory,
  summarizeRun,
} from "./run-history.js";

/** Options of `writeRunReport`. */
export type WriteRunReportOptions = {
  view: ReportView;
  /** Folder of `report.html` (created when missing). */
  outDir: string;
  /** The JSONL history file this run is appended to. */
  historyFile: string;
  /** A folder inside the repository, for the commit. */
  repositoryDir: string;
  /** The run's date (default now). */
  now?: Date;
  /** Lines naming other outputs, shown near the top of the page. */
  notes?: readonly string[];
};

/** What `writeRunReport` wrote and what changed since the previous run of the same command. */
export type WriteRunReportResult = {
  reportFile: string;
  summary: RunSummary;
  /** For the terminal: new failures, fixed runs, cost per session up or down. */
  changesText: string;
  /** For the terminal: `Wrote <file>`, saying when it replaced the report of an earlier run. */
  wroteText: string;
};

/**
 * Appends the run's summary to the history file, then writes `report.html` with the trend of the
 * last runs of the same command (`eval` or `ab`) and says what changed since the previous one.
 *
 * @param options - `{ view, outDir, historyFile, repositoryDir, now?, notes? }`.
 * @returns `{ reportFile, summary, changesText, wroteText }`.
 * @throws {Error} when the history file or the report cannot be written (a file-system error).
 * @example const { reportFile, changesText } = await writeRunReport({ view, outDir, historyFile, repositoryDir });
 */
export async function writeRunReport(
  options: WriteRunReportOptions,
): Promise<WriteRunReportResult> {
  const { view, outDir, historyFile, repositoryDir, now = new Date(), notes = [] } = options;
  const summary = summarizeRun(view, {
    commit: await currentCommit(repositoryDir),
    date: now.toISOString(),
  });
  const history = (await readRunHistory(historyFile)).filter((run) => run.command === view.command);
  const previous = comparableRun(history, summary);
  await appendRunHistory(historyFile, summary);
  const html = await renderHtmlReport({
    view,
    history: [...history, summary],
    date: summary.date,
    notes: [...notes, `History: ${historyFile}`],
  });
  await mkdir(outDir, { recursive: true });
  const reportFile = join(outDir, "report.html");
  // `pnpm eval` and `pnpm eval:ab` write the same file by default: say so when one replaces one.
  const replaced = await stat(reportFile).then(
    () => true,
    () => false,
  );
  await writeFile(reportFile, html, "utf8");
  return {
    reportFile,
    summary,
    changesText: formatRunChanges(previous && compareRuns(previous, summary)),
    wroteText: `Wrote ${reportFile}${replaced ? " (replacing the report of the run before; --out <folder> keeps both)" : ""}\n`,
  };
}
