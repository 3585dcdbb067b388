export { EvalSetupError } from "./eval-setup-error.js";
export { readMemoryFiles, writeSeedFiles } from "./memory-files.js";
export { cellEpochs, type RunScenarioEpochsOptions, runScenarioEpochs } from "./run-epochs.js";
export { runScenario } from "./run-scenario.js";
export type {
  CallCost,
  ChatToolCalls,
  PromptOverrides,
  Provenance,
  RunMode,
  RunScenarioOptions,
  ScenarioResult,
  StageResult,
} from "./types.js";
