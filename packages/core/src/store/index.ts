export {
  type BackendWriteResult,
  type StorageBackend,
  type StoredFile,
  withBackendLock,
} from "./backend/index.js";
export { detectLayout } from "./detect-layout.js";
export {
  appendInternalFile,
  parseInternalName,
  type ReadInternalOptions,
  readInternalFile,
  writeInternalFile,
} from "./internal-files.js";
export {
  LAYOUT_NAMES,
  type ParseLayoutNameResult,
  safeParseLayoutName,
} from "./layout-names.js";
export {
  CLAUDE_CODE_INDEX_LINES,
  formatMemoryIndex,
  formatMemoryIndexLine,
  MEMORY_INDEX_HEADER,
  type MemoryIndexEntry,
  memoryIndexWithin,
  parseMemoryIndex,
} from "./memory-index.js";
export { MemoryLockError, type MemoryLockErrorOptions } from "./memory-lock-error.js";
export {
  isMemoryIndexPath,
  MEMORY_INDEX_FILE,
  parseMemoryPath,
  type SafeParseMemoryPathResult,
  safeParseMemoryPath,
} from "./memory-path.js";
export { MemoryPathError, type MemoryPathErrorOptions } from "./memory-path-error.js";
export { DEFAULT_MAX_CHARS, MemoryStore, rowFromText } from "./memory-store.js";
export {
  MemoryWriteError,
  type MemoryWriteErrorCode,
  type MemoryWriteErrorOptions,
} from "./memory-write-error.js";
export {
  findSameSubject,
  type SameSubject,
  type SubjectFile,
  sameSubjectFiles,
} from "./same-subject.js";
export {
  INTERNAL_FOLDER,
  PENDING_FORGET_FILE,
  type StoreLockOptions,
  withStoreLock,
} from "./store-lock.js";
export {
  type DecodeTextResult,
  decodeText,
  encodeText,
  restoreLineBreaks,
  type TextEncoding,
} from "./text-encoding.js";
export type {
  CheckResult,
  FileStamp,
  ListStampsOptions,
  MemoryRow,
  MemoryStoreOptions,
  ReadAllResult,
  ReadResult,
  StoreLayout,
  WriteFailureCode,
  WriteResult,
} from "./types.js";
export { NEW_VERSION, versionToken } from "./version-token.js";
