export {
  appendedListMarker,
  DATED_LINE_START,
  dateTag,
  formatDatedLine,
  nextListMarker,
  parseDatedLine,
} from "./dated-line.js";
export { editMemoryText } from "./edit-memory-text.js";
export {
  editFactText,
  type FactFile,
  factFileOf,
  formatFactFile,
  isMemoryType,
  safeParseFactFile,
} from "./fact-file.js";
export { formatFrontMatter } from "./front-matter.js";
export {
  formatMemoryFile,
  type MemoryFile,
  type MemoryHeader,
  type MemoryLine,
  safeParseMemoryFile,
  updatedDay,
} from "./memory-file.js";
export type { MemoryType } from "./memory-problem.js";
export {
  type BodyLine,
  mayMatchBodyLines,
  memoryBodyLines,
  memoryFileLines,
  type SearchMatch,
  searchMemoryLines,
} from "./search-lines.js";
export { isLineNamed, readTypedLine, replacesKeys } from "./typed-line.js";
