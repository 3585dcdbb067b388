import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStoreLock } from "./store-lock.js";

let sandbox: string;
let root: string;

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-store-lock-"));
  root = join(sandbox, "memory");
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

describe("the store lock and a missing memory folder", () => {
  // A write may start a new folder; state a read keeps (createFolder: false) may not, and the lock
  // is the last place that could make one after the caller's own check.
  it.each([
    { name: "default: the lock starts the folder", options: {}, started: true },
    { name: "createFolder: true", options: { createFolder: true }, started: true },
    { name: "createFolder: false refuses", options: { createFolder: false }, started: false },
  ])("$name", async ({ options, started }) => {
    let ran = false;
    const locked = withStoreLock(
      root,
      async () => {
        ran = true;
      },
      options,
    );
    if (started) {
      await locked;
      expect((await readdir(root)).sort()).toEqual([".memfiles"]);
    } else {
      await expect(locked).rejects.toMatchObject({
        name: "MemoryWriteError",
        code: "folder_missing",
        path: root,
        message: expect.stringMatching(/memory folder does not exist\. Nothing was changed\./),
      });
      expect(await readdir(sandbox)).toEqual([]);
    }
    expect(ran).toBe(started);
  });

  it("createFolder: false makes .memfiles/ in a folder that exists", async () => {
    await mkdir(root);
    await withStoreLock(root, async () => {}, { createFolder: false });
    expect(await readdir(root)).toEqual([".memfiles"]);
  });
});
