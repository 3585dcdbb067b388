export { COST_USAGE, type RunCostCliOptions, runCostCli } from "./cost-cli.js";
export {
  ALTERNATIVE_METHOD,
  type CostReportOptions,
  type CostReportResult,
  computeCostReport,
  type LoggedSessionCost,
  type ModelCost,
  NO_SESSION_ID,
  type UnpricedModel,
} from "./cost-report.js";
export {
  type FormatCostReportOptions,
  formatCostReport,
  formatUnpriced,
} from "./format-cost-report.js";
export { loadUsageLog } from "./load-usage-log.js";
export { UsageLogError, type UsageLogErrorCode } from "./usage-log-error.js";
