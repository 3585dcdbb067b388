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

// Where a person put the secret: the file's name, or the header's `name:` or `description:` line
// (decision 0100). Each gives the file no MEMORY.md line.
const PLACES = [
  ["the file's name", (layout: StoreLayout) => pathOf(layout, GITHUB), "ci token", "The ci."],
  ["the name: line", (layout: StoreLayout) => pathOf(layout, "ci"), `ci ${GITHUB}`, "The ci."],
  [
    "the description: line",
    (layout: StoreLayout) => pathOf(layout, "ci"),
    "ci",
    `token ${GITHUB} for the ci`,
  ],
  [
    "a password in the description: line",
    (layout: StoreLayout) => pathOf(layout, "wifi"),
    "wifi",
    "Home wifi; password hunter2tiger.",
  ],
] as const;
// What the index must never hold, per place.
const SECRET_OF = (description: string) =>
  description.includes("hunter2tiger") ? "hunter2tiger" : GITHUB.slice(4);

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
  (["subject", "fact"] as const).flatMap((layout) =>
    PLACES.map(
      ([place, path, name, description]) =>
        [
          `${backend} (${layout}), in ${place}`,
          layout,
          open,
          path(layout),
          name,
          description,
        ] as const,
    ),
  ),
);

describe("MEMORY.md lists no file whose name or header holds a secret, on every backend", () => {
  it.each(CASES)("%s", async (_name, layout, open, secretPath, name, description) => {
    const secret = SECRET_OF(description);
    const cleanPath = pathOf(layout, "deploy");
    const store = await open(layout, {
      [secretPath]: head(layout, name, description),
      [cleanPath]: head(layout, "deploy", "Deploy notes."),
    });
    await store.rebuildIndex();
    const index = await store.readIndex();
    expect(index.exists).toBe(true);
    const text = index.exists ? index.content : "";
    expect(text).toContain(`(${cleanPath})`);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(`(${secretPath})`);
    expect(await store.renderIndex()).not.toContain(secret);
    // The file is left out on purpose: check does not ask for its line.
    const report = await store.check();
    expect({ missing: report.missingFromIndex, outdated: report.outdatedIndexLines }).toEqual({
      missing: [],
      outdated: [],
    });
    // A write patches its own line in: the index stays without the secret.
    await store.write(pathOf(layout, "editor"), head(layout, "editor", "Editor."), "new");
    const after = await store.readIndex();
    expect(after.exists ? after.content : "").not.toContain(secret);
    expect(after.exists ? after.content : "").toContain(`(${pathOf(layout, "editor")})`);
    // A write of the file itself (its body) patches no line for it either.
    const current = await store.read(secretPath);
    await store.write(
      secretPath,
      `${head(layout, name, description)}${layout === "subject" ? "[stated 2026/11/02] uses tmux\n" : ""}`,
      current.version,
    );
    const own = await store.readIndex();
    expect(own.exists ? own.content : "").not.toContain(secret);
  });

  // The trial's steps on a folder: the index generated, then a person adds a file by hand and a
  // remember of another file patches the index (0080's one-line patch sees the new file).
  it.each(["subject", "fact"] as const)(
    "folder (%s): a patch after a hand-added file with a secret in its description",
    async (layout) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-index-")), "memory");
      const store = new MemoryStore({ root, layout });
      await store.write(pathOf(layout, "tools"), head(layout, "tools", "Tools."), "new");
      const wifi = pathOf(layout, "wifi");
      await mkdir(dirname(join(root, wifi)), { recursive: true });
      await writeFile(join(root, wifi), head(layout, "wifi", "Home wifi; password hunter2tiger."));
      await store.write(pathOf(layout, "editor"), head(layout, "editor", "Editor."), "new");
      const text = await readFile(join(root, "MEMORY.md"), "utf8");
      expect(text).toContain(`(${pathOf(layout, "editor")})`);
      expect(text).not.toContain("hunter2tiger");
      expect((await store.check()).missingFromIndex).toEqual([]);
    },
  );

  it.each(CASES)(
    "%s: a rebuild from an older index's text leaves the link out",
    async (_name, layout, open, secretPath, name, description) => {
      const store = await open(layout, { [secretPath]: head(layout, name, description) });
      await store.rebuildIndex(`# Memory index\n\n- [${name}](${secretPath}) — ${description}\n`);
      // rebuildIndex(previous) keeps a person's lines only; a link line is regenerated from files.
      const index = await store.readIndex();
      expect(index.exists ? index.content : "").not.toContain(SECRET_OF(description));
    },
  );
});

describe("a folder's MEMORY.md an older memfiles wrote with the secret", () => {
  it.each(
    (["subject", "fact"] as const).flatMap((layout) =>
      PLACES.map(([place, path, name, description]) => [
        `${layout}, in ${place}`,
        layout,
        path(layout),
        name,
        description,
      ]),
    ) as Array<[string, StoreLayout, string, string, string]>,
  )(
    "%s: check reports the line, a rebuild drops it",
    async (_name, layout, secretPath, name, description) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-index-")), "memory");
      await mkdir(dirname(join(root, secretPath)), { recursive: true });
      await writeFile(join(root, secretPath), head(layout, name, description));
      await writeFile(
        join(root, "MEMORY.md"),
        `# Memory index\n\n- [${name}](${secretPath}) — ${description}\n`,
      );
      const store = new MemoryStore({ root, layout });
      expect((await store.check()).outdatedIndexLines).toEqual([secretPath]);
      await store.rebuildIndex();
      expect(await readFile(join(root, "MEMORY.md"), "utf8")).not.toContain(SECRET_OF(description));
      expect((await store.check()).outdatedIndexLines).toEqual([]);
    },
  );
});
