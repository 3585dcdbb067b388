import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendInternalFile, readInternalFile, writeInternalFile } from "./internal-files.js";
import { MEMORY_INDEX_RECORD_FILE } from "./memory-index-record.js";
import { MemoryLockError } from "./memory-lock-error.js";
import { MemoryPathError } from "./memory-path-error.js";
import { MemoryStore } from "./memory-store.js";
import { withStoreLock } from "./store-lock.js";

let sandbox: string;
let root: string;

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-internal-"));
  root = join(sandbox, "memory");
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

describe("internal files under .memfiles/", () => {
  it("appends without the lock into an existing .memfiles/, and makes it when missing", async () => {
    await mkdir(root);
    await appendInternalFile(root, "recall-index.log", "a\n", { lock: false });
    await appendInternalFile(root, "recall-index.log", "b\n", { lock: false });
    expect(await readInternalFile(root, "recall-index.log")).toBe("a\nb\n");
  });

  it("writes, reads, and appends; a missing file reads as undefined", async () => {
    expect(await readInternalFile(root, "tombstones.jsonl")).toBeUndefined();
    await writeInternalFile(root, "tombstones.jsonl", '{"fact":"a"}\n');
    await appendInternalFile(root, ".memfiles/tombstones.jsonl", '{"fact":"b"}\n');
    await appendInternalFile(root, "logs/usage.jsonl", "1\n");
    expect(await readInternalFile(root, "tombstones.jsonl")).toBe('{"fact":"a"}\n{"fact":"b"}\n');
    expect(await readFile(join(root, ".memfiles/logs/usage.jsonl"), "utf8")).toBe("1\n");
    expect((await readdir(join(root, ".memfiles"))).sort()).toEqual([
      ".gitignore",
      "logs",
      "tombstones.jsonl",
    ]);
  });

  it.each([
    ["a short first line", "a\nb\nc\n", "a\n"],
    ["no line break", "one line", "one line"],
    ["an empty file", "", ""],
    ["a break as the first byte", "\nrest", "\n"],
    // Longer than one chunk of the read, with a multi-byte character over a chunk's edge.
    [
      "a first line over 1 MiB",
      `${"é".repeat(700_000)}\n${"x".repeat(10)}`,
      `${"é".repeat(700_000)}\n`,
    ],
  ])("reads only the first line of %s when asked (firstLine)", async (_name, text, first) => {
    await writeInternalFile(root, "recall-index.json", text);
    expect(await readInternalFile(root, "recall-index.json", { firstLine: true })).toBe(first);
    expect(
      await new MemoryStore({ root }).readInternal("recall-index.json", { firstLine: true }),
    ).toBe(first);
    expect(await readInternalFile(root, "recall-index.json")).toBe(text);
  });

  it.each([
    ["a longer file", "abcdef", 4, "abcd"],
    ["a shorter file", "ab", 4, "ab"],
    ["an empty file", "", 4, ""],
  ])(
    "reads only the first bytes of %s when asked (firstBytes)",
    async (_name, text, count, first) => {
      await writeInternalFile(root, "recall-index.json", text);
      expect(await readInternalFile(root, "recall-index.json", { firstBytes: count })).toBe(first);
      expect(
        await new MemoryStore({ root }).readInternal("recall-index.json", { firstBytes: count }),
      ).toBe(first);
    },
  );

  it("is invisible to list() and the index", async () => {
    const store = new MemoryStore({ root });
    await store.writeInternal("notes.md", "---\ndescription: internal\n---\n");
    await store.write("profile.md", "---\ndescription: Who.\n---\n", "new");
    expect((await store.list()).map((row) => row.path)).toEqual(["profile.md"]);
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).not.toContain("notes.md");
  });

  it.each([
    ["a parent segment", "../escape.jsonl"],
    ["a nested parent segment", "logs/../../escape.jsonl"],
    ["an absolute path", "/tmp/escape.jsonl"],
    ["a back slash", "..\\escape.jsonl"],
    ["percent encoding", "%2e%2e/escape.jsonl"],
    ["NUL", "a\u0000.jsonl"],
    ["the lock", "store.lock"],
    ["empty", ""],
  ])("refuses %s", async (_name, path) => {
    await expect(writeInternalFile(root, path, "x")).rejects.toThrow(MemoryPathError);
    await expect(readInternalFile(root, path)).rejects.toThrow(MemoryPathError);
    expect(await readdir(sandbox)).toEqual([]);
  });

  it.each([
    ["no memory folder", async () => {}],
    ["a memory folder without .memfiles/", () => mkdir(root)],
  ])("reads undefined and creates nothing with %s", async (_name, setUp) => {
    await setUp();
    const before = await readdir(sandbox, { recursive: true });
    expect(await readInternalFile(root, "tombstones.jsonl")).toBeUndefined();
    expect(await readdir(sandbox, { recursive: true })).toEqual(before);
  });

  it.each([
    [
      "writeInternalFile",
      () => writeInternalFile(root, "recall-index.json", "x", { createFolder: false }),
    ],
    [
      "appendInternalFile",
      () => appendInternalFile(root, "recall-index.log", "x", { createFolder: false }),
    ],
    [
      "appendInternalFile without the lock",
      () => appendInternalFile(root, "recall-index.log", "x", { createFolder: false, lock: false }),
    ],
    [
      "MemoryStore.writeInternal",
      () => new MemoryStore({ root }).writeInternal("a.json", "x", { createFolder: false }),
    ],
  ])(
    "%s with createFolder: false refuses a missing folder and makes nothing",
    async (_name, write) => {
      await expect(write()).rejects.toMatchObject({
        name: "MemoryWriteError",
        code: "folder_missing",
      });
      await expect(write()).rejects.toThrow(/memory folder does not exist\. Nothing was changed\./);
      expect(await readdir(sandbox)).toEqual([]);
    },
  );

  // A link is refused as the file read through it (a tombstone file behind a linked `.memfiles`
  // fails closed); neither hint says to delete anything (decision 0121).
  it.each([
    ["a link", () => symlink(sandbox, join(root, ".memfiles")), "tombstones.jsonl", "is a link"],
    ["a file", () => writeFile(join(root, ".memfiles"), "x"), ".memfiles", "is a file"],
  ])("refuses to read when .memfiles is %s", async (_name, setUp, path, reason) => {
    await mkdir(root);
    await writeFile(join(sandbox, "tombstones.jsonl"), "outside");
    await setUp();
    const error = await readInternalFile(root, "tombstones.jsonl").catch((caught) => caught);
    expect({ name: error.name, path: error.path }).toEqual({ name: "MemoryPathError", path });
    expect(error.message).toContain(reason);
    expect(error.message).not.toMatch(/(^|\. )(Remove|Delete) /);
  });

  it("refuses to write or append through a link inside .memfiles/", async () => {
    const victim = join(sandbox, "victim.txt");
    await writeFile(victim, "keep me");
    await mkdir(join(root, ".memfiles"), { recursive: true });
    await symlink(victim, join(root, ".memfiles/usage.jsonl"));
    await symlink(sandbox, join(root, ".memfiles/logs"));
    await expect(appendInternalFile(root, "usage.jsonl", "x\n")).rejects.toThrow(MemoryPathError);
    await expect(appendInternalFile(root, "usage.jsonl", "x\n", { lock: false })).rejects.toThrow(
      MemoryPathError,
    );
    await expect(writeInternalFile(root, "usage.jsonl", "x\n")).rejects.toThrow(MemoryPathError);
    await expect(writeInternalFile(root, "logs/victim.txt", "x\n")).rejects.toThrow(
      MemoryPathError,
    );
    expect(await readFile(victim, "utf8")).toBe("keep me");
  });
});

