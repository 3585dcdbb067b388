export {
  type ArmRow,
  BROKEN_CHECK,
  type BrokenRun,
  buildEvalReport,
  type CacheWarningRow,
  type CellRow,
  type CheckRow,
  type CostFigures,
  type EpochFigures,
  type EvalReport,
  formatInterval,
  type JudgeDisagreementRow,
  type ModelCostRow,
  type RefusedRow,
  type ScenarioCostRow,
  type SessionCostRow,
  type WriteRateRow,
} from "./build-eval-report.js";
export { describeProvenance } from "./describe-provenance.js";
export { type FormatEvalReportOptions, formatEvalReport } from "./format-eval-report.js";
export { formatEvalSummary } from "./format-eval-summary.js";
export {
  abReportView,
  evalReportsView,
  evalReportView,
  type RenderHtmlReportOptions,
  type ReportView,
  renderHtmlReport,
} from "./html/index.js";
export {
  appendRunHistory,
  compareRuns,
  formatRunChanges,
  HISTORY_FILE_ENV,
  OUT_DIR_ENV,
  type RunChanges,
  type RunSummary,
  readRunHistory,
  summarizeRun,
} from "./run-history.js";
export {
  type WriteRunReportOptions,
  type WriteRunReportResult,
  writeRunReport,
} from "./write-run-report.js";
