import { DEFAULT_MAX_CHARS } from "@memfiles/core/internal";
import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { readMemoryFile } from "./internal/memory-folder.js";
import type { GradeResult } from "./types.js";

/**
 * Whether a memory file is within the size cap (chars, as `String.length`).
 *
 * @param root - Memory folder.
 * @param path - Path inside it.
 * @param maxChars - The cap; core's `DEFAULT_MAX_CHARS` (the seed design's 12,000) by default.
 * @returns `under_cap(path, 12000)`, score = min(1, cap / size).
 * @example await underCap(root, "topics/tools.md")
 */
export async function underCap(
  root: string,
  path: string,
  maxChars: number = DEFAULT_MAX_CHARS,
): Promise<GradeResult> {
  const name = `under_cap(${path}, ${maxChars})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "missing") return gradeResult(name, false, 0, `${path} does not exist`);
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const chars = read.text.length;
  return gradeResult(name, chars <= maxChars, maxChars / chars, `${chars} chars, cap ${maxChars}`);
}

/** The `underCap` field of a file expectation, graded by {@link underCap}. */
export const underCapGrader = defineGrader(
  "file",
  "underCap",
  async (_asked, { root, path, maxChars }) => [await underCap(root, path, maxChars)],
);