describe("withStoreLock", () => {
  it("runs one holder at a time within a process", async () => {
    const events: string[] = [];
    const hold = (name: string) =>
      withStoreLock(root, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`${name} out`);
      });
    await Promise.all([hold("a"), hold("b"), hold("c")]);
    expect(events).toEqual(["a in", "a out", "b in", "b out", "c in", "c out"]);
  });

  it("is re-entrant: store writes and internal writes inside a held lock do not wait for it", async () => {
    const store = new MemoryStore({ root, lockWaitMs: 2_000 });
    const result = await store.withLock(async () => {
      await writeInternalFile(root, "tombstones.jsonl", "x\n");
      return store.write("profile.md", "---\ndescription: Who.\n---\n", "new");
    });
    expect(result.ok).toBe(true);
    expect(await readInternalFile(root, "tombstones.jsonl")).toBe("x\n");
  });

  it("releases the lock when the holder throws", async () => {
    await expect(
      withStoreLock(root, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await withStoreLock(root, async () => "next")).toBe("next");
    // The lock is gone; only the `.gitignore` made with the folder stays.
    expect(await readdir(join(root, ".memfiles"))).toEqual([".gitignore"]);
  });
});

describe("the cross-process lock", () => {
  it("throws MemoryLockError when another process holds the lock past lockWaitMs", async () => {
    // What another live process's lock looks like: a fresh lock folder.
    await mkdir(join(root, ".memfiles/store.lock"), { recursive: true });
    const store = new MemoryStore({ root, lockWaitMs: 200 });
    const error = await store
      .write("profile.md", "---\ndescription: Who.\n---\n", "new")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MemoryLockError);
    expect((error as MemoryLockError).message).toContain("within 200 ms");
    expect(await readdir(root)).toEqual([".memfiles"]);
  });

  it("takes over a lock left by a dead process once it is stale", async () => {
    await mkdir(join(root, ".memfiles/store.lock"), { recursive: true });
    const old = new Date(Date.now() - 60_000);
    await utimes(join(root, ".memfiles/store.lock"), old, old);
    const store = new MemoryStore({ root, lockWaitMs: 2_000 });
    expect(await store.write("profile.md", "---\ndescription: Who.\n---\n", "new")).toMatchObject({
      ok: true,
    });
    // The lock is gone; what stays is the record that MEMORY.md is as memfiles wrote it.
    expect(await readdir(join(root, ".memfiles"))).toEqual([MEMORY_INDEX_RECORD_FILE]);
  });
});
