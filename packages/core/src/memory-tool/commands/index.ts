import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { create } from "./create.js";
import { deleteCommand } from "./delete.js";
import { insert } from "./insert.js";
import { rename } from "./rename.js";
import type { CommandModule } from "./skeleton.js";
import { strReplace } from "./str-replace.js";
import { view } from "./view.js";

export { commandInput, runCommand } from "./skeleton.js";

/**
 * The memory tool's six commands by name, one module each, every one run through the one
 * skeleton (`runCommand`). A new command of the tool is its file and a line here.
 */
export const MEMORY_TOOL_COMMANDS: { [Name in keyof MemoryToolHandlers]: CommandModule<Name> } = {
  view,
  create,
  str_replace: strReplace,
  insert,
  delete: deleteCommand,
  rename,
};
