import {
  type FSWatcher,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FolderWatch, folderWatchUsers } from "./folder-watch.js";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const memory = () => {
  const root = mkdtempSync(join(tmpdir(), "memfiles-watch-"));
  mkdirSync(join(root, ".memfiles"));
  writeFileSync(join(root, "tools.md"), "uses Neovim\n");
  return root;
};

// Watched on Linux only (FolderWatch.start is undefined elsewhere, and every request walks).
describe.runIf(process.platform === "linux")("a folder's watch", () => {
  it("answers nothing while nothing changed, and the file an event named", async () => {
    const root = memory();
    const folderWatch = FolderWatch.start(root);
    if (folderWatch === undefined) throw new Error("a local folder on Linux is watched");
    const mode = statSync(join(root, ".memfiles")).mode;
    expect(await folderWatch.changes()).toBe("all");
    // The canary's own event is no change, and it leaves the folder's mode as it was.
    expect(await folderWatch.changes()).toBeUndefined();
    expect(statSync(join(root, ".memfiles")).mode).toBe(mode);
    writeFileSync(join(root, "tools.md"), "uses Helix\n");
    expect(await folderWatch.changes()).toEqual(new Set(["tools.md"]));
    expect(await folderWatch.changes()).toBeUndefined();
    folderWatch.close();
    rmSync(root, { recursive: true, force: true });
  });

  // The kernel queues at most max_queued_events events per inotify instance, which every fs.watch
  // of the process shares; past that it drops events, and libuv drops the kernel's overflow
  // notice. Here another watcher of the process fills the queue while the thread is busy, then a
  // memory file is written: its event is dropped.
  it("answers all when the kernel's event queue overflowed before the request", async () => {
    const root = memory();
    const other = mkdtempSync(join(tmpdir(), "memfiles-watch-other-"));
    const folderWatch = FolderWatch.start(root);
    if (folderWatch === undefined) throw new Error("a local folder on Linux is watched");
    await folderWatch.changes();
    let otherEvents = 0;
    const otherWatch = watch(other, { persistent: false }, () => {
      otherEvents++;
    });
    const queued = Number(readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8"));
    for (let file = 0; file < queued; file++) {
      const path = join(other, `f${file}`);
      writeFileSync(path, "");
      unlinkSync(path);
    }
    writeFileSync(join(root, "tools.md"), "uses Helix\n");
    expect(await folderWatch.changes()).toBe("all");
    // The queue was full: the other watcher got exactly that many events, the rest were dropped.
    expect(otherEvents).toBe(queued);
    expect(await folderWatch.changes()).toBeUndefined();
    otherWatch.close();
    folderWatch.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });

  // As above, but the full queue is read (the event loop turned) before the request asks, so the
  // canary arrives: the events delivered to the process's memory folders' watchers are the trace.
  it("answers all when the queue overflowed and was read before the request", async () => {
    const root = memory();
    const other = memory();
    const folderWatch = FolderWatch.start(root);
    const otherWatch = FolderWatch.start(other);
    if (folderWatch === undefined || otherWatch === undefined) {
      throw new Error("a local folder on Linux is watched");
    }
    await folderWatch.changes();
    await otherWatch.changes();
    const queued = Number(readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8"));
    for (let file = 0; file < queued; file++) {
      const path = join(other, `f${file}.md`);
      writeFileSync(path, "");
      unlinkSync(path);
    }
    writeFileSync(join(root, "tools.md"), "uses Helix\n");
    await turn();
    await turn();
    expect(await folderWatch.changes()).toBe("all");
    expect(await otherWatch.changes()).toBe("all");
    expect(await folderWatch.changes()).toBeUndefined();
    folderWatch.close();
    otherWatch.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });
});

// A watcher's error stops the watch; it is set up again 1 s later (then 2 s, 4 s, ... while it
// keeps failing), with one walk, and each request walks meanwhile.
describe.runIf(process.platform === "linux")("a folder's watch after a watcher's error", () => {
  /** `fs.watch` that records its watchers and counts its calls, and throws while `failing`. */
  const fakeWatch = () => {
    const state = { failing: false, calls: 0, made: [] as FSWatcher[] };
    const fake = ((...args: Parameters<typeof watch>) => {
      state.calls++;
      if (state.failing)
        throw new Error("ENOSPC: System limit for number of file watchers reached");
      const watcher = watch(...args);
      state.made.push(watcher);
      return watcher;
    }) as typeof watch;
    return { state, fake };
  };

  it("watches again, with one walk, once the first wait has passed", async () => {
    const root = memory();
    let now = 0;
    const { state, fake } = fakeWatch();
    const folderWatch = FolderWatch.start(root, { watch: fake, now: () => now });
    if (folderWatch === undefined) throw new Error("a local folder on Linux is watched");
    expect(await folderWatch.changes()).toBe("all");
    expect(await folderWatch.changes()).toBeUndefined();
    state.made[0]?.emit("error", new Error("EIO: i/o error, watch"));
    // Broken: a change made now raises no event any more, so every request walks.
    writeFileSync(join(root, "tools.md"), "uses Helix\n");
    expect(await folderWatch.changes()).toBe("all");
    now = 999;
    expect(await folderWatch.changes()).toBe("all");
    const before = state.made.length;
    now = 1_000;
    expect(await folderWatch.changes()).toBe("all");
    expect(state.made.length).toBe(before + 1);
    // Watching again: nothing changed, then the next write is named.
    expect(await folderWatch.changes()).toBeUndefined();
    writeFileSync(join(root, "tools.md"), "uses Zed\n");
    expect(await folderWatch.changes()).toEqual(new Set(["tools.md"]));
    folderWatch.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("waits longer after each failed re-arm, so a folder that keeps failing does not spin", async () => {
    const root = memory();
    let now = 0;
    const { state, fake } = fakeWatch();
    const folderWatch = FolderWatch.start(root, { watch: fake, now: () => now });
    if (folderWatch === undefined) throw new Error("a local folder on Linux is watched");
    await folderWatch.changes();
    state.failing = true;
    state.made[0]?.emit("error", new Error("EIO: i/o error, watch"));
    // A request every 100 ms for 10 s: set up again at 1 s, 3 s and 7 s only, failing each time.
    const calls = state.calls;
    for (now = 0; now <= 10_000; now += 100) expect(await folderWatch.changes()).toBe("all");
    expect(state.calls - calls).toBe(3);
    // Past the next wait (8 s after 7 s), and the folder can be watched again.
    state.failing = false;
    now = 15_000;
    expect(await folderWatch.changes()).toBe("all");
    expect(await folderWatch.changes()).toBeUndefined();
    folderWatch.close();
    rmSync(root, { recursive: true, force: true });
  });
});

// The recall index and the store's folder view both watch a memory folder in a long-lived process:
// one set of watchers and one canary serve both, each user with the paths named since its own
// last answer, and the watchers stop with the last user (docs/decisions/0111).
describe.runIf(process.platform === "linux")("two users of one folder's watch", () => {
  it("share its watchers, each answered what changed since its own last answer", async () => {
    const root = memory();
    mkdirSync(join(root, "people"));
    let calls = 0;
    const counted = ((...args: Parameters<typeof watch>) => {
      calls++;
      return watch(...args);
    }) as typeof watch;
    const first = FolderWatch.start(root, { watch: counted });
    const second = FolderWatch.start(join(root, "people", ".."), { watch: counted });
    if (first === undefined || second === undefined) throw new Error("a local folder is watched");
    // The root and people/, watched once for both users.
    expect(calls).toBe(2);
    expect(folderWatchUsers(root)).toEqual({ users: 2, folders: 2 });
    expect(await first.changes()).toBe("all");
    expect(await second.changes()).toBe("all");
    writeFileSync(join(root, "tools.md"), "uses Helix\n");
    expect(await first.changes()).toEqual(new Set(["tools.md"]));
    writeFileSync(join(root, "people", "marta.md"), "Marta\n");
    // The second user was not asked in between: it gets both paths, the first only the new one.
    const [firstAnswer, secondAnswer] = await Promise.all([first.changes(), second.changes()]);
    expect(firstAnswer).toEqual(new Set(["people/marta.md"]));
    expect(secondAnswer).toEqual(new Set(["tools.md", "people/marta.md"]));
    // A user marked changed walks; the other does not.
    first.markChanged();
    expect(await first.changes()).toBe("all");
    expect(await second.changes()).toBeUndefined();
    // Closing one user keeps the other's events.
    first.close();
    first.close();
    expect(folderWatchUsers(root)).toEqual({ users: 1, folders: 2 });
    expect(await first.changes()).toBe("all");
    writeFileSync(join(root, "tools.md"), "uses Zed\n");
    expect(await second.changes()).toEqual(new Set(["tools.md"]));
    second.close();
    expect(folderWatchUsers(root)).toBeUndefined();
    // A new user after the last one closed starts the folder's watch again.
    const third = FolderWatch.start(root, { watch: counted });
    expect(calls).toBe(4);
    third?.close();
    rmSync(root, { recursive: true, force: true });
  });
});
