import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { readMemoryFile } from "./internal/memory-folder.js";
import type { GradeResult } from "./types.js";

/**
 * Whether every seed file still has exactly its seed text (nothing was saved into it).
 *
 * @param root - Memory folder.
 * @param seedFiles - Path -> text the scenario started with.
 * @returns `seed_files_unchanged`; the reason names changed or missing files.
 * @example await seedFilesUnchanged(root, { "topics/tools.md": "---\n..." })
 */
export async function seedFilesUnchanged(
  root: string,
  seedFiles: Readonly<Record<string, string>>,
): Promise<GradeResult> {
  const name = "seed_files_unchanged";
  const changed: string[] = [];
  const entries = Object.entries(seedFiles);
  for (const [path, seedText] of entries) {
    const read = await readMemoryFile(root, path);
    if (read.state !== "present") changed.push(`${path} (${read.state})`);
    else if (read.text !== seedText) changed.push(path);
  }
  if (changed.length === 0)
    return gradeResult(name, true, 1, `${entries.length} seed file(s) unchanged`);
  return gradeResult(
    name,
    false,
    1 - changed.length / entries.length,
    `changed: ${changed.join(", ")}`,
  );
}

/** The `seedFilesUnchanged` field of a scenario's `expect`, graded by {@link seedFilesUnchanged}. */
export const seedFilesUnchangedGrader = defineGrader(
  "scenario",
  "seedFilesUnchanged",
  async (_asked, { root, seedFiles }) => [await seedFilesUnchanged(root, seedFiles)],
);
