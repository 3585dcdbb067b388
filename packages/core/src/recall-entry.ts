// The recall entry (`@memfiles/core/recall`): what a process that only recalls imports (a prompt
// hook, a session-start hook), so it loads the store and recall and nothing else (no API client,
// no write pipeline).

// The memory block and recall for one prompt, read through the boundary's scoped view.
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
} from "./boundary/recall-for-prompt.js";
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
// The secret scan, for what a hook writes besides recalled memory (recall masks that itself): its
// log lines and the warning about a secret in MEMORY.md, which Claude Code loads unchecked.
export { findSecrets } from "./guards/secret-guard.js";
// The one project-name rule projectNameOf folds by.
export { isProjectName, projectNameFrom } from "./recall/project-name.js";
// Whether the stored recall index is read or rebuilt, and opening it: a hook that must not build
// it inside the prompt asks first, and its detached child builds it, or folds a long log into it.
export {
  compactRecallIndex,
  flushRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
  recallIndexStartFits,
} from "./recall/recall-index.js";
// The store a hook keeps its own state in (`.memfiles/`), and the layout of a folder it is given.
// Each from its own module, not the store folder's index: a hook loads only what it uses.
export { detectLayout } from "./store/detect-layout.js";
export { MemoryStore } from "./store/memory-store.js";
// Settings files are read as memory files are (a byte order mark, UTF-16).
export { decodeText } from "./store/text-encoding.js";
// The hooks read the user's time zone by the rule the CLI and the MCP server use.
export { isTimeZone } from "./text/local-day.js";
export { type TimeZoneFromEnv, timeZoneFromEnv } from "./text/time-zone-from-env.js";
