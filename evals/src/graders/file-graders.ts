import { DEFAULT_MAX_CHARS } from "@memfiles/core";
import {
  contentLines,
  listAllFiles,
  listMemoryFiles,
  readMemoryFile,
  searchableText,
} from "./internal/memory-folder.js";
import { includesFolded, quote } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * File graders: each reads the memory folder on disk (the same files a person would open) and
 * returns a {@link GradeResult}. A missing or unreadable file is a failed grade, never a throw.
 */

function result(name: string, pass: boolean, score: number, reason: string): GradeResult {
  return { name, pass, score: pass ? 1 : Math.max(0, Math.min(score, 0.99)), reason };
}

/**
 * Whether a memory file exists (or, with `expected: false`, does not).
 *
 * @param root - Memory folder (absolute path).
 * @param memoryPath - Path inside it, e.g. `topics/tools.md`.
 * @param expected - `true` to require the file, `false` to require its absence.
 * @returns `file_exists(path)` or `file_absent(path)`.
 * @example await fileExists("/tmp/memory", "topics/tools.md", true)
 */
export async function fileExists(
  root: string,
  memoryPath: string,
  expected: boolean,
): Promise<GradeResult> {
  const name = `${expected ? "file_exists" : "file_absent"}(${memoryPath})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "error") return result(name, false, 0, read.message);
  const exists = read.state === "present";
  return result(
    name,
    exists === expected,
    0,
    exists ? `${memoryPath} exists` : `${memoryPath} does not exist`,
  );
}

/**
 * Whether a memory file contains a string (case-insensitive substring).
 *
 * @param root - Memory folder.
 * @param memoryPath - Path inside it.
 * @param text - The string to find, e.g. `Railway`.
 * @returns `file_contains(path, "text")`.
 * @example await fileContains(root, "topics/tools.md", "Fly.io")
 */
export async function fileContains(
  root: string,
  memoryPath: string,
  text: string,
): Promise<GradeResult> {
  const name = `file_contains(${memoryPath}, ${quote(text)})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "missing") return result(name, false, 0, `${memoryPath} does not exist`);
  if (read.state === "error") return result(name, false, 0, read.message);
  const found = includesFolded(read.text, text);
  return result(
    name,
    found,
    0,
    found ? `found ${quote(text)}` : `${quote(text)} not in ${memoryPath}:\n${read.text.trim()}`,
  );
}

/**
 * Whether a memory file lacks a string (case-insensitive). A missing file lacks everything.
 *
 * @param root - Memory folder.
 * @param memoryPath - Path inside it.
 * @param text - The string that must not appear, e.g. `Fly.io` after a forget.
 * @returns `file_lacks(path, "text")`; the reason quotes the offending line.
 * @example await fileLacks(root, "topics/tools.md", "Fly.io")
 */
export async function fileLacks(
  root: string,
  memoryPath: string,
  text: string,
): Promise<GradeResult> {
  const name = `file_lacks(${memoryPath}, ${quote(text)})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "missing") return result(name, true, 1, `${memoryPath} does not exist`);
  if (read.state === "error") return result(name, false, 0, read.message);
  const line = read.text.split(/\r?\n/).find((candidate) => includesFolded(candidate, text));
  return result(
    name,
    line === undefined,
    0,
    line === undefined ? `${quote(text)} absent` : `${memoryPath} still has: ${line.trim()}`,
  );
}

/**
 * Whether every content line of a memory file carries a `[stated YYYY/MM/DD]` tag with a real
 * date (the seed design's fact format). Header, blank lines, `#` headings and comments are skipped.
 *
 * @param root - Memory folder.
 * @param memoryPath - Path inside it.
 * @returns `every_line_dated(path)`, score = dated lines / content lines.
 * @example await everyLineDated(root, "topics/tools.md")
 */
export async function everyLineDated(root: string, memoryPath: string): Promise<GradeResult> {
  const name = `every_line_dated(${memoryPath})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "missing") return result(name, false, 0, `${memoryPath} does not exist`);
  if (read.state === "error") return result(name, false, 0, read.message);
  const parsed = contentLines(read.text, memoryPath);
  if ("error" in parsed) return result(name, false, 0, parsed.error);
  const undated = parsed.lines.filter((line) => !line.dated);
  const total = parsed.lines.length;
  if (undated.length === 0) {
    return result(name, true, 1, `${total} fact line(s), all dated`);
  }
  const listed = undated.map((line) => `line ${line.line}: ${line.text.trim()}`).join("; ");
  return result(name, false, (total - undated.length) / total, `undated: ${listed}`);
}

/**
 * Whether a memory file is within the size cap (chars, as `String.length`).
 *
 * @param root - Memory folder.
 * @param memoryPath - Path inside it.
 * @param maxChars - The cap; core's `DEFAULT_MAX_CHARS` (the seed design's 12,000) by default.
 * @returns `under_cap(path, 12000)`, score = min(1, cap / size).
 * @example await underCap(root, "topics/tools.md")
 */
export async function underCap(
  root: string,
  memoryPath: string,
  maxChars: number = DEFAULT_MAX_CHARS,
): Promise<GradeResult> {
  const name = `under_cap(${memoryPath}, ${maxChars})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "missing") return result(name, false, 0, `${memoryPath} does not exist`);
  if (read.state === "error") return result(name, false, 0, read.message);
  const chars = read.text.length;
  return result(name, chars <= maxChars, maxChars / chars, `${chars} chars, cap ${maxChars}`);
}

