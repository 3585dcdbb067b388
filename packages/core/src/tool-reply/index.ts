export { ModelReplyError, type ModelReplyErrorOptions } from "./model-reply-error.js";
export { type ParseToolInputResult, parseToolInput } from "./parse-tool-input.js";
export {
  type ParseToolReplyResult,
  parseToolReply,
  type ToolReplyProblem,
} from "./parse-tool-reply.js";
