export { costOfRecord } from "./cost-of-record.js";
export type { OnStep, OnUsage, Stage, UsageRecord } from "./types.js";
export {
  type CreateUsageLogOptions,
  createUsageLog,
  type ReadUsageLogResult,
  readUsageLog,
  USAGE_LOG_PATH,
  type UsageLogProblem,
  type UsageLogSource,
  usageLogName,
} from "./usage-log.js";
export { usageLogProblemLines } from "./usage-log-problem-lines.js";
