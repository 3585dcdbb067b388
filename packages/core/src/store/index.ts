export type { BackendWriteResult, StorageBackend, StoredFile } from "./backend/index.js";
export { detectLayout } from "./detect-layout.js";
export { LAYOUT_NAMES, type ParseLayoutNameResult, safeParseLayoutName } from "./layout-names.js";
export { CLAUDE_CODE_INDEX_LINES, formatMemoryIndex, parseMemoryIndex } from "./memory-index.js";
export { MemoryLockError } from "./memory-lock-error.js";
export {
  isMemoryIndexPath,
  MEMORY_INDEX_FILE,
  parseMemoryPath,
  safeParseMemoryPath,
} from "./memory-path.js";
export { MemoryPathError } from "./memory-path-error.js";
export { DEFAULT_MAX_CHARS, MemoryStore, rowFromText } from "./memory-store.js";
export { MemoryWriteError, type MemoryWriteErrorCode } from "./memory-write-error.js";
export { notShownMessage, shownLenientlyNote } from "./not-shown.js";
export { findSameSubject, type SameSubject, type SubjectFile } from "./same-subject.js";
export { PENDING_FORGET_FILE } from "./store-lock.js";
export {
  decodeText,
  encodeText,
  type LineBreaks,
  restoreLineBreaks,
  type TextEncoding,
} from "./text-encoding.js";
export type {
  CheckResult,
  EmptyBody,
  FileStamp,
  ListStampsOptions,
  MemoryRow,
  MemoryStoreOptions,
  ReadResult,
  StoreLayout,
  UpdatedValueGroup,
  WriteResult,
} from "./types.js";
export { NEW_VERSION, versionToken } from "./version-token.js";
