import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";
import { NEW_VERSION } from "./version-token.js";

const fact = (name: string) =>
  `---\nname: ${name}\ndescription: ${name}.\ntype: user\n---\n${name}\n`;

async function folderWith(names: readonly string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-root-entries-"));
  for (const name of names) await writeFile(join(root, name), fact(name));
  return root;
}

// A hook reads the folder once (for detectLayout) and hands the entries to the store: the store
// may use them for its first listing only, and never after its own write.
describe("MemoryStore rootEntries (the caller's listing of the folder)", () => {
  it.each([
    {
      name: "the first listing uses them; the next one reads the folder",
      act: async (store: MemoryStore, root: string) => {
        await writeFile(join(root, "later.md"), fact("later"));
        return [await store.list(), await store.list()];
      },
      listed: [["a.md"], ["a.md", "later.md"]],
      indexed: undefined,
    },
    {
      name: "the store's own write before the first listing drops them",
      act: async (store: MemoryStore) => {
        const result = await store.write("mine.md", fact("mine"), NEW_VERSION);
        expect(result.ok).toBe(true);
        return [await store.list()];
      },
      listed: [["a.md", "mine.md"]],
      // The generated MEMORY.md, rewritten after the write from a listing, names the new file.
      indexed: ["a.md", "mine.md"],
    },
    {
      name: "stamps: its own delete before the first listing drops them",
      act: async (store: MemoryStore) => {
        await store.delete("a.md");
        return [await store.listStamps()];
      },
      listed: [[]],
      indexed: [],
    },
  ])("$name", async ({ act, listed, indexed }) => {
    const root = await folderWith(["a.md"]);
    const rootEntries = readdirSync(root, { withFileTypes: true });
    const store = new MemoryStore({ root, layout: "fact", rootEntries });
    const lists = await act(store, root);
    expect(lists.map((rows) => rows.map((row) => row.path))).toEqual(listed);
    if (indexed !== undefined) {
      const index = readFileSync(join(root, "MEMORY.md"), "utf8");
      expect(["a.md", "mine.md"].filter((name) => index.includes(`(${name})`))).toEqual(indexed);
    }
  });

  // Seen by its effect: a look-alike made after the caller's listing is not there yet.
  it("a read before the first listing seeks a top-level look-alike among them", async () => {
    const root = await folderWith(["Profile.md"]);
    const rootEntries = readdirSync(root, { withFileTypes: true });
    await writeFile(join(root, "PROFILE.md"), fact("PROFILE"));
    if (readdirSync(root).length < 2) return; // a case-insensitive disk
    const shared = new MemoryStore({ root, layout: "fact", rootEntries });
    const read = await shared.read("profile.md");
    expect(read.exists ? read.path : undefined).toBe("Profile.md");
    // The folder itself holds two look-alikes: none is picked.
    expect((await new MemoryStore({ root, layout: "fact" }).read("profile.md")).exists).toBe(false);
  });
});
