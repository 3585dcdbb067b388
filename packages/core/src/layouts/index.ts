export { MAX_FACT_CHARS } from "../write/write-checks.js";
export { consolidateAll } from "./consolidate-all.js";
export {
  type ConsolidateFactsOptions,
  type ConsolidateFactsResult,
  consolidateFacts,
  DEFAULT_FACT_CONSOLIDATION_FILES,
  type FactMerge,
  type FactMergeRefusalCode,
  FactMergeSchema,
  MERGE_FACTS,
} from "./fact/consolidate-facts.js";
export { factLayout } from "./fact/fact-layout.js";
export {
  type ApplyFactProposalsOptions,
  applyFactProposals,
  type FactWriteStore,
  MAX_FACT_BODY_CHARS,
  MAX_FACT_NAME_CHARS,
} from "./fact/fact-write-pass.js";
export {
  type FactProposal,
  FactProposalSchema,
  PROPOSE_FACTS,
  PROPOSE_FACTS_TOOL,
  type ProposeFactsInput,
  ProposeFactsInputSchema,
} from "./fact/propose-facts-tool.js";
export { type ForgottenLine, findForgottenLines } from "./find-forgotten-lines.js";
export { forget, previewForget } from "./forget.js";
export type {
  ConsolidateAllOptions,
  ConsolidateAllResult,
  Layout,
  LayoutItem,
  LayoutWritePass,
  MemoryToolEdits,
} from "./layout.js";
export { checkWritePrompt, layoutNamed, layoutOf } from "./layout-of.js";
export { remember } from "./remember.js";
export type { AddFactRejectionCode } from "./subject/add-fact.js";
export { type ApplyProposalsOptions, applyProposals } from "./subject/apply-proposals.js";
export {
  PROPOSE_MEMORIES,
  PROPOSE_MEMORIES_TOOL,
  type ProposeMemoriesInput,
  ProposeMemoriesInputSchema,
} from "./subject/propose-memories-tool.js";
export { subjectLayout } from "./subject/subject-layout.js";
export { formatWriteRequest, writeIndexLine } from "./subject/write-request.js";
export { applyWriteReply, buildWriteRequest, WRITE_EFFORT, writePass } from "./write-pass.js";
export { WritePromptLayoutError } from "./write-prompt-layout-error.js";
