import { randomBytes } from "node:crypto";
import { constants, renameSync, type Stats } from "node:fs";
import { type FileHandle, lstat, open, readlink, realpath, unlink } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { isInsideOrSame } from "../file-system/index.js";
import { MemoryPathError } from "./memory-path-error.js";

function escaped(path: string, reason: string): MemoryPathError {
  return new MemoryPathError({
    path,
    reason,
    hint: "Another process changed the folder while it was in use; nothing outside the memory folder was read or written. Remove the link and try again.",
  });
}

/** A file {@link readFileInside} did not read: it is over the `maxBytes` it was given. */
export class OverMaxBytes extends Error {
  override readonly name = "OverMaxBytes";
  constructor(readonly size: number) {
    super(`The file is ${size} bytes, over the limit of this read.`);
  }
}

/** Bytes the temp suffix adds to a name (see {@link tempNameOf}); names must leave room for it. */
export const TEMP_SUFFIX_BYTES = ".memfiles-00000000.tmp".length;

/** Whether a folder entry is a temp file left by a write that never finished (killed midway). */
export function isLeftoverTemp(name: string): boolean {
  // Ours, and write-file-atomic's `<name>.<murmurhash>` left by versions before ours.
  return /\.memfiles-[0-9a-f]{8}\.tmp$/.test(name) || /\.md\.\d+$/.test(name);
}

function tempNameOf(target: string): string {
  return `${target}.memfiles-${randomBytes(4).toString("hex")}.tmp`;
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const PROC_FD = process.platform === "linux";

// Where the kernel says an open file is (Linux: /proc/self/fd). The kernel tracks the file, not
// the name used to open it, so a folder swapped for a link before or after the open cannot fool it.
// Elsewhere: the checked name must still name the opened file, and its folder must not be a link
// (a narrower check: a swap back and forth between the two look-ups is not caught).
async function verifyInside(
  handle: FileHandle,
  realRoot: string,
  path: string,
  opened: Stats,
): Promise<void> {
  if (PROC_FD) {
    let where = await readlink(`/proc/self/fd/${handle.fd}`);
    // A file replaced by a concurrent rename after the open is still the file that was inside.
    if (where.endsWith(" (deleted)")) where = where.slice(0, -" (deleted)".length);
    if (!isInsideOrSame(realRoot, where) || where === realRoot) {
      throw escaped(path, "the opened file is outside the memory folder");
    }
    return;
  }
  const named = await lstat(path);
  if (named.dev !== opened.dev || named.ino !== opened.ino) {
    throw escaped(path, "the name no longer names the file that was opened");
  }
  if ((await realpath(dirname(path))) !== dirname(path)) {
    throw escaped(path, "a folder on the path became a link");
  }
}

/**
 * Read a file that must lie inside `realRoot`, without following a link put in its place: opened
 * with `O_NOFOLLOW`, then checked to be inside (see `verifyInside`), and refused when it has
 * several names (a hard link can name a file outside the folder).
 *
 * @param realRoot - The memory root after `realpath`.
 * @param path - The real path of the file (no link in it when it was checked).
 * @param options - `{ firstLine?, firstBytes?, maxBytes? }`: `firstLine: true` reads only up to and
 *   with the first line break (the whole file when it has none); `firstBytes` reads at most that
 *   many bytes from the start; `maxBytes` refuses a larger file by the opened file's size, before
 *   any of it is read.
 * @returns The bytes, or `undefined` when there is no file.
 * @throws {MemoryPathError} when the opened file is not inside, or is hard-linked.
 * @throws {OverMaxBytes} when the file is over `maxBytes`.
 */
export async function readFileInside(
  realRoot: string,
  path: string,
  options: { firstLine?: boolean; firstBytes?: number; maxBytes?: number } = {},
): Promise<Buffer | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "ELOOP" || code === "EMLINK") {
      throw escaped(path, "the file became a link");
    }
    throw error;
  }
  try {
    const stats = await handle.stat();
    await verifyInside(handle, realRoot, path, stats);
    if (!stats.isFile()) throw escaped(path, "it is not a regular file");
    if (stats.nlink > 1) {
      throw escaped(
        path,
        `it has ${stats.nlink} hard links, and another one may be outside the memory folder`,
      );
    }
    if (options.maxBytes !== undefined && stats.size > options.maxBytes) {
      throw new OverMaxBytes(stats.size);
    }
    if (options.firstBytes !== undefined) return await readFirstBytes(handle, options.firstBytes);
    return options.firstLine === true ? await readFirstLine(handle) : await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function readFirstBytes(handle: FileHandle, count: number): Promise<Buffer> {
  const buffer = Buffer.alloc(count);
  let filled = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, filled, count - filled, filled);
    filled += bytesRead;
    if (bytesRead === 0 || filled === count) return buffer.subarray(0, filled);
  }
}

const FIRST_LINE_CHUNK = 1 << 20;

async function readFirstLine(handle: FileHandle): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = Buffer.allocUnsafe(FIRST_LINE_CHUNK);
    const { bytesRead } = await handle.read(chunk, 0, FIRST_LINE_CHUNK, null);
    const read = chunk.subarray(0, bytesRead);
    // A line break byte never occurs inside a multi-byte UTF-8 character.
    const end = read.indexOf(0x0a);
    if (end !== -1 || bytesRead === 0) {
      chunks.push(end === -1 ? read : read.subarray(0, end + 1));
      return Buffer.concat(chunks);
    }
    chunks.push(read);
  }
}

