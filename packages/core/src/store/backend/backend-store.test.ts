import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidArgumentError } from "@memfiles/errors";
import { describe, expect, it } from "vitest";
import { memoryBackend } from "../../../test/memory-backend.js";
import { commitFile } from "../../layouts/subject/consolidate/git-commit.js";
import { MemoryStore } from "../memory-store.js";
import { versionToken } from "../version-token.js";
import type { StorageBackend } from "./storage-backend.js";

// The whole contract runs on the file system and PGlite in @memfiles/pg (test/contract.test.ts);
// these are the seam's own edges, in core.
describe("MemoryStore's storage seam", () => {
  it("needs a folder or a backend, and the content of a write as a string", async () => {
    const thrown = (run: () => unknown) =>
      Promise.resolve()
        .then(run)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const noRoot = await thrown(() => new MemoryStore({}));
    expect(noRoot).toBeInstanceOf(InvalidArgumentError);
    expect(noRoot).toMatchObject({
      code: "invalid_argument",
      argument: "new MemoryStore(options)",
      message:
        'new MemoryStore(...) got no root and no backend: it needs { root } (a folder path) or { backend } (a StorageBackend). Pass one, e.g. new MemoryStore({ root: "memory" }).',
    });
    const store = new MemoryStore({ root: await mkdtemp(join(tmpdir(), "memfiles-args-")) });
    const notText = await thrown(() => store.write("profile.md", 42 as unknown as string, "new"));
    expect(notText).toBeInstanceOf(InvalidArgumentError);
    expect(notText).toMatchObject({
      argument: "content",
      message:
        'store.write("profile.md", ...) got content of type number: it needs the whole new file text as a string. Nothing was written.',
    });
    expect(await store.list()).toEqual([]);
  });

  it("names a backend store by its label, and sends nothing to the backend for a refused path", async () => {
    const calls: string[] = [];
    const backend = new Proxy({ label: "test:alice" } as StorageBackend, {
      get(target, name) {
        if (name === "label") return target.label;
        return () => {
          calls.push(String(name));
          return Promise.resolve(undefined);
        };
      },
    });
    const store = new MemoryStore({ backend });
    expect(store.root).toBe("test:alice");
    await expect(store.read("../escape.md")).rejects.toThrow(/Refused memory path/);
    await expect(store.readInternal("../escape.json")).rejects.toThrow(/Refused memory path/);
    expect(calls).toEqual([]);
  });

  // What Claude Code's PreToolUse dry run asks of its backend (decision 0128): stamps without a
  // read of every file, and no `MEMORY.md` refreshed after a write nobody keeps.
  it.each([
    { name: "a backend with neither", stamps: false, keepsIndex: undefined },
    { name: "a backend's own stamps", stamps: true, keepsIndex: undefined },
    { name: "a backend that keeps no index", stamps: false, keepsIndex: false },
  ])("lists stamps and refreshes MEMORY.md as $name says", async ({ stamps, keepsIndex }) => {
    const backend = memoryBackend();
    const text =
      "---\nname: Editor\ndescription: The user's editor\n---\n[stated 2026/09/12] uses Helix\n";
    backend.files.set("topics/editor.md", text);
    backend.index = "kept as it was\n";
    const listed: string[] = [];
    const listVersions = backend.listVersions;
    backend.listVersions = () => {
      listed.push("listVersions");
      return listVersions();
    };
    const seam: StorageBackend = {
      ...backend,
      ...(stamps
        ? { listStamps: async () => [{ path: "topics/editor.md", stamp: "stat-1" }] }
        : {}),
      ...(keepsIndex === undefined ? {} : { keepsIndex }),
    };
    const store = new MemoryStore({ backend: seam });
    expect(await store.listStamps()).toEqual([
      { path: "topics/editor.md", stamp: stamps ? "stat-1" : versionToken(text) },
    ]);
    expect(listed).toEqual(stamps ? [] : ["listVersions"]);
    listed.length = 0;
    const result = await store.write("topics/trip.md", text.replace("Editor", "Trip"), "new");
    expect(result.ok).toBe(true);
    // Without an index record the write rebuilds MEMORY.md from every row (a listing).
    expect(listed).toEqual(keepsIndex === false ? [] : ["listVersions"]);
    expect(backend.index === "kept as it was\n").toBe(keepsIndex === false);
  });

  it("commits nothing for a store whose root is a backend's label, not a folder", async () => {
    expect(await commitFile("postgres:alice", ["a.md"], "message")).toEqual({
      committed: false,
      reason: "not_a_repository",
    });
  });
});
