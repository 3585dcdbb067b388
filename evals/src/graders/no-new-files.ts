import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { listMemoryFiles } from "./internal/memory-folder.js";
import type { GradeResult } from "./types.js";

/**
 * Whether the folder holds no memory file beyond the seed files (`MEMORY.md` and hidden folders
 * such as tombstones are not memory files): the "saves nothing" tests.
 *
 * @param root - Memory folder.
 * @param seedPaths - Paths the scenario started with.
 * @returns `no_new_files`; the reason lists new files with their first fact line.
 * @example await noNewFiles(root, ["profile.md"])
 */
export async function noNewFiles(root: string, seedPaths: readonly string[]): Promise<GradeResult> {
  const name = "no_new_files";
  let files: string[];
  try {
    files = await listMemoryFiles(root);
  } catch (error) {
    return gradeResult(name, false, 0, `cannot list ${root}: ${String(error)}`);
  }
  const seeds = new Set(seedPaths);
  const added = files.filter((file) => !seeds.has(file));
  if (added.length === 0) return gradeResult(name, true, 1, `${files.length} file(s), all seeded`);
  return gradeResult(name, false, 0, `new file(s): ${added.join(", ")}`);
}

/** The `noNewFiles` field of a scenario's `expect`, graded by {@link noNewFiles}. */
export const noNewFilesGrader = defineGrader(
  "scenario",
  "noNewFiles",
  async (_asked, { root, seedFiles }) => [await noNewFiles(root, Object.keys(seedFiles))],
);
