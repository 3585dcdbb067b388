import { readdir, readFile } from "node:fs/promises";
import * as path from "node:path";
import { inflateSync } from "node:zlib";
import { safeParseMemoryFile } from "@memfiles/core/internal";

/** The generated index; not a memory file of its own. */
export const INDEX_FILE = "MEMORY.md";

/** A memory file read for grading: missing, unreadable, or its text. */
export type FileRead =
  | { state: "missing" }
  | { state: "error"; message: string }
  | { state: "present"; text: string };

/**
 * Resolves a memory path inside the root. Scenario paths are authored, but a grader must never
 * read outside the folder it grades, so `..` and absolute paths are refused.
 */
function resolveInside(root: string, memoryPath: string): string | undefined {
  if (path.isAbsolute(memoryPath)) return undefined;
  const resolved = path.resolve(root, memoryPath);
  const relative = path.relative(path.resolve(root), resolved);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return resolved;
}

/** Reads one memory file; never throws. */
export async function readMemoryFile(root: string, memoryPath: string): Promise<FileRead> {
  const resolved = resolveInside(root, memoryPath);
  if (resolved === undefined) {
    return { state: "error", message: `path ${memoryPath} is outside the memory folder` };
  }
  try {
    return { state: "present", text: await readFile(resolved, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { state: "missing" };
    return { state: "error", message: `cannot read ${memoryPath}: ${String(error)}` };
  }
}

/** One body line of a memory file that holds content: a fact, dated or not. */
export type ContentLine = { line: number; text: string; dated: boolean };

/**
 * The content lines of a memory file (header, blank lines, `#` headings and comments skipped), as
 * core's `parseMemoryFile` reads them; `undefined` plus a reason when the header cannot be read.
 */
export function contentLines(
  text: string,
  memoryPath: string,
): { lines: ContentLine[] } | { error: string } {
  const parsed = safeParseMemoryFile(text, { path: memoryPath });
  if (!parsed.success) return { error: parsed.error.message };
  const undated = new Set(
    parsed.value.problems
      .filter((problem) => problem.code === "undated_line" || problem.code === "invalid_date")
      .map((problem) => problem.line),
  );
  const allLines = text.split(/\r?\n/);
  const lines: ContentLine[] = [];
  for (const fact of parsed.value.facts) {
    lines.push({ line: fact.line, text: allLines[fact.line - 1] ?? fact.text, dated: true });
  }
  for (const line of undated) {
    if (line === undefined) continue;
    lines.push({ line, text: allLines[line - 1] ?? "", dated: false });
  }
  return { lines: lines.sort((left, right) => left.line - right.line) };
}

/**
 * Every memory file under the root (`.md`, hidden folders and the generated `MEMORY.md` left
 * out), as forward-slash relative paths, sorted. A missing root has no files.
 */
export async function listMemoryFiles(root: string): Promise<string[]> {
  const files = await walk(root, { includeHidden: false });
  return files.filter((file) => file.endsWith(".md") && file !== INDEX_FILE).sort();
}

/** Every file under the root, hidden folders included; sorted relative paths. */
export async function listAllFiles(root: string): Promise<string[]> {
  return (await walk(root, { includeHidden: true })).sort();
}

async function walk(root: string, options: { includeHidden: boolean }): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (!options.includeHidden && entry.name.startsWith(".")) continue;
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await visit("");
  return found;
}

/**
 * The searchable text of any file under the root. Loose git objects (`.git/objects/xx/…`) are
 * zlib-deflated, so a secret committed by a consolidation would not show as plain bytes; they are
 * inflated first.
 */
export async function searchableText(root: string, relative: string): Promise<string> {
  const bytes = await readFile(path.join(root, relative));
  if (/(^|\/)\.git\/objects\/[0-9a-f]{2}\/[0-9a-f]{38}$/.test(relative)) {
    try {
      return inflateSync(bytes).toString("latin1");
    } catch {
      return bytes.toString("latin1");
    }
  }
  return bytes.toString("utf8");
}
