// The recall entry (`@memfiles/core/recall`): what a process that only recalls imports (a prompt
// hook, a session-start hook), so it loads the store and recall and nothing else (no API client,
// no write pipeline).

// Where Claude Code keeps a project's auto memory (the hooks' default memory folder).
export {
  autoMemoryFolder,
  checkoutRootOf,
  claudeConfigFolder,
  type LocationOptions,
  projectFolderName,
  projectNameOf,
  projectRootOf,
} from "./claude-code-location.js";
// The secret scan, so what a hook prints passes the same guard as every write.
export { findSecrets, findSecretsOfEach } from "./guards/secret-guard.js";
export {
  type MemoryBlockOptions,
  type MemoryBlockResult,
  memoryBlock,
  type RecalledUnit,
  type RecallForPromptOptions,
  type RecallForPromptResult,
  type RecallSourceOptions,
  recallForPrompt,
  recallUnitKey,
} from "./recall/recall-for-prompt.js";
// The store a hook keeps its own state in (`.memfiles/`), and the layout of a folder it is given.
// Each from its own module, not the store folder's index: a hook loads only what it uses.
export { detectLayout } from "./store/detect-layout.js";
export { MemoryStore } from "./store/memory-store.js";
// A hook falls back to UTC on a time zone this runtime does not know.
export { isTimeZone } from "./text/local-day.js";
