import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { readMemoryFile } from "./internal/memory-folder.js";
import { includesFolded, quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether a memory file lacks a string (case-insensitive). A missing file lacks everything.
 *
 * @param root - Memory folder.
 * @param path - Path inside it.
 * @param text - The string that must not appear, e.g. `Fly.io` after a forget.
 * @returns `file_lacks(path, "text")`; the reason quotes the offending line.
 * @example await fileLacks(root, "topics/tools.md", "Fly.io")
 */
export async function fileLacks(root: string, path: string, text: string): Promise<GradeResult> {
  const name = `file_lacks(${path}, ${quote(text)})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "missing") return gradeResult(name, true, 1, `${path} does not exist`);
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const line = read.text.split(/\r?\n/).find((candidate) => includesFolded(candidate, text));
  return gradeResult(
    name,
    line === undefined,
    0,
    line === undefined ? `${quote(text)} absent` : `${path} still has: ${line.trim()}`,
  );
}

/** The `lacks` field of a file expectation, graded by {@link fileLacks}. */
export const fileLacksGrader = defineGrader("file", "lacks", (texts, { root, path }) =>
  Promise.all(texts.map((text) => fileLacks(root, path, text))),
);
