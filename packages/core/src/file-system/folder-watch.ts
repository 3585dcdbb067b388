import {
  chmodSync,
  type FSWatcher,
  lstatSync,
  readdirSync,
  readFileSync,
  statfsSync,
  statSync,
  watch,
} from "node:fs";
import { basename, isAbsolute, join, resolve, sep } from "node:path";

// File systems on which inotify reports every writer's change (local ones). On a network or FUSE
// mount a change made elsewhere raises no event, so such a folder is never watched. Magic numbers
// from Linux `include/uapi/linux/magic.h`.
const LOCAL_FILE_SYSTEMS = new Set([
  0xef53, // ext2, ext3, ext4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0x2fc12fc1, // zfs
  0xf2f52010, // f2fs
]);

// Two turns of the event loop: the second waits for a poll phase that began after the caller
// asked, and the kernel queues a change's event before the writing call returns, so every event
// of a write that finished before the caller asked has been delivered.
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Past this many named changes a walk is cheaper than naming them, and the kernel's event queue
// (16,384 by default) is far from dropping events.
const MAX_NAMED_CHANGES = 1_000;

// The store's own hidden folder in the root: its mode is set again (to the same value) before
// each answer, an event that must arrive. The kernel drops every event past a full queue, and
// libuv drops its overflow notice (an event of no watch), so a missing canary is the only sign.
const CANARY = ".memfiles";
// Events delivered to every memory folder's watchers of this process (they share libuv's one inotify
// queue). Once as many came between two answers as the queue holds, it may have overflowed and been
// read before the second answer's canary: the overflow notice is gone, so the count is the trace.
let delivered = 0;
let queueSize: number | undefined;

// The kernel's `max_queued_events` (16,384 by default).
function inotifyQueueSize(): number {
  if (queueSize === undefined) {
    let read = Number.NaN;
    try {
      read = Number(readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8"));
    } catch {}
    queueSize = Number.isInteger(read) && read > 0 ? read : 16_384;
  }
  return queueSize;
}

// After a watcher's error (or a failed rescan), the folders are watched again at a request this
// long after, doubling on each failure up to the last, so a folder that keeps failing does not
// set up its watchers on every request; every request walks the stamps meanwhile.
const REARM_AFTER_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000];

/** What {@link FolderWatch.start} may be given instead of the real thing (tests). */
export type FolderWatchOptions = {
  /** `fs.watch`. */
  watch?: typeof watch;
  /** A monotonic clock in ms (default `performance.now`), for the re-arm delays. */
  now?: () => number;
};

// A folder's watcher and the folder it was started on: inotify watches an inode, not a path, so a
// folder removed and made again, or swapped by renames, leaves it watching the old one.
type Watched = { watcher: FSWatcher; dev: number; ino: number };

// One user's paths named since its last answer, or `true`: anything may have changed.
type Named = { changed: Set<string> | true; deliveredAtAnswer: number };

// The one watch of each memory folder (by its absolute path as given) in this process: its watchers and canary
// serve every user of the folder (the recall index, the store's folder view), each with its own
// paths named since its last answer, so two users of one folder never set up two sets of watchers.
const shared = new Map<string, FolderEvents>();

/**
 * Which memory files of a folder may have changed, from the operating system's events
 * (`fs.watch` on each folder, not recursive: Node 20's recursive watch on Linux polls every file).
 * Watched only on Linux, on a local file system and in a folder without symbolic links; anywhere
 * else {@link FolderWatch.start} gives `undefined` and the caller walks the stamps as before. The
 * watchers never keep a process alive. Hidden entries (`.memfiles/`, `.git/`, an editor's swap
 * files) are not memory files and are ignored.
 *
 * Each `FolderWatch` is one user of its folder's one watch in the process (the watchers, the
 * canary, the re-arm after an error are the folder's): the first user of a folder starts it, each
 * user gets the paths named since its own last {@link FolderWatch.changes}, and the watchers stop
 * when the last user closes (docs/decisions/0111).
 */
export class FolderWatch {
  readonly #events: FolderEvents;
  readonly #named: Named;
  #closed = false;

