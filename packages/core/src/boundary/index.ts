export {
  type BoundaryBase,
  type BoundaryOptions,
  type BoundaryStore,
  boundaryStore,
  type WholeStore,
} from "./boundary-store.js";
export {
  type MemoryBlockOptions,
  type MemoryBlockResult,
  memoryBlock,
  type RecalledUnit,
  type RecallForPromptOptions,
  type RecallForPromptResult,
  type RecallSourceOptions,
  recallForPrompt,
  recallUnitKey,
} from "./recall-for-prompt.js";
