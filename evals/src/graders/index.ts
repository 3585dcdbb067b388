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
export { GRADED_FIELDS, GRADERS, gradeFields } from "./registry.js";
export type { GradeResult } from "./types.js";
