import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { WriteSession } from "../guards/index.js";
import {
  type MemoryToolLayout,
  type MemoryToolStore,
  memfilesMemoryTool,
} from "../memory-tool/index.js";
import type { ToolCall } from "./chat-tools.js";

/**
 * Which memory tools `chat` offers: `memfiles` (its own `memory_read` / `memory_write`) or
 * `memory-tool` (Claude's memory tool, `memory_20250818`, over the same store and guards).
 */
export type ChatTools = "memfiles" | "memory-tool";

/** The beta that turns on context editing (https://platform.claude.com/docs/en/build-with-claude/context-editing). */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";

/**
 * Context editing for a memory-tool conversation, as the memory tool's docs pair them: old tool
 * results are cleared server-side (`clear_tool_uses_20250919`, the API's defaults: past 100,000
 * input tokens, keeping the 3 newest tool uses) and the memory tool's own results are excluded
 * from clearing. The system prompt (memory block included) sits before every tool result, so its
 * cache breakpoints stay valid when results are cleared.
 */
export const MEMORY_TOOL_CONTEXT_MANAGEMENT = {
  edits: [{ type: "clear_tool_uses_20250919", exclude_tools: ["memory"] }],
} satisfies Anthropic.Beta.BetaContextManagementConfig;

/** The memory tool definition `chat` sends (`memory_20250818`, named `memory`). */
export const MEMORY_TOOL_DEFINITION = {
  type: "memory_20250818",
  name: "memory",
} as const satisfies Anthropic.Beta.BetaMemoryTool20250818;

/**
 * Runs one `tool_use` block of a memory-tool conversation through the SDK's `betaMemoryTool`
 * helper; a refused command is an `Error: <message>` result with `is_error`, never a throw.
 * `context.session` holds the conversation's writes, for the split-secret check.
 */
export async function runMemoryToolCall(
  block: Anthropic.ToolUseBlock,
  context: {
    store: MemoryToolStore;
    now: Date;
    timeZone?: string;
    layout?: MemoryToolLayout;
    session?: WriteSession;
  },
): Promise<ToolCall> {
  if (block.name !== MEMORY_TOOL_DEFINITION.name) {
    return {
      name: block.name,
      input: block.input,
      result: `Error: Tool '${block.name}' not found. The only tool is ${MEMORY_TOOL_DEFINITION.name}.`,
      isError: true,
    };
  }
  const tool = memfilesMemoryTool({
    store: context.store,
    now: context.now,
    ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    ...(context.layout === undefined ? {} : { layout: context.layout }),
    ...(context.session === undefined ? {} : { session: context.session }),
  });
  const toolUse = block as unknown as Anthropic.Beta.BetaToolUseBlock;
  const outcome = await runRunnableTool(tool, block.input, { toolUse, toolUseBlock: toolUse });
  const result =
    typeof outcome.content === "string"
      ? outcome.content
      : outcome.content
          .map((part) => (part.type === "text" ? part.text : `[${part.type}]`))
          .join("\n");
  return { name: block.name, input: block.input, result, isError: outcome.isError };
}
