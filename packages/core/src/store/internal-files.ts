import { closeSync, constants, lstatSync, openSync, realpathSync, writeFileSync } from "node:fs";
import { lstat, mkdir, open, realpath, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { isMissing } from "../file-system/index.js";
import { readFileInside, removeFileDurably, writeFileInside } from "./inside-root.js";
import { ENTRY_WORDS, internalEntryHint } from "./internal-entry-hint.js";
import { MemoryPathError } from "./memory-path-error.js";
import { MemoryWriteError } from "./memory-write-error.js";
import {
  ensureInternalFolder,
  INTERNAL_FOLDER,
  type StoreLockOptions,
  withStoreLock,
} from "./store-lock.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f\\%:]/;

function internalSegments(relativePath: string): string[] {
  const path = relativePath.startsWith(`${INTERNAL_FOLDER}/`)
    ? relativePath.slice(INTERNAL_FOLDER.length + 1)
    : relativePath;
  const segments = path.split("/");
  const bad =
    typeof relativePath !== "string" ||
    path === "" ||
    UNSAFE.test(path) ||
    segments.some((segment) => segment === "" || segment.startsWith(".")) ||
    segments[0] === "store.lock";
  if (bad) {
    throw new MemoryPathError({
      path: relativePath,
      reason: "it is not a plain relative name inside .memfiles/",
      hint: 'Give a name such as "tombstones.json" (no "..", dots at the start, back slashes or "%").',
    });
  }
  return segments;
}

/**
 * Check the name of an internal file (the rule of `readInternalFile`) and return it without a
 * leading `.memfiles/`: the key a non-file backend stores it under.
 *
 * @param relativePath - e.g. `tombstones.json` or `.memfiles/usage.jsonl`.
 * @returns The name inside `.memfiles/`, e.g. `usage.jsonl`.
 * @throws {MemoryPathError} when the name is not a plain relative name.
 * @example parseInternalName(".memfiles/usage.jsonl") // "usage.jsonl"
 */
export function parseInternalName(relativePath: string): string {
  return internalSegments(relativePath).join("/");
}

// A link anywhere under .memfiles/ could send internal writes outside the root (a cloned memory
// folder may carry one), so every existing component must be a real folder or a real file.
async function internalTarget(
  folder: string,
  segments: string[],
  relativePath: string,
): Promise<string> {
  let current = folder;
  for (let index = 0; index < segments.length; index++) {
    current = join(current, segments[index] as string);
    const wantsFile = index === segments.length - 1;
    let found: "link" | "folder" | "file" | "other" | undefined;
    try {
      const stats = await lstat(current);
      found = stats.isSymbolicLink()
        ? "link"
        : stats.isDirectory()
          ? "folder"
          : stats.isFile()
            ? "file"
            : "other";
    } catch (error) {
      if (isMissing(error)) break;
      throw error;
    }
    if (found !== (wantsFile ? "file" : "folder")) {
      throw new MemoryPathError({
        path: relativePath,
        reason: `${current} is ${ENTRY_WORDS[found]}, not the ${wantsFile ? "file" : "folder"} memfiles keeps there`,
        hint: internalEntryHint(current, found, wantsFile ? "file" : "folder"),
      });
    }
  }
  return join(folder, ...segments);
}

/** Options of reading an internal file. */
export type ReadInternalOptions = {
  /**
   * Only the text up to and with the first line break is needed (the whole text when it has
   * none). A store may still return more (a database row is read whole): a caller takes the
   * first line itself.
   */
  firstLine?: boolean;
  /**
   * Only the first this many bytes are needed (a file's opening, such as the recall index's
   * rules); the text may end inside a character. A store may still return more.
   */
  firstBytes?: number;
};

/**
 * Read a file of the memory folder's internal state (`<root>/.memfiles/<relativePath>`), such as
 * the tombstones or the usage log.
 *
 * @param root - The memory folder.
 * @param relativePath - Path inside `.memfiles/` (a leading `.memfiles/` is accepted), e.g.
 *   `tombstones.json`.
 * @param options - {@link ReadInternalOptions}.
 * @returns The text, or `undefined` when the file (or `.memfiles/`) does not exist; creates nothing.
 * @throws {MemoryPathError} when the name is not a plain relative name.
 * @example const text = (await readInternalFile(root, "tombstones.json")) ?? "";
 */
export async function readInternalFile(
  root: string,
  relativePath: string,
  options: ReadInternalOptions = {},
): Promise<string | undefined> {
  const segments = internalSegments(relativePath);
  // A read never creates anything: a dry run or a status look leaves a new folder as it was.
  const internal = await ensureInternalFolder(root, { create: false, reading: relativePath });
  if (internal === undefined) return undefined;
  const { folder } = internal;
  try {
    const target = await internalTarget(folder, segments, relativePath);
    return (await readFileInside(folder, target, options))?.toString("utf8");
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Options of writing an internal file. */
export type InternalWriteOptions = {
  /**
   * `false` for state a read keeps (the recall index): a memory folder that does not exist is not
   * created for it, and the write is refused. Default `true`: a write may start a new folder.
   */
  createFolder?: boolean;
  /**
   * `true` for a journal that is empty when done (a forget in progress): an empty text removes the
   * file (one unlink, atomic) instead of leaving an empty one; a backend store deletes its record
   * (`StorageBackend.deleteInternal`), so every store reads it back as missing.
   */
  removeWhenEmpty?: boolean;
  /**
   * `false` for derived state rebuilt when lost (the `MEMORY.md` record's text): no fsync. Default
   * `true`; a removal (`removeWhenEmpty`) then fsyncs the folder after the unlink.
   */
  fsync?: boolean;
  /** Date the written file this many ms before its write (its mtime); default 0. */
  backdateMs?: number;
  /**
   * `false` for an append to a log each of whose lines a reader checks on its own, so a line lost
   * to a whole store emptying the log costs a read, never a wrong answer (the recall index's own
   * entries, checked by their files' stamps: docs/decisions/0076, 0111): appended without the
   * store's lock, its name and folder checked as under it. Default `true`. Only
   * {@link appendInternalFile} reads it; a database store locks as before.
   */
  lock?: boolean;
};

/**
 * Replace a file of the internal state atomically (temp file, fsync, rename) under the store lock.
 * For a read-modify-write, wrap the read and this call in {@link withStoreLock} (it is re-entrant).
 *
 * @param root - The memory folder.
 * @param relativePath - Path inside `.memfiles/`, e.g. `tombstones.json`.
 * @param text - The whole new text.
 * @param options - Lock options (`{ staleMs?, waitMs? }`, ms) and {@link InternalWriteOptions}.
 * @returns Resolves once the file is written.
 * @throws {MemoryPathError} when the name is not a plain relative name.
 * @throws {MemoryLockError} when the lock cannot be taken.
 * @throws {MemoryWriteError} `folder_missing` when `createFolder` is `false` and there is no folder.
 * @example await writeInternalFile(root, "tombstones.json", JSON.stringify(file));
 */
export async function writeInternalFile(
  root: string,
  relativePath: string,
  text: string,
  options: StoreLockOptions & InternalWriteOptions = {},
): Promise<void> {
  await withInternalTarget(root, relativePath, options, (folder, target) =>
    options.removeWhenEmpty === true && text === ""
      ? options.fsync === false
        ? rm(target, { force: true })
        : removeFileDurably(target).then(() => undefined)
      : writeFileInside(folder, target, text, {
          fsync: options.fsync !== false,
          ...(options.backdateMs === undefined ? {} : { backdateMs: options.backdateMs }),
        }),
  );
}

/**
 * Append text to a file of the internal state under the store lock (for logs written one JSON
 * object a line, such as the usage log), or without it when `lock` is `false` (the file is opened
 * with `O_APPEND`: each append lands whole after the others, in either order). Creates the file
 * when missing. With `afterWholeLine`, a file whose last line is torn (no line break: a crash
 * mid-append) is left as it is, so the text never joins that fragment into one damaged line.
 *
 * @param root - The memory folder.
 * @param relativePath - Path inside `.memfiles/`, e.g. `usage.jsonl`.
 * @param text - Text to append (include the line break).
 * @param options - Lock options (`{ staleMs?, waitMs? }`, ms), {@link InternalWriteOptions} and
 *   `afterWholeLine`.
 * @returns Resolves once the text is appended.
 * @throws {MemoryPathError} when the name is not a plain relative name.
 * @throws {MemoryLockError} when the lock cannot be taken (never with `lock: false`).
 * @throws {MemoryWriteError} `folder_missing` when `createFolder` is `false` and there is no folder.
 * @example await appendInternalFile(root, "usage.jsonl", `${JSON.stringify(record)}\n`);
 */
export async function appendInternalFile(
  root: string,
  relativePath: string,
  text: string,
  options: StoreLockOptions & InternalWriteOptions & { afterWholeLine?: boolean } = {},
): Promise<void> {
  if (options.lock === false && options.afterWholeLine !== true) {
    if (appendedAtOnce(root, relativePath, text)) return;
  }
  await withInternalTarget(root, relativePath, options, async (_folder, target) => {
    // No-follow: a link put in place of the log is refused, never appended through.
    const handle = await open(
      target,
      (options.afterWholeLine === true ? constants.O_RDWR : constants.O_WRONLY) |
        constants.O_APPEND |
        constants.O_CREAT |
        (constants.O_NOFOLLOW ?? 0),
      0o666,
    );
    try {
      if (options.afterWholeLine === true) {
        const { size } = await handle.stat();
        const last = Buffer.alloc(1);
        if (size > 0 && (await handle.read(last, 0, 1, size - 1)).bytesRead === 1) {
          if (last[0] !== 0x0a) return;
        }
      }
      await handle.appendFile(text, "utf8");
    } finally {
      await handle.close();
    }
  });
}

// An append without the lock to a file right inside an existing `.memfiles/`, in a few
// synchronous calls: each of the promise API's costs a thread-pool round trip (~5x the CPU), and
// this runs on a request. `false` (nothing written) when the folder is missing, or the name is
// nested: the checked path below then makes what is missing, or refuses.
function appendedAtOnce(root: string, relativePath: string, text: string): boolean {
  const segments = internalSegments(relativePath);
  if (segments.length !== 1) return false;
  let folder: string;
  try {
    folder = join(realpathSync.native(resolve(root)), INTERNAL_FOLDER);
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
  if (lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() !== true) return false;
  const target = join(folder, ...segments);
  const stats = lstatSync(target, { throwIfNoEntry: false });
  // A link, a folder or a pipe in its place: refused by the checked path, as under the lock.
  if (stats !== undefined && !stats.isFile()) return false;
  // No-follow, append-only: a link put in place since is refused, never appended through; a pipe
  // put there is refused too (non-blocking open), never waited on.
  const descriptor = openSync(
    target,
    constants.O_WRONLY |
      constants.O_APPEND |
      constants.O_CREAT |
      (constants.O_NOFOLLOW ?? 0) |
      (constants.O_NONBLOCK ?? 0),
    0o666,
  );
  try {
    writeFileSync(descriptor, text, "utf8");
  } finally {
    closeSync(descriptor);
  }
  return true;
}

/** Under the store lock: checks the name, makes the folders, and hands the target path to `change`. */
async function withInternalTarget(
  root: string,
  relativePath: string,
  options: StoreLockOptions & InternalWriteOptions,
  change: (folder: string, target: string) => Promise<void>,
): Promise<void> {
  const segments = internalSegments(relativePath);
  // The lock makes a missing folder: in a long-lived process, a folder moved away and back would
  // land inside the empty one a read had made in its place.
  if (options.createFolder === false) {
    try {
      await realpath(resolve(root));
    } catch (error) {
      if (!isMissing(error)) throw error;
      throw new MemoryWriteError({
        code: "folder_missing",
        path: join(resolve(root), INTERNAL_FOLDER, ...segments),
        landed: [],
      });
    }
  }
  const run = async () => {
    const { folder } = await ensureInternalFolder(root);
    const target = await internalTarget(folder, segments, relativePath);
    await mkdir(dirname(target), { recursive: true });
    await change(folder, target);
  };
  await (options.lock === false ? run() : withStoreLock(root, run, options));
}