/**
 * Removes a file and makes the removal durable: the folder that held it is fsync'd after the
 * unlink, so a power loss cannot bring the file back once a later write has landed (a folder's
 * fsync orders its entries' changes, as SQLite's journal deletion does). Windows cannot open a
 * folder to fsync it; there the removal is left to the file system's own order.
 *
 * @param path - The file's absolute path (its folder is synced).
 * @returns Resolves `true` once the file is removed and its folder synced, `false` when there was
 *   no file (nothing to sync).
 * @throws File-system errors other than a missing file pass through.
 * @example await removeFileDurably("/home/ana/memory/.memfiles/memory-index.json") // true
 */
export async function removeFileDurably(path: string): Promise<boolean> {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return false;
    throw error;
  }
  if (process.platform === "win32") return true;
  const folder = await open(dirname(path), constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return true;
}

/** Options of {@link writeFileInside}. */
export type WriteFileInsideOptions = {
  /** fsync the file before the rename (default true; false for derived data such as an index). */
  fsync?: boolean;
  /** File mode for the new file (default: the current file's, else 0o666 less the umask). */
  mode?: number;
  /**
   * Runs after the temp file is written and synced, right before the rename: the last look at
   * the target (a version check). Whatever it throws is thrown, the temp file removed and the
   * target left as it is.
   */
  beforeRename?: () => Promise<void>;
  /**
   * Date the new file this many ms before it was written (its mtime, by the file system's own
   * clock, less this), set before the rename; default 0.
   */
  backdateMs?: number;
};

/**
 * Replace a file inside `realRoot` atomically without writing through a link: the temp file is
 * created exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`) beside the target, checked to be inside
 * the root before any byte is written, fsync'd, then renamed over the target (a rename replaces
 * a link at the target, it never follows it), as write-file-atomic does, which re-resolves names.
 *
 * @param realRoot - The memory root after `realpath`.
 * @param path - The real path to replace (its folder exists).
 * @param bytes - The whole new content.
 * @param options - `{ fsync?, mode?, beforeRename?, backdateMs? }`.
 * @returns Resolves once the file is in place.
 * @throws {MemoryPathError} when the folder turned out to be outside the root.
 */
export async function writeFileInside(
  realRoot: string,
  path: string,
  bytes: Uint8Array | string,
  options: WriteFileInsideOptions = {},
): Promise<void> {
  let mode = options.mode;
  if (mode === undefined) {
    try {
      const current = await lstat(path);
      if (current.isFile()) mode = current.mode & 0o7777;
    } catch {
      // A new file: the default mode.
    }
  }
  if (!PROC_FD) {
    await writeThroughNames(realRoot, path, bytes, mode, options);
    return;
  }
  // Linux: the folder is opened once and checked, then every name is taken relative to that open
  // folder (/proc/self/fd/<n>/name, as openat would), so a folder swapped for a link later cannot
  // redirect the temp file or the rename.
  let folder: FileHandle;
  try {
    folder = await open(dirname(path), constants.O_RDONLY | constants.O_DIRECTORY | NO_FOLLOW);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ELOOP" || code === "ENOTDIR") throw escaped(path, "its folder became a link");
    throw error;
  }
  try {
    const where = await readlink(`/proc/self/fd/${folder.fd}`);
    if (!isInsideOrSame(realRoot, where)) {
      throw escaped(path, "its folder is outside the memory folder");
    }
    const base = `/proc/self/fd/${folder.fd}`;
    const temp = `${base}/${basename(tempNameOf(path))}`;
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
      mode ?? 0o666,
    );
    let renamed = false;
    try {
      await handle.writeFile(bytes);
      if (options.backdateMs !== undefined) await backdate(handle, options.backdateMs);
      if (options.fsync !== false) await handle.sync();
      await options.beforeRename?.();
      // Synchronous, straight after that last look: no event-loop turn or thread-pool hop between.
      renameSync(temp, `${base}/${basename(path)}`);
      renamed = true;
    } finally {
      await handle.close();
      if (!renamed) await unlink(temp).catch(() => undefined);
    }
  } finally {
    await folder.close();
  }
}

// Other platforms: the temp file is checked after it is created (see `verifyInside`).
async function writeThroughNames(
  realRoot: string,
  path: string,
  bytes: Uint8Array | string,
  mode: number | undefined,
  options: WriteFileInsideOptions,
): Promise<void> {
  const temp = tempNameOf(path);
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
    mode ?? 0o666,
  );
  let renamed = false;
  try {
    await verifyInside(handle, realRoot, temp, await handle.stat());
    await handle.writeFile(bytes);
    if (options.backdateMs !== undefined) await backdate(handle, options.backdateMs);
    if (options.fsync !== false) await handle.sync();
    await options.beforeRename?.();
    renameSync(temp, path);
    renamed = true;
  } finally {
    await handle.close();
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
}

// The written file's mtime set `ms` before the file system's own time of that write: a duration
// measured by the caller's clock moves the file system's time, whatever skew lies between them.
async function backdate(handle: FileHandle, ms: number): Promise<void> {
  const { atime, mtimeMs } = await handle.stat();
  await handle.utimes(atime, new Date(mtimeMs - ms));
}
