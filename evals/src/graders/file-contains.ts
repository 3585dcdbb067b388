import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { readMemoryFile } from "./internal/memory-folder.js";
import { includesFolded, quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether a memory file contains a string (case-insensitive substring).
 *
 * @param root - Memory folder.
 * @param path - Path inside it.
 * @param text - The string to find, e.g. `Railway`.
 * @returns `file_contains(path, "text")`.
 * @example await fileContains(root, "topics/tools.md", "Fly.io")
 */
export async function fileContains(root: string, path: string, text: string): Promise<GradeResult> {
  const name = `file_contains(${path}, ${quote(text)})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "missing") return gradeResult(name, false, 0, `${path} does not exist`);
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const found = includesFolded(read.text, text);
  return gradeResult(
    name,
    found,
    0,
    found ? `found ${quote(text)}` : `${quote(text)} not in ${path}:\n${read.text.trim()}`,
  );
}

/** The `contains` field of a file expectation, graded by {@link fileContains}. */
export const fileContainsGrader = defineGrader("file", "contains", (texts, { root, path }) =>
  Promise.all(texts.map((text) => fileContains(root, path, text))),
);
