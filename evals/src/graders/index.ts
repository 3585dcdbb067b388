export {
  mentionsAny,
  mentionsNone,
  noNarration,
  noQuestionBack,
  noUnrelatedMemory,
} from "./answer-graders.js";
export { CHECKS_RAN, checksRan, countFileChecks, plannedChecks } from "./checks-ran.js";
export {
  type CostRun,
  costExpectationsFor,
  costPerSession,
  type PricedCall,
} from "./cost-per-session.js";
export {
  everyLineDated,
  fileContains,
  fileExists,
  fileLacks,
  folderLacks,
  linesMatching,
  noNewFiles,
  onlyAsPrevious,
  PREVIOUS_MARKERS,
  seedFilesUnchanged,
  underCap,
} from "./file-graders.js";
export {
  type GradeScenarioOptions,
  gradeFileExpectation,
  gradeScenario,
  gradeSessionFiles,
} from "./grade-scenario.js";
export { modelInputLacks } from "./model-input-lacks.js";
export { findNarration, NARRATION_PATTERNS } from "./narration.js";
export { findQuestionsBack } from "./question-back.js";
export type { GradeResult } from "./types.js";
