import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryLockError, MemoryStore, type StoreLayout } from "../store/index.js";
import { forget, remember } from "./index.js";

const NOW = new Date("2026-10-02T08:00:00Z");

// Stand-ins for what a forget's write may throw besides a full disk or a read-only folder.
class DatabaseError extends Error {
  override name = "DatabaseError";
}
const FAILURES: Array<[name: string, make: () => unknown]> = [
  ["EIO", () => Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" })],
  ["PGlite's DatabaseError", () => new DatabaseError("could not write block 12 of relation")],
  [
    "a lost folder lock",
    () => new MemoryLockError({ root: "memory", message: "The memory folder's lock was lost" }),
  ],
  ["a killed write", () => new Error("killed")],
];

// Where it fails: the memory file (after the tombstone was saved, and in the subject layout its
// journal), or the tombstone, the forget's first write (nothing saved).
const POINTS: Array<[point: string, method: "write" | "writeInternal", says: RegExp]> = [
  [
    "the memory file",
    "write",
    /\. The forget's tombstone was saved: recall no longer shows the forgotten facts and no write adds them back\. \S+ still holds them(?:; the next forget, remember or write pass removes them \(the forget's journal names them\), or run forget again|: run forget again to remove them)\.$/,
  ],
  [
    "the tombstone",
    "writeInternal",
    /\. Nothing was saved: the memory is as it was before the forget\. Run forget again once that is fixed\.$/,
  ],
];

function failingAt(store: MemoryStore, method: string, error: unknown): MemoryStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === method) return () => Promise.reject(error);
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const ROWS = (["subject", "fact"] as StoreLayout[]).flatMap((layout) =>
  FAILURES.flatMap(([failure, make]) =>
    POINTS.map(([point, method, says]) => ({ layout, failure, make, point, method, says })),
  ),
);

// Every failure of a forget says what is saved, read back after its section, and how to finish.
describe("a failed forget says what it left saved", () => {
  it.each(ROWS)("$layout, $failure at $point", async ({ layout, make, method, says }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-failure-")), "memory");
    const store = new MemoryStore({ root, layout });
    const path = layout === "subject" ? "topics/hosting.md" : "hosting.md";
    await remember({ store, path, fact: "deploys on Fly.io", now: NOW });
    await remember({ store, path, fact: "keeps staging on Render", now: NOW });
    const cause = make();
    const error = await forget({
      store: failingAt(store, method, cause),
      query: "Fly.io",
      now: NOW,
    }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ name: "ForgetFailedError", code: "forget_failed", cause });
    expect((error as Error).message).toMatch(says);
  });
});
