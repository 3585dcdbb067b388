import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { listAllFiles, searchableText } from "./internal/memory-folder.js";
import { quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether no file anywhere under the root contains a string: every file, any extension,
 * `MEMORY.md`, hidden folders (tombstones, logs) and loose git objects (inflated) included.
 * Case-sensitive, as it is meant for secrets.
 *
 * @param root - Memory folder.
 * @param text - The string, e.g. a pasted API key.
 * @returns `folder_lacks("sk-ant-api03-…")`; the reason names the files holding it.
 * @example await folderLacks(root, "sk-ant-api03-EXAMPLE")
 */
export async function folderLacks(root: string, text: string): Promise<GradeResult> {
  const shown = text.length > 16 ? `${text.slice(0, 16)}…` : text;
  const name = `folder_lacks(${quote(shown)})`;
  let files: string[];
  try {
    files = await listAllFiles(root);
  } catch (error) {
    return gradeResult(name, false, 0, `cannot list ${root}: ${String(error)}`);
  }
  const holding: string[] = [];
  for (const file of files) {
    try {
      if ((await searchableText(root, file)).includes(text)) holding.push(file);
    } catch (error) {
      return gradeResult(name, false, 0, `cannot read ${file}: ${String(error)}`);
    }
  }
  if (holding.length === 0)
    return gradeResult(name, true, 1, `absent from ${files.length} file(s)`);
  return gradeResult(name, false, 0, `found in: ${holding.join(", ")}`);
}

/** The `folderLacks` field of a scenario's `expect`, graded by {@link folderLacks}. */
export const folderLacksGrader = defineGrader("scenario", "folderLacks", (texts, { root }) =>
  Promise.all(texts.map((text) => folderLacks(root, text))),
);
