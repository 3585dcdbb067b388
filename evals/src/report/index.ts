export {
  BROKEN_CHECK,
  type BrokenRun,
  buildEvalReport,
  type CacheWarningRow,
  type CheckRow,
  type CostFigures,
  describeProvenance,
  type EvalReport,
  type ModelCostRow,
  type RefusedRow,
  type ScenarioCostRow,
  type SessionCostRow,
  type WriteRateRow,
} from "./build-eval-report.js";
export { type FormatEvalReportOptions, formatEvalReport } from "./format-eval-report.js";
