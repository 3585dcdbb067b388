import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidArgumentError } from "@memfiles/errors";
import { describe, expect, it } from "vitest";
import { commitFile } from "../../layouts/subject/consolidate/git-commit.js";
import { MemoryStore } from "../memory-store.js";
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

  it("commits nothing for a store whose root is a backend's label, not a folder", async () => {
    expect(await commitFile("postgres:alice", ["a.md"], "message")).toEqual({
      committed: false,
      reason: "not_a_repository",
    });
  });
});
