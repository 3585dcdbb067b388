import { MEMORY_INDEX_FILE, safeParseMemoryPath } from "../store/index.js";
import { MemoryToolError } from "./memory-tool-error.js";

/** The folder the memory tool's paths live in (memory tool docs: every path is under `/memories`). */
export const MEMORIES_ROOT = "/memories";

/** A memory-tool path mapped onto the store: the root, a folder, a memory file, or `MEMORY.md`. */
export type ToolPath =
  | { kind: "root" }
  | { kind: "folder"; relative: string }
  | { kind: "file"; relative: string }
  | { kind: "index" };

/**
 * Maps a memory-tool path (`/memories/topics/tools.md`) onto a store path, refusing anything
 * outside `/memories`: another root, `..` or `.` segments, percent-encoded or control characters,
 * back slashes, dot-folders (`.memfiles/`). Links are checked by the store when it reads or writes.
 *
 * @throws {MemoryToolError} `path_refused`, with the docs' text for a path outside `/memories`.
 * @example toolPath("/memories/topics/tools.md") // { kind: "file", relative: "topics/tools.md" }
 */
export function toolPath(memoryPath: unknown): ToolPath {
  if (
    typeof memoryPath !== "string" ||
    !(memoryPath === MEMORIES_ROOT || memoryPath.startsWith(`${MEMORIES_ROOT}/`))
  ) {
    throw new MemoryToolError(`Path must start with /memories, got: ${String(memoryPath)}`, {
      code: "path_refused",
    });
  }
  const relative = memoryPath.slice(MEMORIES_ROOT.length + 1).replace(/\/+$/, "");
  if (relative === "") return { kind: "root" };
  const segments = relative.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) {
    throw new MemoryToolError(
      `Path ${memoryPath} would escape /memories directory. Nothing was read or written; use a path such as /memories/topics/tools.md.`,
      { code: "path_refused" },
    );
  }
  if (relative === MEMORY_INDEX_FILE) return { kind: "index" };
  if (relative.endsWith(".md")) {
    const parsed = safeParseMemoryPath(relative);
    if (!parsed.success) throw refused(memoryPath, parsed.error.reason);
    return { kind: "file", relative: parsed.value };
  }
  // A folder: the same rules as a file path, checked on a file name inside it.
  const probe = safeParseMemoryPath(`${relative}/x.md`);
  if (!probe.success) throw refused(memoryPath, probe.error.reason);
  return { kind: "folder", relative };
}

function refused(memoryPath: string, reason: string): MemoryToolError {
  return new MemoryToolError(
    `The path ${memoryPath} is refused: ${reason}. Nothing was read or written; use a path such as /memories/topics/tools.md.`,
    { code: "path_refused" },
  );
}

/** The memory-tool path of a store path: `topics/tools.md` -> `/memories/topics/tools.md`. */
export function memoriesPath(relative: string): string {
  return relative === "" ? MEMORIES_ROOT : `${MEMORIES_ROOT}/${relative}`;
}
