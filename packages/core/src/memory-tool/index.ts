export { memfilesMemoryTool } from "./memory-tool.js";
export { MemoryToolError, type MemoryToolErrorCode } from "./memory-tool-error.js";
export {
  createMemoryToolHandlers,
  type MemoryToolHandlersOptions,
  type MemoryToolLayout,
  type MemoryToolStore,
} from "./memory-tool-handlers.js";
export { editableText } from "./memory-tool-lines.js";
export { MEMORIES_ROOT, memoriesPath, type ToolPath, toolPath } from "./memory-tool-paths.js";
