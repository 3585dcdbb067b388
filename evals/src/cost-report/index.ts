export { COST_USAGE, type RunCostCliOptions, runCostCli } from "./cost-cli.js";
export {
  ALTERNATIVE_METHOD,
  type CostReportOptions,
  type CostReportResult,
  computeCostReport,
  type ModelCost,
  NO_SESSION_ID,
  type SessionCost,
} from "./cost-report.js";
export { type FormatCostReportOptions, formatCostReport } from "./format-cost-report.js";
export { loadUsageLog } from "./load-usage-log.js";
export { UsageLogError, type UsageLogErrorCode } from "./usage-log-error.js";
