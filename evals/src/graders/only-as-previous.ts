import { defineGrader } from "./define-grader.js";
import { gradeResult } from "./internal/grade-result.js";
import { contentLines, readMemoryFile } from "./internal/memory-folder.js";
import { includesFolded, quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/** Words that mark a fact line as history ("deploys on Railway (previously Fly.io)"). */
export const PREVIOUS_MARKERS = [
  "previously",
  "formerly",
  "moved from",
  "migrated from",
  "switched from",
  "used to",
  "no longer",
  "before",
] as const;

/**
 * Whether a string survives in a memory file only as history: every content line that mentions
 * it also carries a marker from {@link PREVIOUS_MARKERS} (the seed design's update test: "the old
 * gone or marked previous"). Absent entirely also passes.
 *
 * @param root - Memory folder.
 * @param path - Path inside it.
 * @param text - The old value, e.g. `Fly.io`.
 * @returns `only_as_previous(path, "text")`; the reason quotes any line stating it as current.
 * @example await onlyAsPrevious(root, "topics/tools.md", "Fly.io")
 */
export async function onlyAsPrevious(
  root: string,
  path: string,
  text: string,
): Promise<GradeResult> {
  const name = `only_as_previous(${path}, ${quote(text)})`;
  const read = await readMemoryFile(root, path);
  if (read.state === "missing") return gradeResult(name, true, 1, `${path} does not exist`);
  if (read.state === "error") return gradeResult(name, false, 0, read.message);
  const parsed = contentLines(read.text, path);
  if ("error" in parsed) return gradeResult(name, false, 0, parsed.error);
  const mentioning = parsed.lines.filter((line) => includesFolded(line.text, text));
  const current = mentioning.filter(
    (line) => !PREVIOUS_MARKERS.some((marker) => includesFolded(line.text, marker)),
  );
  if (mentioning.length === 0) return gradeResult(name, true, 1, `${quote(text)} gone`);
  if (current.length === 0)
    return gradeResult(name, true, 1, `${quote(text)} only marked previous`);
  return gradeResult(
    name,
    false,
    1 - current.length / mentioning.length,
    `still stated as current: ${current.map((line) => line.text.trim()).join("; ")}`,
  );
}

/** The `onlyAsPrevious` field of a file expectation, graded by {@link onlyAsPrevious}. */
export const onlyAsPreviousGrader = defineGrader(
  "file",
  "onlyAsPrevious",
  (texts, { root, path }) => Promise.all(texts.map((text) => onlyAsPrevious(root, path, text))),
);
