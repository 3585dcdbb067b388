export type {
  CheckResult,
  MemoryProblem,
  MemoryRow,
  MemoryStoreOptions,
  MemoryType,
  ReadResult,
  WriteFailureCode,
  WriteResult,
} from "./types.js";
