import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { copyMemory, PgBackend, pgMemoryStore } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

// A fact folder's MEMORY.md as a person wrote it: words for a file that has no `description:`,
// and a line that is no link at all.
const HAND_MADE_INDEX =
  "# Memory\n\n- [deploy](deploy.md) — Where I deploy, in my words.\nCall mom on Sunday.\n";
const UNDESCRIBED = "---\nname: deploy\ntype: project\n---\nDeploys on Fly.io.\n";
const EDITOR = "---\nname: editor\ndescription: Editor choice.\ntype: user\n---\nUses Neovim.\n";

// The index after a write, from a store that held HAND_MADE_INDEX and UNDESCRIBED.
async function indexAfterWrite(store: MemoryStore): Promise<string | undefined> {
  await store.write("editor.md", EDITOR, "new");
  const index = await store.readIndex();
  return index.exists ? index.content : undefined;
}

describe("the rebuilt index keeps a person's words on every backend (fact layout)", () => {
  it("PGlite keeps them as the folder's MEMORY.md does", async () => {
    const folder = join(await mkdtemp(join(tmpdir(), "memfiles-index-words-")), "memory");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "deploy.md"), UNDESCRIBED);
    await writeFile(join(folder, "MEMORY.md"), HAND_MADE_INDEX);
    const inFolder = new MemoryStore({ root: folder, layout: "fact" });

    const backend = new PgBackend({
      sql: await sharedPglite(),
      tenant: `index-words-${Date.now()}`,
    });
    const inDatabase = new MemoryStore({ backend, layout: "fact" });
    await inDatabase.write("deploy.md", UNDESCRIBED, "new");
    await backend.writeIndex(HAND_MADE_INDEX);

    const expected = await indexAfterWrite(inFolder);
    expect(expected).toContain("- [deploy](deploy.md) — Where I deploy, in my words.\n");
    expect(await readFile(join(folder, "MEMORY.md"), "utf8")).toBe(expected);
    expect(await indexAfterWrite(inDatabase)).toBe(expected);
    expect((await inDatabase.check()).outdatedIndexLines).toEqual([]);
  });

  it("copyMemory carries them from a folder into PostgreSQL", async () => {
    const folder = join(await mkdtemp(join(tmpdir(), "memfiles-index-words-")), "memory");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "deploy.md"), UNDESCRIBED);
    await writeFile(join(folder, "editor.md"), EDITOR);
    await writeFile(join(folder, "MEMORY.md"), HAND_MADE_INDEX);
    const inFolder = new MemoryStore({ root: folder, layout: "fact" });
    await inFolder.rebuildIndex();
    const inDatabase = pgMemoryStore(await sharedPglite(), `index-copy-${Date.now()}`, {
      layout: "fact",
    });
    await copyMemory(inFolder, inDatabase);
    const folderIndex = await readFile(join(folder, "MEMORY.md"), "utf8");
    expect(folderIndex).toContain("- [deploy](deploy.md) — Where I deploy, in my words.\n");
    expect(folderIndex).toContain("\nCall mom on Sunday.\n");
    const index = await inDatabase.readIndex();
    expect(index.exists ? index.content : undefined).toBe(folderIndex);
  });
});
