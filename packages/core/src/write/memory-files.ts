import {
  type MemoryFile,
  type MemoryHeader,
  type MemoryLine,
  safeParseMemoryFile,
} from "../format/index.js";
import type { MemoryRow, MemoryStore, ReadResult } from "../store/index.js";

/** A memory file as the write stage reads it: parsed, or why it could not be. */
export type MemoryFileState =
  | {
      read: ReadResult;
      lines: MemoryLine[];
      header: MemoryHeader;
      /** The parsed file, with line numbers for edits; absent for a file that does not exist. */
      file?: MemoryFile;
    }
  | { unparsable: string };

/** Files read at once; keeps open file handles bounded on folders of thousands of files. */
const READ_BATCH = 32;

/**
 * Reads and parses one memory file; a missing file is an empty one (version token `new`).
 *
 * @throws {MemoryPathError} when the store's path guard refuses the path.
 */
export async function readMemoryFile(
  store: Pick<MemoryStore, "read">,
  path: string,
): Promise<MemoryFileState> {
  const read = await store.read(path);
  if (!read.exists) return { read, lines: [], header: {} };
  if (read.notText !== undefined)
    return { unparsable: `Refused to edit ${path}: ${read.notText}.` };
  const parsed = safeParseMemoryFile(read.content, { path });
  if (!parsed.success) return { unparsable: `Refused to edit ${path}: ${parsed.error.message}` };
  return { read, lines: parsed.value.lines, header: parsed.value.header, file: parsed.value };
}

/**
 * Reads and parses memory files, {@link READ_BATCH} at a time, keyed by path in the given order.
 *
 * @throws {MemoryPathError} when the store's path guard refuses one of the paths.
 */
/**
 * The state of a memory file from text this process just wrote (no read): parsed as
 * {@link readMemoryFile} parses what it reads.
 *
 * @param path - Memory path.
 * @param content - The text written.
 * @param version - The version token the write returned.
 * @returns The file's state.
 */
export function memoryFileState(path: string, content: string, version: string): MemoryFileState {
  const parsed = safeParseMemoryFile(content, { path });
  if (!parsed.success) return { unparsable: `Refused to edit ${path}: ${parsed.error.message}` };
  const read: ReadResult = { path, exists: true, version, content };
  return { read, lines: parsed.value.lines, header: parsed.value.header, file: parsed.value };
}

export async function readMemoryFiles(
  store: Pick<MemoryStore, "read">,
  paths: readonly string[],
): Promise<Map<string, MemoryFileState>> {
  const states = new Map<string, MemoryFileState>();
  for (let start = 0; start < paths.length; start += READ_BATCH) {
    const batch = paths.slice(start, start + READ_BATCH);
    const read = await Promise.all(batch.map((path) => readMemoryFile(store, path)));
    batch.forEach((path, index) => {
      states.set(path, read[index] as MemoryFileState);
    });
  }
  return states;
}

/**
 * Reads and parses every memory file `store.list()` returns, keyed by path in list order (the
 * write pass's one read of the folder).
 *
 * @param rows - The rows when the caller has listed already; default `store.list()`.
 * @throws {MemoryPathError} when the store's path guard refuses one of the paths.
 */
export async function readFolder(
  store: Pick<MemoryStore, "list" | "read">,
  rows?: readonly MemoryRow[],
): Promise<Map<string, MemoryFileState>> {
  return readMemoryFiles(
    store,
    (rows ?? (await store.list())).map((row) => row.path),
  );
}
