export { consolidateAll } from "./consolidate-all.js";
export {
  type ConsolidateFactsResult,
  consolidateFacts,
  DEFAULT_FACT_CONSOLIDATION_FILES,
} from "./fact/consolidate-facts.js";
export { applyFactProposals } from "./fact/fact-write-pass.js";
export { type FactProposal, ProposeFactsInputSchema } from "./fact/propose-facts-tool.js";
export {
  dropForgottenLines,
  type ForgottenLine,
  findForgottenIndexLines,
  findForgottenLines,
  findTombstoneProblems,
  indexHandLines,
  type TombstoneFileProblem,
} from "./find-forgotten-lines.js";
export { forget, forgetFileTexts, previewForget } from "./forget.js";
export { ForgetFailedError } from "./forget-failed-error.js";
export type {
  ConsolidateAllOptions,
  ConsolidateAllResult,
  Layout,
  MemoryToolEdits,
} from "./layout.js";
export { layoutNamed, layoutOf } from "./layout-of.js";
export { remember } from "./remember.js";
export { applyProposals } from "./subject/apply-proposals.js";
export { ProposeMemoriesInputSchema } from "./subject/propose-memories-tool.js";
export { applyWriteReply, buildWriteRequest, WRITE_EFFORT, writePass } from "./write-pass.js";
export { WritePromptLayoutError } from "./write-prompt-layout-error.js";
