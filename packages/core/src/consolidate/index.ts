export {
  type CheckRewriteOptions,
  checkRewrite,
  type RewriteProblem,
  type RewriteProblemCode,
} from "./check-rewrite.js";
export {
  type ConsolidateAllOptions,
  type ConsolidateAllResult,
  type ConsolidateFailureCode,
  type ConsolidateOptions,
  type ConsolidateResult,
  type ConsolidateStore,
  consolidate,
  consolidateAll,
} from "./consolidate.js";
export type { GitCommitResult } from "./git-commit.js";
