export {
  CHAT_EFFORT,
  type ChatConversation,
  type ChatOptions,
  type ChatResult,
  chat,
} from "./chat.js";
export { ChatLoopLimitError } from "./chat-loop-limit-error.js";
export {
  CHAT_REPLY_ERROR_CODES,
  ChatReplyError,
  type ChatReplyErrorCode,
} from "./chat-reply-error.js";
export { MEMORY_TOOLS, type ToolCall } from "./chat-tools.js";
export {
  DEFAULT_EXTRACT_MESSAGES,
  type ExtractAfterTurnOptions,
  type ExtractAfterTurnResult,
  type ExtractSkipReason,
  extractAfterTurn,
} from "./extract-after-turn.js";
export {
  type ChatTools,
  CONTEXT_MANAGEMENT_BETA,
  MEMORY_TOOL_CONTEXT_MANAGEMENT,
  MEMORY_TOOL_DEFINITION,
} from "./memory-tool-chat.js";
