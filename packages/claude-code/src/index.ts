// The public API of @memfiles/claude-code: memfiles inside Claude Code. The hook command is the
// "./hook" entry (`memfiles hook <event>`).

// The lines of MEMORY.md Claude Code loads; core keeps a fact-layout index within them.
export { CLAUDE_CODE_INDEX_LINES } from "@memfiles/core/internal";
// Claude Code's own memory edits, checked like every other write.
export { type CheckFileEditResult, checkFileEdit, type FileEdit } from "./check-file-edit.js";
export { type HookLogEntry, readHookLog } from "./hook-log.js";
// Backfill: the write pass over a project's past sessions, as one Message Batch.
export { ImportError, type ImportErrorCode } from "./import-error.js";
export {
  describeProposals,
  type ImportOutcome,
  type ImportPlanRow,
  type ImportProgress,
  type ImportSessionsOptions,
  type ImportSessionsResult,
  type ImportSkipped,
  importSessions,
  type PendingImport,
  readPendingImport,
} from "./import-sessions.js";
// A secret in the MEMORY.md Claude Code loads itself.
export { indexSecretLines, indexSecretWarning } from "./index-secrets.js";
// Install into Claude Code's settings.
export {
  HOOK_TIMEOUT_SECONDS,
  type InstallOptions,
  type InstallResult,
  type InstallState,
  installClaudeCode,
  MCP_SERVER_NAME,
  type McpApproval,
  memfilesToolsAllowed,
  OtherMemfilesHooksError,
  readInstall,
  rootOfHookCommand,
  SettingsFileError,
  uninstallClaudeCode,
} from "./install.js";
// A --user install and a project's own: which one acts in a project.
export {
  isUserLevelHook,
  memfilesHookEvent,
  projectFolderOf,
  projectHookCommands,
  USER_LEVEL_STANDS_DOWN,
  userLevelStandsDown,
} from "./install-level.js";
// Where memory lives.
export {
  autoMemoryFolder,
  checkoutRootOf,
  claudeConfigFolder,
  memoryLocation,
  projectFolderName,
  projectNameOf,
  projectRootOf,
} from "./memory-location.js";
// Hooks: one run of a Claude Code hook, and the write pass SessionEnd starts.
export {
  CLAUDE_CODE_EVENT_NAMES,
  HOOKS,
  type HookEvent,
  type RunHookOptions,
  type RunHookResult,
  runHook,
} from "./run-hook.js";
export { runSessionWritePass, type SessionWritePassResult } from "./session-write-pass.js";
