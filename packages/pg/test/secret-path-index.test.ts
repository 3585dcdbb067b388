import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { MemoryStore, type StoreLayout } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { pgMemoryStore } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

// A token as a file's name, assembled at run time so the repository holds no literal secret.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const head = (layout: StoreLayout, name: string, description: string) =>
  layout === "subject"
    ? `---\nname: ${name}\ndescription: ${description}\nupdated: 2026/11/01\n---\n[stated 2026/11/01] uses the ci\n`
    : `---\nname: ${name}\ndescription: ${description}\ntype: project\nupdated: 2026/11/01\n---\nUses the ci.\n`;
const pathOf = (layout: StoreLayout, stem: string) =>
  layout === "subject" ? `topics/${stem}.md` : `${stem}.md`;

// Each store engine with the two files put in as a person would (no memfiles write in the folder;
// PostgreSQL has no hand, so its store writes them) and a MEMORY.md an older memfiles wrote.
const BACKENDS: Array<
  [string, (layout: StoreLayout, files: Record<string, string>) => Promise<MemoryStore>]
> = [
  [
    "folder",
    async (layout, files) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-index-")), "memory");
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), text);
      }
      return new MemoryStore({ root, layout });
    },
  ],
  [
    "PGlite",
    async (layout, files) => {
      const store = pgMemoryStore(await sharedPglite(), `secret-index-${layout}-${Date.now()}`, {
        layout,
      });
      for (const [path, text] of Object.entries(files)) await store.write(path, text, "new");
      return store;
    },
  ],
];

const CASES = BACKENDS.flatMap(([backend, open]) =>
  (["subject", "fact"] as const).map((layout) => [`${backend} (${layout})`, layout, open] as const),
);

describe("MEMORY.md lists no file whose name holds a secret, on every backend", () => {
  it.each(CASES)("%s", async (_name, layout, open) => {
    const secretPath = pathOf(layout, GITHUB);
    const cleanPath = pathOf(layout, "deploy");
    const store = await open(layout, {
      [secretPath]: head(layout, "ci token", "The ci."),
      [cleanPath]: head(layout, "deploy", "Deploy notes."),
    });
    await store.rebuildIndex();
    const index = await store.readIndex();
    expect(index.exists).toBe(true);
    const text = index.exists ? index.content : "";
    expect(text).toContain(`(${cleanPath})`);
    expect(text).not.toContain(GITHUB.slice(4));
    expect(await store.renderIndex()).not.toContain(GITHUB.slice(4));
    // The file is left out on purpose: check does not ask for its line.
    const report = await store.check();
    expect({ missing: report.missingFromIndex, outdated: report.outdatedIndexLines }).toEqual({
      missing: [],
      outdated: [],
    });
    // A write patches its own line in: the index stays without the name.
    await store.write(pathOf(layout, "editor"), head(layout, "editor", "Editor."), "new");
    const after = await store.readIndex();
    expect(after.exists ? after.content : "").not.toContain(GITHUB.slice(4));
    expect(after.exists ? after.content : "").toContain(`(${pathOf(layout, "editor")})`);
  });

  it.each(CASES)(
    "%s: a rebuild from an older index's text leaves the link out",
    async (_name, layout, open) => {
      const secretPath = pathOf(layout, GITHUB);
      const store = await open(layout, { [secretPath]: head(layout, "ci token", "The ci.") });
      await store.rebuildIndex(`# Memory index\n\n- [ci token](${secretPath}) — The ci.\n`);
      // rebuildIndex(previous) keeps a person's lines only; a link line is regenerated from files.
      const index = await store.readIndex();
      expect(index.exists ? index.content : "").not.toContain(GITHUB.slice(4));
    },
  );
});

describe("a folder's MEMORY.md an older memfiles wrote with the name", () => {
  it.each(["subject", "fact"] as const)(
    "%s: check reports the line, a rebuild drops it",
    async (layout) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-index-")), "memory");
      const secretPath = pathOf(layout, GITHUB);
      await mkdir(dirname(join(root, secretPath)), { recursive: true });
      await writeFile(join(root, secretPath), head(layout, "ci token", "The ci."));
      await writeFile(
        join(root, "MEMORY.md"),
        `# Memory index\n\n- [ci token](${secretPath}) — The ci.\n`,
      );
      const store = new MemoryStore({ root, layout });
      expect((await store.check()).outdatedIndexLines).toEqual([secretPath]);
      await store.rebuildIndex();
      expect(await readFile(join(root, "MEMORY.md"), "utf8")).not.toContain(GITHUB.slice(4));
      expect((await store.check()).outdatedIndexLines).toEqual([]);
    },
  );
});