  private constructor(events: FolderEvents) {
    this.#events = events;
    this.#named = { changed: true, deliveredAtAnswer: delivered };
    events.users.add(this.#named);
  }

  /**
   * Starts watching `root`, or joins the process's watch of the same path (a folder named by two
   * paths, through a link, is watched twice: each path's watch follows what its path names).
   * Until this user's first {@link changes} call, everything counts as changed.
   *
   * @param root - Absolute path of the memory folder (a backend's label is not one: no watch).
   * @param options - `{ watch?, now? }`: stand-ins for `fs.watch` and the clock (tests); used only
   *   by the first user of a folder, which starts its watch.
   * @returns The watch, or `undefined` where watching cannot be trusted or fails to start.
   */
  static start(root: string, options: FolderWatchOptions = {}): FolderWatch | undefined {
    if (process.platform !== "linux" || !isAbsolute(root)) return undefined;
    const path = resolve(root);
    let events = shared.get(path);
    if (events === undefined) {
      try {
        if (!LOCAL_FILE_SYSTEMS.has(statfsSync(path).type)) return undefined;
      } catch {
        return undefined;
      }
      events = FolderEvents.start(path, options);
      if (events === undefined) return undefined;
      shared.set(path, events);
    }
    return new FolderWatch(events);
  }

  /**
   * What may have changed since this user's last call, after every event of a write that finished
   * before this call was delivered: `undefined` (nothing), the memory-relative paths of the files
   * the events named (`/`-separated; present or gone, any name: a temp file too), or `"all"` (a
   * folder or link named, a watched folder replaced, an event without a name, too many names, a
   * broken watch, events the kernel may have dropped: walk everything). When `"all"`, the folders
   * are watched anew (a new, renamed or replaced folder) before it returns, so a walk of the
   * stamps made after it misses nothing. A watch broken by a watcher's error is set up again at
   * the first call 1 s after the error (then 2 s, 4 s, ... up to 60 s while it keeps failing).
   * The users of one folder answer one at a time (each answer raises and waits for its canary).
   */
  changes(): Promise<ReadonlySet<string> | "all" | undefined> {
    if (this.#closed) return Promise.resolve("all");
    return this.#events.answer(this.#named);
  }

  /** Makes this user's next {@link changes} answer `"all"` (a walk that failed is made again). */
  markChanged(): void {
    this.#named.changed = true;
  }

  /** Stops this user's watch; the folder's watchers stop with its last user. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#events.users.delete(this.#named);
    if (this.#events.users.size > 0) return;
    this.#events.close();
    if (shared.get(this.#events.root) === this.#events) shared.delete(this.#events.root);
  }
}

/**
 * How many users share the process's watch of `root` and how many folders it
 * watches; `undefined` when no watch of it is running. For tests of the sharing.
 *
 * @param root - The memory folder.
 * @returns `{ users, folders }`, or `undefined`.
 */
export function folderWatchUsers(root: string): { users: number; folders: number } | undefined {
  const events = shared.get(resolve(root));
  return events === undefined ? undefined : { users: events.users.size, folders: events.folders };
}

// The watchers of one folder, its canary and its re-arm, shared by its users.
class FolderEvents {
  readonly root: string;
  readonly users = new Set<Named>();
  readonly #watchers = new Map<string, Watched>();
  // Folders whose watcher reported its own folder renamed or removed.
  readonly #moved = new Set<string>();
  // When a broken watch is set up again (the clock's ms); `undefined` while it watches.
  #rearmAt: number | undefined;
  // Breaks in a row: each doubles the wait before the next re-arm.
  #failures = 0;
  #armedAt = 0;
  #canaryArrived = false;
  // The answer running: the next user's waits for it, so each canary is its own answer's.
  #answering: Promise<unknown> = Promise.resolve();
  readonly #watch: typeof watch;
  readonly #now: () => number;

  private constructor(root: string, options: FolderWatchOptions) {
    this.root = root;
    this.#watch = options.watch ?? watch;
    this.#now = options.now ?? (() => performance.now());
  }

  static start(root: string, options: FolderWatchOptions): FolderEvents | undefined {
    const events = new FolderEvents(root, options);
    if (events.#sync()) return events;
    events.close();
    return undefined;
  }

  get folders(): number {
    return this.#watchers.size;
  }

  answer(named: Named): Promise<ReadonlySet<string> | "all" | undefined> {
    const answered = this.#answering.then(() => this.#answer(named));
    this.#answering = answered.catch(() => undefined);
    return answered;
  }

  async #answer(named: Named): Promise<ReadonlySet<string> | "all" | undefined> {
    if (this.#rearmAt !== undefined) {
      if (this.#now() < this.#rearmAt) return "all";
      // Events may have been lost while it was broken: watched anew, then walked once.
      this.#rearmAt = undefined;
      this.#allChanged();
      this.#armedAt = this.#now();
      if (!this.#sync()) {
        this.#break();
        return "all";
      }
    }
    const canary = this.#sendCanary();
    await turn();
    await turn();
    if (this.#rearmAt !== undefined) return "all";
    // No canary: the kernel's queue was full, so events of this folder may have been dropped.
    if (canary && !this.#canaryArrived) this.#allChanged();
    // As many events as the queue holds: it may have overflowed and been read since this user's
    // last answer, which no canary shows.
    if (delivered - named.deliveredAtAnswer >= inotifyQueueSize()) named.changed = true;
    named.deliveredAtAnswer = delivered;
    // One stat a request: the memory folder replaced by way of a folder above it raises no event.
    const root = this.#watchers.get("");
    if (root === undefined || this.#replaced("", root)) this.#allChanged();
    const changed = named.changed;
    if (changed !== true && changed.size === 0) return undefined;
    named.changed = new Set();
    if (changed !== true && !this.#namesFolder(changed)) return changed;
    // Watched anew; another user learns of the new folder from its own named paths or `true`.
    if (!this.#sync()) this.#break();
    return "all";
  }

  #allChanged(): void {
    for (const named of this.users) named.changed = true;
  }

  // Whether a named path is a folder now, or was one watched (a folder made, renamed, removed),
  // or is a link or cannot be looked at: then the folders are watched anew and walked.
  #namesFolder(paths: ReadonlySet<string>): boolean {
    for (const path of paths) {
      const relative = path.split("/").join(sep);
      try {
        const stats = lstatSync(join(this.root, relative), { throwIfNoEntry: false });
        if (stats === undefined ? this.#watchers.has(relative) : !stats.isFile()) return true;
      } catch {
        return true;
      }
    }
    return false;
  }

  // Raises the canary's event; `false` when the folder has no `.memfiles/` to raise it with.
  #sendCanary(): boolean {
    this.#canaryArrived = false;
    try {
      const path = join(this.root, CANARY);
      chmodSync(path, statSync(path).mode & 0o7777);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    for (const { watcher } of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  // Whether a folder's watcher may no longer watch the folder at its path: it reported its folder
  // renamed or removed (ext4 gives a removed folder's inode number to the next one made), or the
  // path's device and inode are not the ones watched (a folder above it moved: no event here).
  #replaced(folder: string, watched: Watched): boolean {
    if (this.#moved.has(folder)) return true;
    try {
      const stats = statSync(join(this.root, folder), { throwIfNoEntry: false });
      return stats === undefined || stats.dev !== watched.dev || stats.ino !== watched.ino;
    } catch {
      return true;
    }
  }

  // Stops watching until the re-arm time; a watch that held past the longest wait starts over.
  #break(): void {
    if (this.#rearmAt !== undefined) return;
    this.close();
    this.#allChanged();
    if (this.#now() - this.#armedAt > (REARM_AFTER_MS.at(-1) ?? 0)) this.#failures = 0;
    const wait = REARM_AFTER_MS[Math.min(this.#failures, REARM_AFTER_MS.length - 1)] ?? 0;
    this.#failures++;
    this.#rearmAt = this.#now() + wait;
  }

  // Every user's named paths get an event's path, or `true` past too many or without a name.
  #named(path: string | undefined): void {
    for (const named of this.users) {
      const changed = named.changed;
      if (path === undefined || changed === true || changed.size >= MAX_NAMED_CHANGES) {
        named.changed = true;
      } else {
        changed.add(path);
      }
    }
  }

  // Watches every folder under the root not watched yet or replaced, stops watching folders gone or
  // replaced; `false` when a folder holds a symbolic link (its target's changes raise no event
  // here) or cannot be watched or read.
  #sync(): boolean {
    const folders: string[] = [];
    try {
      const pending = [""];
      for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
        folders.push(folder);
        for (const entry of readdirSync(join(this.root, folder), { withFileTypes: true })) {
          if (entry.name.startsWith(".")) continue;
          if (entry.isSymbolicLink()) return false;
          if (entry.isDirectory()) pending.push(join(folder, entry.name));
        }
      }
      const present = new Set(folders);
      for (const [folder, watched] of this.#watchers) {
        if (present.has(folder) && !this.#replaced(folder, watched)) continue;
        watched.watcher.close();
        this.#watchers.delete(folder);
      }
      this.#moved.clear();
      for (const folder of folders) {
        if (this.#watchers.has(folder)) continue;
        const absolute = join(this.root, folder);
        // Stated before it is watched: a folder replaced in between is watched anew, for nothing.
        const { dev, ino } = statSync(absolute);
        const watcher = this.#watch(absolute, { persistent: false }, (event, name) => {
          delivered++;
          if (folder === "" && name !== null && String(name) === CANARY) {
            this.#canaryArrived = true;
            return;
          }
          // Its own folder renamed or removed comes named as that folder (libuv); a file of that
          // name inside it, too: then it is watched again for nothing.
          if (event === "rename" && name !== null && String(name) === basename(absolute)) {
            this.#moved.add(folder);
            this.#allChanged();
            return;
          }
          if (name !== null && String(name).startsWith(".")) return;
          this.#named(
            name === null
              ? undefined
              : folder === ""
                ? String(name)
                : `${folder.split(sep).join("/")}/${name}`,
          );
        });
        watcher.on("error", () => this.#break());
        this.#watchers.set(folder, { watcher, dev, ino });
      }
      return true;
    } catch {
      return false;
    }
  }
}
