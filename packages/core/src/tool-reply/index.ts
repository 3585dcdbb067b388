export { ModelReplyError } from "./model-reply-error.js";
export { parseToolInput } from "./parse-tool-input.js";
export { parseToolReply, type ToolReplyProblem } from "./parse-tool-reply.js";
