import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { MEMORY_TOOL_COMMANDS, runCommand } from "./commands/index.js";
import { type MemoryToolHandlersOptions, memoryToolContext } from "./memory-tool-context.js";

export type {
  MemoryToolHandlersOptions,
  MemoryToolLayout,
  MemoryToolStore,
} from "./memory-tool-context.js";

/**
 * Builds the six memory-tool command handlers (one module each in `commands/`, see
 * `MEMORY_TOOL_COMMANDS`) over a memfiles store, for the SDK's `betaMemoryTool` helper. Texts
 * follow the memory tool's documentation
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool) and the SDK's local
 * implementation; every write is refused with the code and message of its `WRITE_CHECKS` row; the
 * layout dates, checks and stamps the model's lines (`Layout.memoryTool`), and removing lines is a
 * forget. See `docs/memory-tool-and-mcp.md`.
 *
 * @param options - `{ store, layout?, now?, timeZone?, session? }`.
 * @returns Handlers for `betaMemoryTool(handlers)` from `@anthropic-ai/sdk/helpers/beta/memory`.
 * @throws {MemoryToolError} from a handler, when a command is refused; nothing is written.
 * @throws {MemoryLockError} from a handler, when the store lock cannot be taken.
 * @example
 * const tool = betaMemoryTool(createMemoryToolHandlers({ store: new MemoryStore({ root: "memory" }) }));
 * await tool.run({ command: "view", path: "/memories" });
 */
export function createMemoryToolHandlers(options: MemoryToolHandlersOptions): MemoryToolHandlers {
  const context = memoryToolContext(options);
  const commands = MEMORY_TOOL_COMMANDS;
  return {
    view: (command) => runCommand(commands.view, context, command),
    create: (command) => runCommand(commands.create, context, command),
    str_replace: (command) => runCommand(commands.str_replace, context, command),
    insert: (command) => runCommand(commands.insert, context, command),
    delete: (command) => runCommand(commands.delete, context, command),
    rename: (command) => runCommand(commands.rename, context, command),
  };
}
