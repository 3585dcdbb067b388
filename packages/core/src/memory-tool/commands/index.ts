import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import type { MemoryToolContext } from "../memory-tool-context.js";
import { create } from "./create.js";
import { deleteCommand } from "./delete.js";
import { insert } from "./insert.js";
import { rename } from "./rename.js";
import { strReplace } from "./str-replace.js";
import { view } from "./view.js";

/** A command module: the command's input, run over the handlers' context. */
type CommandModule<Name extends keyof MemoryToolHandlers> = (
  context: MemoryToolContext,
  command: Parameters<MemoryToolHandlers[Name]>[0],
) => Promise<string>;

/**
 * The memory tool's six commands by name, one module each. A new command of the tool is its file
 * and a line here.
 */
export const MEMORY_TOOL_COMMANDS: { [Name in keyof MemoryToolHandlers]: CommandModule<Name> } = {
  view,
  create,
  str_replace: strReplace,
  insert,
  delete: deleteCommand,
  rename,
};
