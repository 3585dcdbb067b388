import type Anthropic from "@anthropic-ai/sdk";
import type { z } from "zod";
import { parseToolInput } from "./parse-tool-input.js";

/** Why a model reply is not one valid call of the tool asked for. */
export type ToolReplyProblem = "no_tool_call" | "several_tool_calls" | "invalid_tool_input";

/** Result of {@link parseToolReply}. */
export type ParseToolReplyResult<T> =
  | { success: true; value: T; call: Anthropic.ToolUseBlock }
  | {
      success: false;
      code: ToolReplyProblem;
      /** zod's rendering of the input's issues (`invalid_tool_input`); `""` otherwise. */
      issues: string;
      /** zod's error (`invalid_tool_input`). */
      error?: z.ZodError;
    };

/**
 * Reads the one call of a tool from a model reply, its input validated (the write pass's and
 * consolidation's tools; the chat loop validates each input with `parseToolInput`).
 *
 * @returns `{ success: true, value, call }`, or `{ success: false, code, issues }`.
 * @example parseToolReply(message, { name: "propose_memories", schema: ProposeMemoriesInputSchema })
 */
export function parseToolReply<T>(
  message: Anthropic.Message,
  tool: { name: string; schema: z.ZodType<T> },
): ParseToolReplyResult<T> {
  const calls = message.content.filter(
    (block): block is Anthropic.ToolUseBlock =>
      block.type === "tool_use" && block.name === tool.name,
  );
  const [call] = calls;
  if (call === undefined) return { success: false, code: "no_tool_call", issues: "" };
  if (calls.length > 1) return { success: false, code: "several_tool_calls", issues: "" };
  const parsed = parseToolInput(tool.schema, call.input);
  if (!parsed.success) {
    return {
      success: false,
      code: "invalid_tool_input",
      issues: parsed.issues,
      error: parsed.error,
    };
  }
  return { success: true, value: parsed.value, call };
}
