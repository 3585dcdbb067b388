import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { contentLines, readMemoryFile } from "./internal/memory-folder.js";
import { includesFolded, quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether exactly `count` content lines of a memory file contain a string (case-insensitive):
 * "one place per fact" (a fact stated twice, or an update appended beside the old line, fails).
 *
 * @param root - Memory folder.
 * @param path - Path inside it.
 * @param text - The string, e.g. `Railway`.
 * @param count - The expected number of lines (0 or more).
 * @returns `lines_matching(path, "text", count)`; the reason lists the lines found.
 * @example await linesMatching(root, "topics/tools.md", "Railway", 1)
 */
export async function linesMatching(
  root: string,
  path: string,
  text: string,
  count: number,
): Promise<GradeResult> {
  const name = `lines_matching(${path}, ${quote(text)}, ${count})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "missing") {
    return gradeResult(name, count === 0, 0, `${path} does not exist`);
  }
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const parsed = contentLines(read.text, path);
  if ("error" in parsed) return gradeResult(name, false, 0, parsed.error);
  const matching = parsed.lines.filter((line) => includesFolded(line.text, text));
  const found = matching.length;
  const lines = matching.map((line) => line.text.trim()).join("; ");
  return gradeResult(
    name,
    found === count,
    1 - Math.abs(found - count) / Math.max(found, count, 1),
    `${found} line(s) match${found > 0 ? `: ${lines}` : ""}`,
  );
}

/** The `linesMatching` field of a file expectation, graded by {@link linesMatching}. */
export const linesMatchingGrader = defineGrader(
  "file",
  "linesMatching",
  async ({ text, count }, { root, path }) => [await linesMatching(root, path, text, count)],
);
