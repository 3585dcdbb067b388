import type Anthropic from "@anthropic-ai/sdk";
import { MemfilesError } from "@memfiles/errors";
import type { ToolCall } from "./chat-tools.js";

/**
 * Thrown by `chat` when the model still asks for tools after `maxRounds` requests.
 *
 * @example
 * try { await chat({ ...options, maxRounds: 8 }) } catch (error) {
 *   if (error instanceof ChatLoopLimitError) console.log(error.toolCalls.length);
 * }
 */
export class ChatLoopLimitError extends MemfilesError {
  override readonly name = "ChatLoopLimitError";
  /** The cap that was hit (model requests). */
  readonly maxRounds: number;
  /** Every tool call made before the cap. */
  readonly toolCalls: ToolCall[];
  /** The conversation so far, ending with the last tool results. */
  readonly messages: Anthropic.MessageParam[];

  constructor(options: {
    maxRounds: number;
    toolCalls: ToolCall[];
    messages: Anthropic.MessageParam[];
  }) {
    const names = options.toolCalls.map((call) => call.name).join(", ");
    super(
      `chat stopped after ${options.maxRounds} model requests: the model kept calling tools (${names}) ` +
        "without a final answer. Raise maxRounds if the task needs more reads, or check the memory " +
        "rules and tool results for a loop (the same file read again and again).",
      { code: "chat_loop_limit" },
    );
    this.maxRounds = options.maxRounds;
    this.toolCalls = options.toolCalls;
    this.messages = options.messages;
  }
}
