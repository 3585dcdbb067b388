import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { MemoryStore } from "./index.js";
import { MEMORY_INDEX_KEPT_MARKER } from "./memory-index.js";

const HAND_MADE = [
  "# My memory",
  "",
  "My own notes: call mom on Sunday.",
  "- [tools](topics/tools.md) — my editor and hosting",
  "  * a list item of mine, not a link",
  "",
].join("\n");

describe("a rebuilt MEMORY.md keeps the lines a person wrote", () => {
  it.each(["subject", "fact"] as const)("%s layout: remember, then a rebuild", async (layout) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-index-hand-"));
    await writeFile(join(root, "MEMORY.md"), HAND_MADE, "utf8");
    const store = new MemoryStore({ root, layout });
    const path = layout === "subject" ? "topics/tools.md" : "tools.md";
    const saved = await remember({ store, path, fact: "uses Vim" });
    expect(saved.ok).toBe(true);
    await store.rebuildIndex();
    const index = await readFile(join(root, "MEMORY.md"), "utf8");
    const kept = index.slice(index.indexOf(MEMORY_INDEX_KEPT_MARKER));
    expect(kept.split("\n")).toEqual([
      MEMORY_INDEX_KEPT_MARKER,
      "# My memory",
      "My own notes: call mom on Sunday.",
      "  * a list item of mine, not a link",
      "",
    ]);
    // Kept once, not again on every rebuild, and the index itself is still in sync.
    await store.rebuildIndex();
    expect(await readFile(join(root, "MEMORY.md"), "utf8")).toBe(index);
    expect((await store.check()).ok).toBe(true);
  });
});
