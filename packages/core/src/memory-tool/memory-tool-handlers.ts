import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { MEMORY_TOOL_COMMANDS } from "./commands/index.js";
import { type MemoryToolHandlersOptions, memoryToolContext } from "./memory-tool-context.js";

export type {
  MemoryToolHandlersOptions,
  MemoryToolLayout,
  MemoryToolStore,
} from "./memory-tool-context.js";

/**
 * Builds the six memory-tool command handlers (`view`, `create`, `str_replace`, `insert`,
 * `delete`, `rename`; one module each in `commands/`, see `MEMORY_TOOL_COMMANDS`) over a memfiles `MemoryStore`, for the SDK's `betaMemoryTool` helper. Result
 * and error texts follow the memory tool's documentation
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool) and the SDK's
 * local filesystem implementation (`@anthropic-ai/sdk/tools/memory/node`, 1.14), so the model reads
 * what it was trained on. Every command goes through the store's public API, under its lock; a
 * refused command throws {@link MemoryToolError} (the runner sends `Error: <message>`) and writes
 * nothing. The command's own rules (`/memories/...` paths only, no `..`, no dot-folders; a file
 * that exists or not; `old_str` found once; `insert_line` in range and below the header) keep the
 * docs' texts. Every writing command (`create`, `str_replace`, `insert`, `delete`, `rename`) then
 * goes through the one check pipeline every proposal and `remember` passes (`runMemoryToolWrite`,
 * `runWritePipeline`), refused with the code and message of its `WRITE_CHECKS` row: `secret`
 * (also split across the session's edits), `relative_date` (a relative time in a line the model
 * wrote that cannot be pinned to a day; the others are resolved against today, as `remember`),
 * `invalid_fact` (a created file the layout cannot read, a line the model wrote that is a
 * placeholder or over the layout's length), `path_not_allowed` (the layout's files: subject, the
 * write stage's paths; fact, top-level `<slug>.md`; `MEMORY.md` is generated, viewable and never
 * written), `forgotten` (an added line a tombstone matches), `duplicate` (a line the model wrote
 * that a stored fact already says), `too_long` (over `store.maxChars`, the seed design's
 * 12,000), `version_conflict` (a write by someone else since the read, never overwritten; the
 * command is read, applied and checked again first, 3 times). A line a `str_replace` sends as
 * the file had it is not the model's: never checked, dated or rewritten.
 * In the `subject` layout, every body line the model adds gets `[stated <today>]` (a leading `- `
 * bullet dropped), and a created file without a header gets `name`, `description`, `updated`.
 * Removing fact lines without adding any (a `str_replace` to nothing, a `delete`) is a forget: the
 * removed facts leave tombstones, so no later write pass restores them.
 *
 * @param options - `{ store, layout?, now?, timeZone?, session? }`.
 * @returns Handlers for `betaMemoryTool(handlers)` from `@anthropic-ai/sdk/helpers/beta/memory`.
 * @throws {MemoryToolError} from a handler, when a command is refused (see above).
 * @throws {MemoryLockError} from a handler, when the store lock cannot be taken.
 * @example
 * import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
 * const tool = betaMemoryTool(createMemoryToolHandlers({ store: new MemoryStore({ root: "memory" }) }));
 * await tool.run({ command: "view", path: "/memories" });
 */
export function createMemoryToolHandlers(options: MemoryToolHandlersOptions): MemoryToolHandlers {
  const context = memoryToolContext(options);
  const commands = MEMORY_TOOL_COMMANDS;
  return {
    view: (command) => commands.view(context, command),
    create: (command) => commands.create(context, command),
    str_replace: (command) => commands.str_replace(context, command),
    insert: (command) => commands.insert(context, command),
    delete: (command) => commands.delete(context, command),
    rename: (command) => commands.rename(context, command),
  };
}
