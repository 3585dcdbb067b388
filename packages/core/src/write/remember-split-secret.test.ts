import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { MemoryStore } from "../store/memory-store.js";

const NOW = new Date("2026-10-02T08:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const keyId = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");

it("refuses the second half of a key said in two remembers without a session (one per process): the file's lines of today stand for it", async () => {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-remember-split-")), "memory");
  const store = new MemoryStore({ root });
  const path = "topics/aws.md";
  const first = await remember({ store, path, fact: `aws key ${keyId.slice(0, 9)}`, now: NOW });
  expect(first.code).toBe("applied");
  const second = await remember({ store, path, fact: keyId.slice(9), now: NOW });
  expect(second).toMatchObject({ ok: false, code: "secret", fact: "[redacted]" });
  expect(await readFile(join(root, path), "utf8")).not.toContain(keyId.slice(9));
  // A day later the old line is no longer this session's: the same text is only a code.
  const later = await remember({
    store,
    path,
    fact: `code ${keyId.slice(9)}`,
    now: new Date("2026-10-03T08:00:00Z"),
  });
  expect(later.code).toBe("applied");
});
