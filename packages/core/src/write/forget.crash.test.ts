import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { killedAtFileWrite } from "../../test/killed-store.js";
import { forget, remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";

const NOW = new Date("2026-10-02T08:00:00Z");

async function storeWithFacts(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-crash-")), "memory");
  const store = new MemoryStore({ root });
  await remember({ store, path: "topics/hosting.md", fact: "deploys on Fly.io", now: NOW });
  await remember({ store, path: "topics/hosting.md", fact: "keeps staging on Render", now: NOW });
  return store;
}

describe("forget killed midway (issue 20, item 4)", () => {
  it("is reported by check() and finished by the next call", async () => {
    const store = await storeWithFacts();
    await expect(
      forget({ store: killedAtFileWrite(store), query: "Fly.io", now: NOW }),
    ).rejects.toThrow("killed");
    const before = await store.check();
    expect({ ok: before.ok, pendingForget: before.pendingForget }).toEqual({
      ok: false,
      pendingForget: ["topics/hosting.md"],
    });

    await remember({ store, path: "topics/tools.md", fact: "uses Neovim", now: NOW });
    const file = await store.read("topics/hosting.md");
    expect(file.exists && file.content.includes("Fly.io")).toBe(false);
    expect(file.exists && file.content.includes("Render")).toBe(true);
    expect((await store.check()).pendingForget).toEqual([]);
  });

  it("a temp file left by a killed write is reported, then removed by the next write in its folder", async () => {
    const store = await storeWithFacts();
    const folder = join(store.root, "topics");
    await writeFile(join(folder, "hosting.md.memfiles-0a1b2c3d.tmp"), "deploys on Fly.io");
    await writeFile(join(folder, "hosting.md.1234567"), "deploys on Fly.io");
    expect((await store.check()).leftoverTempFiles.sort()).toEqual([
      "topics/hosting.md.1234567",
      "topics/hosting.md.memfiles-0a1b2c3d.tmp",
    ]);
    await remember({ store, path: "topics/tools.md", fact: "uses Neovim", now: NOW });
    expect((await readdir(folder)).sort()).toEqual(["hosting.md", "tools.md"]);
    expect((await store.check()).leftoverTempFiles).toEqual([]);
  });
});
