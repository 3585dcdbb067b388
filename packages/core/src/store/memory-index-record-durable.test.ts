import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStore } from "./index.js";
import { LAYOUT_NAMES } from "./layout-names.js";

// The record of MEMORY.md (docs/decisions/0080) is removed before a memory file changes, and the
// removal is made durable (the `.memfiles/` folder fsync'd) before the file is written: a power
// loss can then never keep the new file beside the old record, which would let the next process
// patch an index that no longer says what the folder holds (docs/decisions/0089).

const steps: string[] = [];
vi.mock("./inside-root.js", async (original) => {
  const actual = await original<typeof import("./inside-root.js")>();
  return {
    ...actual,
    removeFileDurably: async (path: string) => {
      const removed = await actual.removeFileDurably(path);
      steps.push(`removed and synced ${path.split("/").slice(-2).join("/")}`);
      return removed;
    },
    writeFileInside: async (...args: Parameters<typeof actual.writeFileInside>) => {
      steps.push(`wrote ${args[1].split("/").slice(-1)[0]}`);
      return actual.writeFileInside(...args);
    },
  };
});

const roots: string[] = [];
afterEach(async () => {
  steps.splice(0);
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

describe("the record's removal is durable before a memory file changes", () => {
  it.each(LAYOUT_NAMES)("%s layout, a new process's write", async (layout) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-record-durable-"));
    roots.push(root);
    const path = layout === "subject" ? "topics/tools.md" : "tools.md";
    const text = (words: string) =>
      `---\nname: tools\ndescription: ${words}\n${layout === "fact" ? "type: user\n" : ""}---\n[stated 2026/01/02] ${words}\n`;
    await new MemoryStore({ root, layout }).write(path, text("Uses Vim."), "new");
    expect(await readFile(join(root, ".memfiles", "memory-index.json"), "utf8")).not.toBe("");
    steps.splice(0);
    const store = new MemoryStore({ root, layout });
    const before = await store.read(path);
    expect((await store.write(path, text("Uses Helix."), before.version)).ok).toBe(true);
    const file = path.split("/").slice(-1)[0];
    expect(steps.slice(0, 2)).toEqual([
      "removed and synced .memfiles/memory-index.json",
      `wrote ${file}`,
    ]);
  });
});
