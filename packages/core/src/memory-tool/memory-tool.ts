import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
import { quoteText } from "../text/index.js";
import { commandInput } from "./commands/index.js";
import { shownValue } from "./memory-tool-edit.js";
import { MemoryToolError } from "./memory-tool-error.js";
import {
  createMemoryToolHandlers,
  type MemoryToolHandlersOptions,
} from "./memory-tool-handlers.js";

/**
 * Claude's memory tool (`memory_20250818`) backed by a memfiles store: the SDK's `betaMemoryTool`
 * helper over {@link createMemoryToolHandlers}, ready for `client.beta.messages.toolRunner({ tools:
 * [tool] })` or for running a `tool_use` block yourself with `tool.run(block.input)`.
 *
 * @param options - `{ store, layout?, now? }` (see {@link MemoryToolHandlersOptions}).
 * @param extraProps - More tool-definition fields, e.g. `{ cache_control: { type: "ephemeral" } }`.
 * @returns The runnable tool definition (`type: "memory_20250818"`, `name: "memory"`).
 * @throws {MemoryToolError} from `run`, as every refusal: `invalid_input` for an input that is not
 *   an object or a command the tool does not have.
 * @example
 * const tool = memfilesMemoryTool({ store: new MemoryStore({ root: "memory" }) });
 * await tool.run({ command: "view", path: "/memories" });
 */
export function memfilesMemoryTool(
  options: MemoryToolHandlersOptions,
  extraProps?: Parameters<typeof betaMemoryTool>[1],
): ReturnType<typeof betaMemoryTool> {
  const handlers = createMemoryToolHandlers(options);
  const tool = betaMemoryTool(handlers, extraProps);
  return {
    ...tool,
    // The SDK's helper throws a plain Error for an unknown command; refuse it as every command is.
    run: (input) => {
      const command = (commandInput(input) as { command?: unknown }).command;
      if (typeof command !== "string" || !Object.hasOwn(handlers, command)) {
        const commands = Object.keys(handlers).join(", ");
        throw new MemoryToolError(
          command === undefined
            ? `The memory tool's input has no \`command\`: give one of ${commands}, e.g. {"command": "view", "path": "/memories"}. Nothing was read or written.`
            : `Unknown memory command ${typeof command === "string" ? quoteText(command) : shownValue(command)}: use one of ${commands}.`,
          { code: "invalid_input" },
        );
      }
      return tool.run(input);
    },
  };
}
