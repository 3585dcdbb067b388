export {
  ALWAYS_LOADED,
  type BuildSystemOptions,
  buildSystem,
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_PREFILTER_ABOVE_TOKENS,
  renderMemoryBlock,
} from "./build-system.js";
export { escapeBidi, MEMORY_FENCE_TAGS, neutralizeFence } from "./fence.js";
export { prefilterRows, rankRows } from "./prefilter.js";
export type { RecallStore } from "./recall-store.js";
