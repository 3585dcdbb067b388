import {
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
import { FolderWatch } from "./folder-watch.js";

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
});
