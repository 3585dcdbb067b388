import { describe, expect, it } from "vitest";
import { commitFile } from "../../layouts/subject/consolidate/git-commit.js";
import { MemoryStore } from "../memory-store.js";
import type { StorageBackend } from "./storage-backend.js";

// The whole contract runs on the file system and PGlite in @memfiles/pg (test/contract.test.ts);
// these are the seam's own edges, in core.
describe("MemoryStore's storage seam", () => {
  it("needs a folder or a backend", () => {
    expect(() => new MemoryStore({})).toThrow(TypeError);
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
