export { type ChatConversation, type ChatOptions, type ChatResult, chat } from "./chat.js";
export { ChatLoopLimitError } from "./chat-loop-limit-error.js";
export type { ToolCall } from "./chat-tools.js";
