export {
  DEFAULT_RECORDINGS_DIR,
  DEFAULT_SCENARIOS_DIR,
  LAYOUT_PAIRS_ENV,
  RECORDINGS_DIR_ENV,
  SCENARIOS_DIR_ENV,
} from "./folders.js";
export {
  AUTHORED_WARNING,
  type FormatAbSummaryOptions,
  formatAbSummary,
} from "./format-summary.js";
export { toGradingResult } from "./grading-result.js";
export {
  type LayoutPair,
  layoutPairs,
  layoutScenarioId,
} from "./layout-pairs.js";
export {
  MEMORY_TOOL_PREFIX,
  type MemoryToolArmName,
  type MemoryToolArmRow,
  type MemoryToolArmRun,
  memoryToolArm,
} from "./memory-tool-arm.js";
export {
  type RunScenario,
  type ScenarioMetadata,
  ScenarioProvider,
  type ScenarioProviderConfig,
  type ScenarioProviderOptions,
  toProviderResponse,
} from "./provider.js";
export {
  PROMPTFOO_OFFLINE_ENV,
  type RunPromptfooOptions,
  type RunPromptfooResult,
  runPromptfoo,
} from "./run-promptfoo.js";
export { scenarioTests } from "./scenario-tests.js";
export { type SessionCost, sessionCostsOf } from "./session-costs.js";
export {
  type AbCell,
  type AbOutcome,
  type AbScenarioResult,
  type AbSummaryResult,
  type PromptfooOutput,
  PromptfooOutputSchema,
  summarizeAb,
} from "./summary.js";
