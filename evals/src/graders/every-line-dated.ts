import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { contentLines, readMemoryFile } from "./internal/memory-folder.js";
import type { GradeResult } from "./types.js";

/**
 * Whether every content line of a memory file carries a `[stated YYYY/MM/DD]` tag with a real
 * date (the seed design's fact format). Header, blank lines, `#` headings and comments are skipped.
 *
 * @param root - Memory folder.
 * @param path - Path inside it.
 * @returns `every_line_dated(path)`, score = dated lines / content lines.
 * @example await everyLineDated(root, "topics/tools.md")
 */
export async function everyLineDated(root: string, path: string): Promise<GradeResult> {
  const name = `every_line_dated(${path})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "missing") return gradeResult(name, false, 0, `${path} does not exist`);
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const parsed = contentLines(read.text, path);
  if ("error" in parsed) return gradeResult(name, false, 0, parsed.error);
  const undated = parsed.lines.filter((line) => !line.dated);
  const total = parsed.lines.length;
  if (undated.length === 0) {
    return gradeResult(name, true, 1, `${total} fact line(s), all dated`);
  }
  const listed = undated.map((line) => `line ${line.line}: ${line.text.trim()}`).join("; ");
  return gradeResult(name, false, (total - undated.length) / total, `undated: ${listed}`);
}

/** The `everyLineDated` field of a file expectation, graded by {@link everyLineDated}. */
export const everyLineDatedGrader = defineGrader(
  "file",
  "everyLineDated",
  async (_asked, { root, path }) => [await everyLineDated(root, path)],
);
