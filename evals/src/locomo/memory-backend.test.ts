import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { renderMemoryBlock } from "@memfiles/core/internal";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYNTHETIC_SAMPLE } from "../../test/locomo-sample.js";
import { importSpeaker } from "./import-sample.js";
import { memoryBackend } from "./memory-backend.js";
import { runOracle } from "./oracle-write.js";
import { memoryBlock, snapshotStore } from "./store-snapshot.js";
import { withoutSecretlintMarks } from "./without-secretlint-marks.js";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "memfiles-locomo-backend-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function files(store: MemoryStore): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const row of await store.list()) {
    if (row.path === "MEMORY.md") continue;
    const read = await store.read(row.path);
    if (read.exists) texts[row.path] = read.content;
  }
  return texts;
}

describe("memoryBackend", () => {
  it.each(["subject", "fact"] as const)(
    "%s layout: the oracle writes the same files and outcomes as into a folder",
    async (layout) => {
      const run = (store: MemoryStore) =>
        withoutSecretlintMarks(() =>
          runOracle({
            sample: SYNTHETIC_SAMPLE,
            conversation: importSpeaker(SYNTHETIC_SAMPLE, "Ana"),
            store,
            descriptions: "facts",
          }),
        );
      const inFolder = new MemoryStore({ root: folder, layout });
      const inMemory = new MemoryStore({ backend: memoryBackend("locomo:test:Ana"), layout });
      const outcomes = (result: Awaited<ReturnType<typeof run>>) =>
        result.outcomes.map((outcome) => [outcome.kind, outcome.code, outcome.path]);
      expect(outcomes(await run(inMemory))).toEqual(outcomes(await run(inFolder)));
      const written = await files(inMemory);
      expect(Object.keys(written).length).toBeGreaterThan(1);
      expect(written).toEqual(await files(inFolder));
    },
  );

  it("writes only over the version token it is given, and deletes a missing file fine", async () => {
    const backend = memoryBackend("locomo:test:tokens");
    const first = await backend.writeIfVersion("a.md", "one", "new");
    expect(first).toEqual({ ok: true, version: expect.any(String) });
    expect(await backend.writeIfVersion("a.md", "two", "new")).toEqual({
      ok: false,
      current: { path: "a.md", content: "one", version: first.ok ? first.version : "" },
    });
    expect(await backend.deleteIfVersion("a.md", "stale")).toMatchObject({ ok: false });
    expect(await backend.deleteIfVersion("a.md")).toMatchObject({ ok: true });
    expect(await backend.deleteIfVersion("a.md")).toMatchObject({ ok: true });
    expect(await backend.listVersions()).toEqual([]);
  });
});

describe("snapshotStore", () => {
  it("answers reads and lists from what it read, and sends other paths to the store", async () => {
    const store = new MemoryStore({ root: folder });
    const text = "---\nname: pets\ndescription: Pets.\n---\n[stated 2026/05/08] has a beagle\n";
    await store.write("topics/pets.md", text, "new");
    const snapshot = await snapshotStore(store);
    await rm(join(folder, "topics", "pets.md"));
    expect(await snapshot.read("topics/pets.md")).toMatchObject({ exists: true, content: text });
    expect((await snapshot.list()).map((row) => row.path)).toContain("topics/pets.md");
    expect(await snapshot.read("topics/other.md")).toMatchObject({ exists: false });
    await expect(snapshot.read("MEMORY.md")).rejects.toThrow(/MEMORY.md/);
  });
});

describe("memoryBlock", () => {
  // profile.md is always in the block, whole.
  const profile = (fact: string) =>
    `---\nname: profile\ndescription: Who the user is.\n---\n[stated 2026/05/08] ${fact}\n`;

  it("renders a store that is not a snapshot anew on every call", async () => {
    const store = new MemoryStore({ root: folder });
    await store.write("profile.md", profile("has a beagle"), "new");
    expect(await memoryBlock(store, "pets?", 0)).toContain("has a beagle");
    const read = await store.read("profile.md");
    await store.write("profile.md", profile("has a poodle"), read.exists ? read.version : "new");
    const block = await memoryBlock(store, "pets?", 0);
    expect([block.includes("has a poodle"), block.includes("has a beagle")]).toEqual([true, false]);
  });

  it("keeps a snapshot's block per query and threshold, as rendered from the snapshot", async () => {
    const store = new MemoryStore({ root: folder });
    await store.write("profile.md", profile("has a beagle"), "new");
    const snapshot = await snapshotStore(store);
    const first = await memoryBlock(snapshot, "pets?", 0);
    expect(first).toEqual(await renderMemoryBlock({ store, query: "pets?", prefilterAbove: 0 }));
    expect(await memoryBlock(snapshot, "pets?", 0)).toBe(first);
    expect(await memoryBlock(snapshot, "pets?")).toEqual(
      await renderMemoryBlock({ store, query: "pets?" }),
    );
  });
});
