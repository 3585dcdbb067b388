export {
  ALWAYS_LOADED,
  type BuildSystemOptions,
  buildSystem,
  renderMemoryBlock,
} from "./build-system.js";
export { neutralizeFence } from "./fence.js";
export { prefilterRows } from "./prefilter.js";
export type { RecallStore } from "./recall-store.js";
