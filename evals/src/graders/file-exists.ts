import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { readMemoryFile } from "./internal/memory-folder.js";
import type { GradeResult } from "./types.js";

/**
 * Whether a memory file exists (or, with `expected: false`, does not).
 *
 * @param root - Memory folder (absolute path).
 * @param path - Path inside it, e.g. `topics/tools.md`.
 * @param expected - `true` to require the file, `false` to require its absence.
 * @returns `file_exists(path)` or `file_absent(path)`.
 * @example await fileExists("/tmp/memory", "topics/tools.md", true)
 */
export async function fileExists(
  root: string,
  path: string,
  expected: boolean,
): Promise<GradeResult> {
  const name = `${expected ? "file_exists" : "file_absent"}(${path})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const exists = read.state === "present";
  return gradeResult(
    name,
    exists === expected,
    0,
    exists ? `${path} exists` : `${path} does not exist`,
  );
}

/** The `exists` field of a file expectation, graded by {@link fileExists}. */
export const fileExistsGrader = defineGrader("file", "exists", async (expected, { root, path }) => [
  await fileExists(root, path, expected),
]);
