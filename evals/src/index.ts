// The public API of @memfiles/evals, by name: run a scenario, grade it, report on runs, price a
// usage log, and the promptfoo provider. Everything else is internal to this package.

export { ScenarioProvider, type ScenarioProviderConfig } from "./ab/index.js";
export {
  type CostReportOptions,
  type CostReportResult,
  computeCostReport,
  formatCostReport,
  loadUsageLog,
  UsageLogError,
} from "./cost-report/index.js";
export {
  defineGrader,
  GRADERS,
  type GradeContext,
  type GradeResult,
  type Grader,
  gradeScenario,
} from "./graders/index.js";
export { MissingRecordingError } from "./recordings/index.js";
export {
  buildEvalReport,
  type EvalReport,
  formatEvalReport,
  type RefusedRow,
} from "./report/index.js";
export {
  EvalSetupError,
  type RunMode,
  type RunScenarioOptions,
  runScenario,
  type ScenarioResult,
  type StageResult,
} from "./runner/index.js";
export {
  loadScenario,
  loadScenarios,
  type Scenario,
  ScenarioFileError,
  ScenarioSchema,
} from "./scenarios/index.js";
