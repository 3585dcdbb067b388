export { type ChatOptions, type ChatResult, chat } from "./chat.js";
export { ChatLoopLimitError } from "./chat-loop-limit-error.js";
export { MEMORY_TOOLS, type ToolCall } from "./chat-tools.js";
