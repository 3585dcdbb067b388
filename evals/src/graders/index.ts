export {
  CHECKS_RAN,
  checksPass,
  checksRan,
  countFileChecks,
  gradedChecks,
  NOTHING_CHECKED,
  plannedChecks,
} from "./checks-ran.js";
export {
  type CostRun,
  costExpectationsFor,
  costPerSession,
  type PricedCall,
} from "./cost-per-session.js";
export {
  defineGrader,
  type GradeContext,
  type Grader,
  type GraderFields,
} from "./define-grader.js";
export {
  type GradeScenarioOptions,
  gradeFileExpectation,
  gradeScenario,
  gradeSessionFiles,
} from "./grade-scenario.js";
export { modelInputLacks } from "./model-input-lacks.js";
export { GRADED_FIELDS, GRADERS, gradeFields } from "./registry.js";
export type { GradeResult } from "./types.js";
