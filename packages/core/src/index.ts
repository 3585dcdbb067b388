// The public API of @memfiles/core: what an application needs to keep, use and pay for memory.
// `index.test.ts` pins this list, so adding a name is a decision. What the sibling packages need
// beyond it is in `./internal.ts` (the "@memfiles/core/internal" entry), which promises nothing.

// Errors: every real failure is a MemfilesError with a stable `name` and `code`.
export { MemfilesError } from "@memfiles/errors";
// Batches: write passes (and consolidations) at half price through the Message Batches API.
export {
  type ApplyBatchResultsOptions,
  applyBatchResults,
  type SubmitWritePassesOptions,
  submitWritePasses,
} from "./batch/index.js";
// The boundary: every surface gets its store through it, so scope (global + one project) holds
// on reads, lists, searches and every write path.
export { type BoundaryOptions, boundaryStore } from "./boundary/index.js";
// Recall and chat: the system prompt with memory, the chat loop, Claude's memory tool.
export {
  type ChatConversation,
  ChatLoopLimitError,
  type ChatOptions,
  type ChatResult,
  chat,
} from "./chat/index.js";
// Models, cost and usage: which model, what a call cost, and the usage log.
export { costOf, type ModelUsage, PRICES, UnknownModelError } from "./cost/index.js";
// Helpers for a memory page: change a file's description, scan text for secrets before saving it.
export { findSecrets } from "./guards/index.js";
// Consolidate: merge, correct and shrink what grew (either layout: the layout decides how).
export {
  type ConsolidateAllOptions,
  type ConsolidateAllResult,
  consolidateAll,
  forget,
  previewForget,
  remember,
  writePass,
} from "./layouts/index.js";
export { memfilesMemoryTool } from "./memory-tool/index.js";
export { MODELS, modelInfo } from "./models/index.js";
export {
  type BuildSystemOptions,
  buildSystem,
  type RecallOptions,
  type RecallResult,
  type RecallStrategy,
} from "./recall/index.js";
// The store: a memory folder (or any StorageBackend) with version tokens, a cap and MEMORY.md.
export {
  type BackendWriteResult,
  type CheckResult,
  detectLayout,
  MemoryLockError,
  MemoryPathError,
  type MemoryRow,
  MemoryStore,
  type MemoryStoreOptions,
  type ReadResult,
  type StorageBackend,
  type StoredFile,
  type StoreLayout,
  versionToken,
  type WriteResult,
} from "./store/index.js";
export { ModelReplyError } from "./tool-reply/index.js";
// Write: the write pass after a session, and explicit remember / forget without a model.
export type { Transcript, TranscriptTurn } from "./transcript/index.js";
// The usage log: pass `onUsage: createUsageLog({ store })` to writePass, consolidateAll and chat,
// then `memfiles cost <folder>` prices it per session, stage and model.
export {
  type CreateUsageLogOptions,
  createUsageLog,
  type OnStep,
  type OnUsage,
  readUsageLog,
} from "./usage/index.js";
export {
  editDescription,
  type ForgetOptions,
  type ForgetResult,
  type Proposal,
  type RememberOptions,
  type RememberResult,
  type WritePassOptions,
  type WritePassResult,
} from "./write/index.js";
