import { AsyncLocalStorage } from "node:async_hooks";
import { lstat, mkdir, realpath, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { lock as LockFunction } from "proper-lockfile";
import { errorCode, isMissing } from "../file-system/index.js";
import { internalEntryHint } from "./internal-entry-hint.js";
import { MemoryLockError } from "./memory-lock-error.js";
import { MemoryPathError } from "./memory-path-error.js";
import { MemoryWriteError, memoryWriteError } from "./memory-write-error.js";

const require = createRequire(import.meta.url);
let lockFunction: typeof LockFunction | undefined;

// Loaded on the first lock: a process that only reads (a prompt hook) never pays its import.
function lock(...args: Parameters<typeof LockFunction>): ReturnType<typeof LockFunction> {
  lockFunction ??= (require("proper-lockfile") as { lock: typeof LockFunction }).lock;
  return lockFunction(...args);
}

/** The folder inside the memory root that holds internal state (lock, tombstones, usage log). */
export const INTERNAL_FOLDER = ".memfiles";

/**
 * The `.gitignore` memfiles writes into a `.memfiles/` it creates: `*` leaves every file of its
 * internal state (the recall index, the `MEMORY.md` record, logs, tombstones) out of a memory
 * folder kept in git, itself included (docs/decisions/0089).
 */
export const INTERNAL_GITIGNORE = { name: ".gitignore", text: "*\n" } as const;

// Right after this process created `.memfiles/`: exclusive create, so a `.gitignore` a person put
// there (or a racing process's) is never overwritten. A failure leaves the folder as it is: git
// then shows the internal files, as it did before.
async function ignoreInGit(folder: string): Promise<void> {
  await writeFile(join(folder, INTERNAL_GITIGNORE.name), INTERNAL_GITIGNORE.text, {
    flag: "wx",
  }).catch(() => undefined);
}

/**
 * The journal of a forget in progress inside `.memfiles/` (hashes of the lines it removes); empty
 * or missing when none is. `check()` reports a non-empty one: a forget was killed midway, and the
 * next `forget`, `remember` or write pass finishes it.
 */
export const PENDING_FORGET_FILE = "pending-forget.json";
const LOCK_NAME = "store.lock";

/** Options of {@link withStoreLock}. */
export type StoreLockOptions = {
  /** A held lock older than this is taken over (its holder is presumed dead), in ms; at least 2,000 (proper-lockfile's floor). Default 10,000. */
  staleMs?: number;
  /** Give up waiting for another process's lock after this long, in ms. Default 30,000. (Callers in the same process queue in call order.) */
  waitMs?: number;
  /**
   * `false` for state a read keeps (the recall index): a missing memory folder is refused
   * (`folder_missing`), not created; its `.memfiles/` is still made. Default `true`.
   */
  createFolder?: boolean;
};

type Holding = { roots: Set<string>; active: boolean };
const holding = new AsyncLocalStorage<Holding>();
const queues = new Map<string, Promise<void>>();

/**
 * Run `fn` while holding the memory folder's lock: an in-process queue plus a cross-process
 * lock (proper-lockfile, a lock folder at `.memfiles/store.lock`), so a check-and-write inside
 * `fn` cannot interleave with another process's. Re-entrant: a call made while `fn` runs (in the
 * same async context) runs at once instead of waiting for itself. `MemoryStore.write` and
 * `delete`, `writeInternalFile` and `appendInternalFile` all take it.
 *
 * @param root - The memory folder (created if missing, unless `createFolder` is `false`).
 * @param fn - The work to do under the lock.
 * @param options - `{ staleMs?, waitMs? }` in ms, `{ createFolder? }`.
 * @returns What `fn` returns.
 * @throws {MemoryLockError} when the lock is not free within `waitMs`, or was lost while held.
 * @throws {MemoryPathError} when `.memfiles` is a link or not a folder.
 * @throws {MemoryWriteError} `folder_missing` when `createFolder` is `false` and there is no
 *   folder; `fn` does not run.
 * @example
 * await withStoreLock(root, async () => {
 *   const tombstones = (await readInternalFile(root, "tombstones.jsonl")) ?? "";
 *   await writeInternalFile(root, "tombstones.jsonl", `${tombstones}${line}\n`);
 * });
 */
export async function withStoreLock<T>(
  root: string,
  fn: () => Promise<T>,
  options: StoreLockOptions = {},
): Promise<T> {
  const absolute = resolve(root);
  const current = holding.getStore();
  const outer = current?.active ? current.roots : new Set<string>();
  if (outer.has(absolute)) return fn();

  // Queue synchronously, before any await, so holders in one process run in call order.
  const previous = queues.get(absolute) ?? Promise.resolve();
  let done: () => void = () => {};
  const mine = new Promise<void>((resolvePromise) => {
    done = resolvePromise;
  });
  const tail = previous.then(() => mine);
  queues.set(absolute, tail);
  await previous;
  try {
    const { realRoot, folder } =
      options.createFolder === false
        ? await internalFolderOfExisting(absolute)
        : await ensureInternalFolder(absolute);
    // The same folder under another spelling (a link to it) is already held by this caller.
    if (outer.has(realRoot)) return await fn();
    let compromised: Error | undefined;
    const release = await acquire(realRoot, folder, options, (error) => {
      compromised = error;
    });
    const held: Holding = { roots: new Set([...outer, absolute, realRoot]), active: true };
    try {
      const result = await holding.run(held, fn);
      if (compromised) {
        throw new MemoryLockError({
          root: realRoot,
          message: `The lock on the memory folder ${realRoot} was lost while a write ran (${compromised.message}); the write may have raced another process. Check the folder with store.check() and retry.`,
          cause: compromised,
        });
      }
      return result;
    } finally {
      held.active = false;
      await release().catch(() => {});
    }
  } finally {
    done();
    if (queues.get(absolute) === tail) queues.delete(absolute);
  }
}

async function acquire(
  realRoot: string,
  folder: string,
  options: StoreLockOptions,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  const staleMs = Math.max(options.staleMs ?? 10_000, 2_000);
  const waitMs = options.waitMs ?? 30_000;
  const deadline = Date.now() + waitMs;
  let delay = 1;
  const lockPath = join(folder, LOCK_NAME);
  const lockName = join(INTERNAL_FOLDER, LOCK_NAME);
  for (;;) {
    // A file (or anything but a folder) at the lock's path wedges every write: proper-lockfile
    // takes it for a held lock, then fails to remove it as stale with a bare ENOTDIR.
    const found = await lstat(lockPath).catch(() => undefined);
    if (found !== undefined && !found.isDirectory()) {
      throw new MemoryWriteError({ code: "lock_path_not_folder", path: lockName, landed: [] });
    }
    try {
      return await lock(realRoot, {
        lockfilePath: lockPath,
        realpath: false,
        stale: staleMs,
        retries: 0,
        onCompromised,
      });
    } catch (error) {
      if (errorCode(error) === "ENOTDIR") {
        throw new MemoryWriteError({
          code: "lock_path_not_folder",
          path: lockName,
          landed: [],
          cause: error,
        });
      }
      if (errorCode(error) !== "ELOCKED") throw memoryWriteError(error, lockName) ?? error;
      if (Date.now() >= deadline) {
        throw new MemoryLockError({
          root: realRoot,
          message: `Could not lock the memory folder ${realRoot} within ${waitMs} ms: another process holds ${join(INTERNAL_FOLDER, LOCK_NAME)}. Retry later; a lock left by a dead process is taken over after ${staleMs} ms.`,
          cause: error,
        });
      }
      await sleep(delay * (0.5 + Math.random()));
      delay = Math.min(delay * 1.5, 10);
    }
  }
}

/** Where a memory folder keeps its internal state: its real path and its `.memfiles/` in it. */
export type InternalFolder = { realRoot: string; folder: string };

/**
 * Create `<root>/.memfiles` if needed and check it is a real folder (not a link that could send
 * internal writes outside the root). With `create: false` nothing is created: a missing root or
 * `.memfiles/` gives `undefined`, so a read leaves a new folder as it was. `reading` names the
 * internal file a read is for: a `.memfiles` that is a link is refused as that file
 * (`MemoryPathError.path`), so a tombstone file behind it fails closed as a linked one does.
 */
export async function ensureInternalFolder(root: string): Promise<InternalFolder>;
export async function ensureInternalFolder(
  root: string,
  options: { create: false; reading?: string },
): Promise<InternalFolder | undefined>;
export async function ensureInternalFolder(
  root: string,
  options: { create: boolean; reading?: string } = { create: true },
): Promise<InternalFolder | undefined> {
  let realRoot: string;
  try {
    realRoot = options.create ? await realRootOf(root) : await realpath(resolve(root));
  } catch (error) {
    if (options.create || !isMissing(error)) throw error;
    return undefined;
  }
  const folder = join(realRoot, INTERNAL_FOLDER);
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(folder);
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (!options.create) return undefined;
    try {
      await mkdir(folder);
      await ignoreInGit(folder);
    } catch (mkdirError) {
      if (errorCode(mkdirError) !== "EEXIST") throw mkdirError;
    }
    stats = await lstat(folder);
  }
  if (stats.isSymbolicLink()) {
    // Whatever is read through it is refused as that file: a tombstone file behind a linked
    // `.memfiles` may hold tombstones, so a read of it fails closed as a linked file does.
    throw new MemoryPathError({
      path: options.reading ?? INTERNAL_FOLDER,
      reason: `${folder} is a link, and memfiles reads and writes its internal state only in a real folder`,
      hint: internalEntryHint(folder, "link", "folder"),
    });
  }
  if (!stats.isDirectory()) {
    // A plain file holds no internal state memfiles wrote: nothing in it is lost by moving it.
    throw new MemoryPathError({
      path: INTERNAL_FOLDER,
      reason: `${folder} is ${stats.isFile() ? "a file" : "neither a file nor a folder"}, and memfiles keeps its internal state in a folder there`,
      hint: `Move ${folder} aside and let memfiles create the folder.`,
    });
  }
  return { realRoot, folder };
}

// `.memfiles/` made inside a memory folder that must exist: mkdir without `recursive` fails with
// ENOENT when the folder is gone, even if it went after the realpath.
async function internalFolderOfExisting(root: string): Promise<InternalFolder> {
  const missing = () => new MemoryWriteError({ code: "folder_missing", path: root, landed: [] });
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (error) {
    throw isMissing(error) ? missing() : error;
  }
  try {
    await mkdir(join(realRoot, INTERNAL_FOLDER));
    await ignoreInGit(join(realRoot, INTERNAL_FOLDER));
  } catch (error) {
    if (isMissing(error)) throw missing();
    if (errorCode(error) !== "EEXIST") throw error;
  }
  const internal = await ensureInternalFolder(realRoot, { create: false });
  if (internal === undefined) throw missing();
  return internal;
}

/** `realpath` of the memory folder, creating the folder first when it does not exist. */
export async function realRootOf(root: string): Promise<string> {
  const absoluteRoot = resolve(root);
  try {
    return await realpath(absoluteRoot);
  } catch (error) {
    if (!isMissing(error)) throw error;
    await mkdir(absoluteRoot, { recursive: true });
    return realpath(absoluteRoot);
  }
}
