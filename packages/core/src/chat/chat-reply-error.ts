import type Anthropic from "@anthropic-ai/sdk";
import { MemfilesError } from "@memfiles/errors";
import type { ToolCall } from "./chat-tools.js";

/** Why `chat` refused a model reply. */
export const CHAT_REPLY_ERROR_CODES = {
  /** The reply stopped at `max_tokens` while it held a `tool_use` block, so its input may be cut. */
  truncatedToolCall: "truncated_tool_call",
  /**
   * The reply held a `tool_use` block but stopped for another reason than `tool_use` (a
   * `refusal`, for one): the model did not hand the turn over to run tools.
   */
  unrequestedToolCall: "unrequested_tool_call",
} as const;

/** A `ChatReplyError` code. */
export type ChatReplyErrorCode =
  (typeof CHAT_REPLY_ERROR_CODES)[keyof typeof CHAT_REPLY_ERROR_CODES];

/**
 * Thrown by `chat` when a model reply cannot be acted on: a reply cut off at `max_tokens` that
 * asks for tools (`truncated_tool_call`), or one that asks for tools but stopped for a reason other
 * than `tool_use`, such as a `refusal` (`unrequested_tool_call`). None of that reply's tool calls is
 * run, so nothing is written from a fact or query that may have been cut mid-word or refused.
 *
 * @example
 * try { await chat(options) } catch (error) {
 *   if (error instanceof ChatReplyError && error.code === "truncated_tool_call") {
 *     await chat({ ...options, maxTokens: error.maxTokens * 2 });
 *   }
 * }
 */
export class ChatReplyError extends MemfilesError {
  override readonly name = "ChatReplyError";
  declare readonly code: ChatReplyErrorCode;
  /** The API's `stop_reason` of the refused reply. */
  readonly stopReason: Anthropic.StopReason | null;
  /** The `max_tokens` the request was sent with. */
  readonly maxTokens: number;
  /** The refused reply as the API returned it. */
  readonly reply: Anthropic.Message;
  /** Tool calls run before the refused reply (earlier rounds); none of the refused reply's. */
  readonly toolCalls: ToolCall[];
  /** The conversation up to, not including, the refused reply. */
  readonly messages: Anthropic.MessageParam[];

  constructor(options: {
    code: ChatReplyErrorCode;
    maxTokens: number;
    reply: Anthropic.Message;
    toolCalls: ToolCall[];
    messages: Anthropic.MessageParam[];
  }) {
    const tools = options.reply.content.flatMap((block) =>
      block.type === "tool_use" ? [block.name] : [],
    );
    super(
      options.code === "truncated_tool_call"
        ? `chat refused a reply from ${options.reply.model}: it was cut off at max_tokens ` +
            `(${options.maxTokens} tokens) in a reply that calls ${tools.join(", ")}, so a tool input may be ` +
            "incomplete. None of its tool calls was run and nothing was written. Raise maxTokens " +
            "(thinking counts toward it) and send the conversation again."
        : `chat refused a reply from ${options.reply.model}: it calls ${tools.join(", ")} but stopped ` +
            `with stop_reason "${options.reply.stop_reason}", not "tool_use", so the model did not ask ` +
            "for its tools to run. None of its tool calls was run and nothing was written. Read " +
            "error.reply to see what the model said.",
      { code: options.code },
    );
    this.stopReason = options.reply.stop_reason;
    this.maxTokens = options.maxTokens;
    this.reply = options.reply;
    this.toolCalls = options.toolCalls;
    this.messages = options.messages;
  }
}
