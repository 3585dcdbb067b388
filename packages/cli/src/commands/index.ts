import { registerCheck } from "./check.js";
import { registerClaudeCode } from "./claude-code.js";
import type { RegisterCommand } from "./command.js";
import { registerConsolidate } from "./consolidate.js";
import { registerCost } from "./cost.js";
import { registerExport, registerImport } from "./export-import.js";
import { registerForget } from "./forget.js";
import { registerLs } from "./ls.js";
import { registerRemember } from "./remember.js";
import { registerSearch } from "./search.js";
import { registerServe } from "./serve.js";
import { registerShow } from "./show.js";

/** Every `memfiles` subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly RegisterCommand[] = [
  registerLs,
  registerShow,
  registerSearch,
  registerRemember,
  registerForget,
  registerCheck,
  registerConsolidate,
  registerExport,
  registerImport,
  registerServe,
  registerCost,
  registerClaudeCode,
];
