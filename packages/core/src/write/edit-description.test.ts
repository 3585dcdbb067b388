import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { editDescription } from "./edit-description.js";
import { remember } from "./remember.js";

async function storeWithTools(): Promise<MemoryStore> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-describe-")), "memory"),
  });
  await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });
  return store;
}

describe("editDescription", () => {
  it("replaces the description and keeps the lines", async () => {
    const store = await storeWithTools();
    const { version } = await store.read("topics/tools.md");
    const result = await editDescription({
      store,
      path: "topics/tools.md",
      description: "Editors and dev tools. Read for coding questions.",
      ifVersion: version,
    });
    expect(result.ok).toBe(true);
    const text = await readFile(join(store.root, "topics/tools.md"), "utf8");
    expect(text).toContain("description: Editors and dev tools. Read for coding questions.\n");
    expect(text).toContain("] uses Neovim\n");
  });

  it.each([
    ["a stale version token", "0123456789ab", "Fine.", "version_conflict"],
    ["an empty description", undefined, "  ", "invalid_description"],
    ["two lines", undefined, "one\ntwo", "invalid_description"],
  ])("refuses %s and leaves the file as it was", async (_name, token, description, code) => {
    const store = await storeWithTools();
    const before = await store.read("topics/tools.md");
    const result = await editDescription({
      store,
      path: "topics/tools.md",
      description,
      ifVersion: token ?? before.version,
    });
    expect(result).toMatchObject({ ok: false, code });
    expect((await store.read("topics/tools.md")).version).toBe(before.version);
  });

  it("gives the current text on a version conflict", async () => {
    const store = await storeWithTools();
    const result = await editDescription({
      store,
      path: "topics/tools.md",
      description: "New.",
      ifVersion: "0123456789ab",
    });
    const current = await store.read("topics/tools.md");
    expect(result).toMatchObject({
      code: "version_conflict",
      current: current.exists && current.content,
    });
  });
});