/**
 * Whether exactly `count` content lines of a memory file contain a string (case-insensitive):
 * "one place per fact" (a fact stated twice, or an update appended beside the old line, fails).
 *
 * @param root - Memory folder.
 * @param memoryPath - Path inside it.
 * @param text - The string, e.g. `Railway`.
 * @param count - The expected number of lines (0 or more).
 * @returns `lines_matching(path, "text", count)`; the reason lists the lines found.
 * @example await linesMatching(root, "topics/tools.md", "Railway", 1)
 */
export async function linesMatching(
  root: string,
  memoryPath: string,
  text: string,
  count: number,
): Promise<GradeResult> {
  const name = `lines_matching(${memoryPath}, ${quote(text)}, ${count})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "missing") {
    return result(name, count === 0, 0, `${memoryPath} does not exist`);
  }
  if (read.state === "error") return result(name, false, 0, read.message);
  const parsed = contentLines(read.text, memoryPath);
  if ("error" in parsed) return result(name, false, 0, parsed.error);
  const matching = parsed.lines.filter((line) => includesFolded(line.text, text));
  const found = matching.length;
  const lines = matching.map((line) => line.text.trim()).join("; ");
  return result(
    name,
    found === count,
    1 - Math.abs(found - count) / Math.max(found, count, 1),
    `${found} line(s) match${found > 0 ? `: ${lines}` : ""}`,
  );
}

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
 * @param memoryPath - Path inside it.
 * @param text - The old value, e.g. `Fly.io`.
 * @returns `only_as_previous(path, "text")`; the reason quotes any line stating it as current.
 * @example await onlyAsPrevious(root, "topics/tools.md", "Fly.io")
 */
export async function onlyAsPrevious(
  root: string,
  memoryPath: string,
  text: string,
): Promise<GradeResult> {
  const name = `only_as_previous(${memoryPath}, ${quote(text)})`;
  const read = await readMemoryFile(root, memoryPath);
  if (read.state === "missing") return result(name, true, 1, `${memoryPath} does not exist`);
  if (read.state === "error") return result(name, false, 0, read.message);
  const parsed = contentLines(read.text, memoryPath);
  if ("error" in parsed) return result(name, false, 0, parsed.error);
  const mentioning = parsed.lines.filter((line) => includesFolded(line.text, text));
  const current = mentioning.filter(
    (line) => !PREVIOUS_MARKERS.some((marker) => includesFolded(line.text, marker)),
  );
  if (mentioning.length === 0) return result(name, true, 1, `${quote(text)} gone`);
  if (current.length === 0) return result(name, true, 1, `${quote(text)} only marked previous`);
  return result(
    name,
    false,
    1 - current.length / mentioning.length,
    `still stated as current: ${current.map((line) => line.text.trim()).join("; ")}`,
  );
}

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
    return result(name, false, 0, `cannot list ${root}: ${String(error)}`);
  }
  const seeds = new Set(seedPaths);
  const added = files.filter((file) => !seeds.has(file));
  if (added.length === 0) return result(name, true, 1, `${files.length} file(s), all seeded`);
  return result(name, false, 0, `new file(s): ${added.join(", ")}`);
}

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
  for (const [memoryPath, seedText] of entries) {
    const read = await readMemoryFile(root, memoryPath);
    if (read.state !== "present") changed.push(`${memoryPath} (${read.state})`);
    else if (read.text !== seedText) changed.push(memoryPath);
  }
  if (changed.length === 0)
    return result(name, true, 1, `${entries.length} seed file(s) unchanged`);
  return result(name, false, 1 - changed.length / entries.length, `changed: ${changed.join(", ")}`);
}

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
    return result(name, false, 0, `cannot list ${root}: ${String(error)}`);
  }
  const holding: string[] = [];
  for (const file of files) {
    try {
      if ((await searchableText(root, file)).includes(text)) holding.push(file);
    } catch (error) {
      return result(name, false, 0, `cannot read ${file}: ${String(error)}`);
    }
  }
  if (holding.length === 0) return result(name, true, 1, `absent from ${files.length} file(s)`);
  return result(name, false, 0, `found in: ${holding.join(", ")}`);
}
