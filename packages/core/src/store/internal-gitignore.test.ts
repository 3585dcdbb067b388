import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleGit } from "simple-git";
import { afterEach, describe, expect, it } from "vitest";
import { forget, remember } from "../layouts/index.js";
import { budgetedRecall } from "../recall/index.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import { INTERNAL_GITIGNORE } from "./store-lock.js";

// `.memfiles/` holds memfiles' internal state; a memory folder kept in git must not show it as
// untracked noise. memfiles writes `.memfiles/.gitignore` (`*`) when it creates the folder, and
// never overwrites one a person wrote (docs/decisions/0089).

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-gitignore-"));
  roots.push(root);
  return root;
}

const pathOf = (layout: StoreLayout) => (layout === "subject" ? "topics/tools.md" : "tools.md");

// Every way memfiles first makes `.memfiles/` in a memory folder.
const FIRST_WRITES = [
  {
    surface: "store.write",
    run: async (store: MemoryStore, layout: StoreLayout) => {
      const text = `---\nname: tools\ndescription: Editors.\n${layout === "fact" ? "type: user\n" : ""}---\n[stated 2026/01/02] uses Vim\n`;
      expect((await store.write(pathOf(layout), text, "new")).ok).toBe(true);
    },
  },
  {
    surface: "remember",
    run: async (store: MemoryStore, layout: StoreLayout) => {
      expect((await remember({ store, path: pathOf(layout), fact: "uses Vim" })).ok).toBe(true);
    },
  },
  {
    surface: "forget (its tombstone)",
    run: async (store: MemoryStore) => {
      expect((await forget({ store, query: "Vim" })).ok).toBe(true);
    },
  },
  {
    surface: "the store lock",
    run: async (store: MemoryStore) => store.withLock(async () => undefined),
  },
] as const;

describe(".memfiles/.gitignore", () => {
  const cases = LAYOUT_NAMES.flatMap((layout) =>
    FIRST_WRITES.map((write) => ({ layout, ...write })),
  );

  it.each(cases)("$layout layout: $surface writes it with the folder", async ({ layout, run }) => {
    const root = await folder();
    await run(new MemoryStore({ root, layout }), layout);
    expect(await readFile(join(root, ".memfiles", ".gitignore"), "utf8")).toBe("*\n");
    expect((await new MemoryStore({ root, layout }).check()).ok).toBe(true);
  });

  it.each(cases)(
    "$layout layout: $surface keeps a person's .gitignore",
    async ({ layout, run }) => {
      const root = await folder();
      await mkdir(join(root, ".memfiles"));
      await writeFile(join(root, ".memfiles", ".gitignore"), "!tombstones.json\n", "utf8");
      await run(new MemoryStore({ root, layout }), layout);
      expect(await readFile(join(root, ".memfiles", ".gitignore"), "utf8")).toBe(
        "!tombstones.json\n",
      );
    },
  );

  it.each(LAYOUT_NAMES)(
    "%s layout: a .memfiles/ a person deleted the .gitignore from is left without one",
    async (layout) => {
      const root = await folder();
      const store = new MemoryStore({ root, layout });
      await remember({ store, path: pathOf(layout), fact: "uses Vim" });
      await rm(join(root, ".memfiles", INTERNAL_GITIGNORE.name));
      await remember({ store, path: pathOf(layout), fact: "uses Helix" });
      await expect(readFile(join(root, ".memfiles", ".gitignore"), "utf8")).rejects.toThrow();
    },
  );

  it.each(LAYOUT_NAMES)(
    "%s layout: git shows only the memory files, not the internal state",
    async (layout) => {
      const root = await folder();
      const git = simpleGit({ baseDir: root });
      await git.init();
      const store = new MemoryStore({ root, layout });
      await remember({ store, path: pathOf(layout), fact: "uses Vim" });
      await budgetedRecall({ store, query: "which editor", maxTokens: 500 });
      await forget({ store, query: "Vim" });
      await remember({ store, path: pathOf(layout), fact: "uses Helix" });
      const status = await git.status();
      const shown = [...status.not_added, ...status.created].sort();
      expect(shown.filter((path) => path.startsWith(".memfiles"))).toEqual([]);
      expect(shown).toContain("MEMORY.md");
    },
  );
});
