export { memfilesMemoryTool } from "./memory-tool.js";
export { MemoryToolError } from "./memory-tool-error.js";
export {
  createMemoryToolHandlers,
  type MemoryToolLayout,
  type MemoryToolStore,
} from "./memory-tool-handlers.js";
export { editableText } from "./memory-tool-lines.js";
export { memoriesPath } from "./memory-tool-paths.js";
