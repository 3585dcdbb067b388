/** A problem found while reading one memory file; reported as a value, never thrown. */
export type MemoryProblem = {
  /** snake_case code a caller can switch on. */
  code:
    | "no_description"
    | "undated_line"
    | "unparsable_header"
    | "over_cap"
    | "unreadable"
    | "refused"
    | "header_not_yaml"
    | "not_text"
    | "invalid_updated"
    | (string & {});
  /** Human-readable sentence: what is wrong, where (line number when known), how to fix it. */
  message: string;
  /** 1-based line number in the file, when the problem is on one line. */
  line?: number;
};

/** Claude Code's memory types (front matter `type:`), accepted by the reader. */
export type MemoryType = "user" | "feedback" | "project" | "reference";
