import {
  type MemoryFile,
  type MemoryHeader,
  type MemoryLine,
  safeParseMemoryFile,
} from "../format/index.js";
import type { MemoryRow, MemoryStore, ReadResult } from "../store/index.js";

/**
 * A memory file as the write stage reads it: parsed, or why it could not be (`unparsable`, the
 * reason as the `unparsable_file` row of `WRITE_CHECKS` words it, e.g. a parse error's message).
 */
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
export const READ_BATCH = 32;

/**
 * Reads and parses one memory file; a missing file is an empty one (version token `new`).
 *
 * @throws {MemoryPathError} when the store's path guard refuses the path.
 */
export async function readMemoryFile(
  store: Pick<MemoryStore, "read">,
  path: string,
): Promise<MemoryFileState> {
  return memoryFileStateOf(path, await store.read(path));
}

// The state of a file from what `read(path)` returned (or `readAll()` for it, with its parse).
function memoryFileStateOf(path: string, read: ReadResult, given?: MemoryFile): MemoryFileState {
  if (!read.exists) return { read, lines: [], header: {} };
  if (read.notText !== undefined) return { unparsable: read.notText };
  const parsed =
    given === undefined
      ? safeParseMemoryFile(read.content, { path })
      : { success: true as const, value: given };
  if (!parsed.success) return { unparsable: parsed.error.message };
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
  if (!parsed.success) return { unparsable: parsed.error.message };
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

/** A store the write pass reads the whole folder from: `readAll` when it has it. */
export type FolderReadStore = Pick<MemoryStore, "list" | "read"> &
  Partial<Pick<MemoryStore, "readAll">>;

/**
 * Reads and parses every memory file `store.list()` returns, keyed by path in list order (the
 * write pass's one read of the folder).
 *
 * @param rows - The rows when the caller has listed already; default: the store's own listing,
 *   read with the files in one read of each (see {@link readFolderWithRows}).
 * @throws {MemoryPathError} when the store's path guard refuses one of the paths.
 */
export async function readFolder(
  store: FolderReadStore,
  rows?: readonly MemoryRow[],
): Promise<Map<string, MemoryFileState>> {
  if (rows === undefined) return (await readFolderWithRows(store)).snapshot;
  return readMemoryFiles(
    store,
    rows.map((row) => row.path),
  );
}

/**
 * The rows of the folder and every file read and parsed, keyed by path in list order: one read
 * of each file when the store has `readAll` (a `MemoryStore`), else `list()` and a `read()` per
 * row (a store view that has only those, e.g. a `boundaryStore` for one project).
 *
 * @param store - The store.
 * @returns `{ rows, snapshot }`.
 * @throws {MemoryPathError} when the store's path guard refuses one of the paths.
 * @example const { rows, snapshot } = await readFolderWithRows(store);
 */
export async function readFolderWithRows(
  store: FolderReadStore,
): Promise<{ rows: MemoryRow[]; snapshot: Map<string, MemoryFileState> }> {
  if (store.readAll === undefined) {
    const rows = await store.list();
    return { rows, snapshot: await readFolder(store, rows) };
  }
  const { rows, files, parsed } = await store.readAll();
  // The few rows `readAll` has no text for are read one by one, as `readFolder` reads every row.
  const late = await readMemoryFiles(
    store,
    rows.filter((row) => !files.has(row.path)).map((row) => row.path),
  );
  const snapshot = new Map<string, MemoryFileState>();
  for (const row of rows) {
    const read = files.get(row.path);
    snapshot.set(
      row.path,
      read === undefined
        ? (late.get(row.path) as MemoryFileState)
        : memoryFileStateOf(row.path, read, parsed?.get(row.path)),
    );
  }
  return { rows, snapshot };
}
