export {
  type DatedLine,
  dateTag,
  formatDatedLine,
  parseDatedLine,
} from "./dated-line.js";
export { editMemoryText, type MemoryTextEdit } from "./edit-memory-text.js";
export {
  editFactText,
  type FactFile,
  type FactTextEdit,
  type FormatFactFileOptions,
  factLinks,
  formatFactFile,
  isMemoryType,
  parseFactFile,
  type SafeParseFactFileResult,
  safeParseFactFile,
} from "./fact-file.js";
export {
  type FrontMatterResult,
  formatFrontMatter,
  readFrontMatter,
} from "./front-matter.js";
export {
  type FormatMemoryFileOptions,
  formatMemoryFile,
  type HeaderStyle,
  type LocatedLine,
  MEMORY_TYPES,
  type MemoryFile,
  type MemoryHeader,
  type MemoryLine,
  type MemoryLineMap,
  type ParseMemoryFileOptions,
  parseMemoryFile,
  type SafeParseMemoryFileResult,
  safeParseMemoryFile,
} from "./memory-file.js";
export {
  MemoryFormatError,
  type MemoryFormatErrorCode,
  type MemoryFormatErrorOptions,
} from "./memory-format-error.js";
export type { MemoryProblem, MemoryType } from "./memory-problem.js";
export {
  isLineNamed,
  readTypedLine,
  replacesKeys,
  type TypedLine,
} from "./typed-line.js";
