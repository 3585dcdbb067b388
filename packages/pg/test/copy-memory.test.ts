import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forget, MemoryStore, remember } from "@memfiles/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CopyMemoryError, copyMemory, pgMemoryStore, type SqlClient } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

const tombstonesOf = (root: string) => join(root, ".memfiles", "tombstones.json");

describe("export from one backend, import into the other", () => {
  let sql: SqlClient;
  let folder: string;
  beforeAll(async () => {
    sql = await sharedPglite();
    folder = await mkdtemp(join(tmpdir(), "memfiles-copy-"));
  });
  afterAll(async () => {
    await sql.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("moves files byte for byte with the same version tokens, and tombstones with them", async () => {
    const source = join(folder, "source");
    const files: Record<string, string> = {
      "profile.md":
        "---\nname: profile\ndescription: Who the user is.\n---\n\n- [stated 2026/09/12] Dana, in Lisbon — café ☕\n",
      "topics/tools.md":
        "---\nname: tools\ndescription: Dev tools.\n---\r\n\r\n- uses vim\r\n- no trailing newline",
      "people/ana.md": "\uFEFF---\nname: ana\ndescription: A colleague.\n---\n\n- 日本語のメモ\n",
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(source, path, ".."), { recursive: true });
      await writeFile(join(source, path), text, "utf8");
    }
    const fileStore = new MemoryStore({ root: source });
    const now = new Date("2026-09-12T18:30:00Z");
    await remember({ store: fileStore, path: "topics/hosting.md", fact: "deploys on Fly.io", now });
    await forget({ store: fileStore, query: "deploys on Fly.io", now });

    const pgStore = pgMemoryStore(sql, "moved-user");
    const imported = await copyMemory(fileStore, pgStore);
    // topics/hosting.md held only the forgotten line, so the forget deleted it.
    expect(imported.files).toEqual(["people/ana.md", "profile.md", "topics/tools.md"]);
    expect(imported.internal).toContain("tombstones.json");

    const back = join(folder, "back");
    const backStore = new MemoryStore({ root: back });
    await copyMemory(pgStore, backStore);
    for (const row of await fileStore.list()) {
      const [original, database, returned] = await Promise.all([
        fileStore.read(row.path),
        pgStore.read(row.path),
        backStore.read(row.path),
      ]);
      expect(database.version, row.path).toBe(original.version);
      expect(returned.version, row.path).toBe(original.version);
      expect(await readFile(join(back, row.path)), row.path).toEqual(
        await readFile(join(source, row.path)),
      );
    }
    expect(await backStore.readInternal("tombstones.json")).toBe(
      await fileStore.readInternal("tombstones.json"),
    );
    expect((await backStore.check()).ok).toBe(true);
    expect((await pgStore.check()).ok).toBe(true);
  });

  it("keeps a UTF-16 file's text and version token, not its bytes: it comes back as UTF-8 with a BOM (README)", async () => {
    const source = join(folder, "utf16");
    await mkdir(join(source, "topics"), { recursive: true });
    const text =
      "---\nname: u16\ndescription: A UTF-16 file.\n---\n[stated 2026/11/01] likes 緑茶\n";
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    await writeFile(join(source, "topics/u16.md"), bytes);
    const fileStore = new MemoryStore({ root: source });
    const pgStore = pgMemoryStore(sql, "utf16-user");
    await copyMemory(fileStore, pgStore);
    const back = join(folder, "utf16-back");
    const backStore = new MemoryStore({ root: back });
    await copyMemory(pgStore, backStore);
    const original = await fileStore.read("topics/u16.md");
    expect((await backStore.read("topics/u16.md")).version).toBe(original.version);
    expect(await readFile(join(back, "topics/u16.md"))).toEqual(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]),
    );
  });

  it("refuses a file that is not text, naming it, and leaves the target without it", async () => {
    const source = join(folder, "binary");
    await mkdir(source, { recursive: true });
    await writeFile(join(source, "blob.md"), Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41]));
    const target = pgMemoryStore(sql, "binary-user");
    const error = await copyMemory(new MemoryStore({ root: source }), target).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(CopyMemoryError);
    expect(error).toMatchObject({ code: "copy_failed", path: "blob.md" });
    expect(await target.list()).toEqual([]);
  });

  // A tombstone file that cannot be read whole is refused as every write refuses it (decision
  // 0121): copied, the target would hold a file every surface refuses, or (a link read through)
  // tombstones it never had. Each engine as the source; no message says "git" of a database or
  // tells anyone to remove the file.
  const CUT = '{"version":2,"tombstones":[\n{"date":"2026/12/0';
  it.each([
    ["a folder's, cut off", "folder", async (root: string) => writeFile(tombstonesOf(root), CUT)],
    [
      "a folder's, a link in its place",
      "folder",
      async (root: string) => {
        await writeFile(join(root, "..", `${root.split("/").pop()}-kept.json`), CUT);
        await symlink(join(root, "..", `${root.split("/").pop()}-kept.json`), tombstonesOf(root));
      },
    ],
    [
      "a folder's, a folder in its place",
      "folder",
      async (root: string) => mkdir(tombstonesOf(root)),
    ],
    ["PGlite's, cut off", "database", async () => undefined],
  ] as const)(
    "refuses a source tombstone file that cannot be read: %s",
    async (name, engine, damage) => {
      const root = join(folder, `damaged-${name.replace(/\W+/g, "-")}`);
      await mkdir(join(root, ".memfiles"), { recursive: true });
      await writeFile(join(root, "tools.md"), "---\nname: tools\ndescription: Tools.\n---\nvim\n");
      await damage(root);
      const user = `damaged-${engine}-${name.length}`;
      const folderStore = new MemoryStore({ root });
      const database = pgMemoryStore(sql, user);
      if (engine === "database") {
        await copyMemory(new MemoryStore({ root: join(root, "..", "empty-source") }), database);
        await database.write(
          "tools.md",
          "---\nname: tools\ndescription: Tools.\n---\nvim\n",
          (await database.read("tools.md")).version,
        );
        await database.writeInternal("tombstones.json", CUT);
      }
      const [from, to] =
        engine === "folder"
          ? [folderStore, database]
          : [database, new MemoryStore({ root: join(root, "..", `${user}-back`) })];
      const error = await copyMemory(from, to).catch((caught) => caught);
      expect({
        name: error.name,
        copied: (await to.list()).map((row) => row.path),
        saysGit: /\bgit\b/.test(error.message),
        saysRemove: /(^|[.:] )(Remove|Delete) /.test(error.message),
      }).toEqual({ name: "TombstoneFileError", copied: [], saysGit: false, saysRemove: false });
    },
  );

  it("refuses a MEMORY.md too large to read, before copying anything, leaving the target's index", async () => {
    const source = join(folder, "huge-index");
    await mkdir(source, { recursive: true });
    await writeFile(join(source, "tools.md"), "---\nname: tools\ndescription: Tools.\n---\nvim\n");
    // Over 16 times the 100-char cap (docs/security.md): the store does not read it.
    await writeFile(join(source, "MEMORY.md"), `- my own line\n${"note ".repeat(400)}\n`);
    const target = pgMemoryStore(sql, "huge-index-user");
    const kept = "---\nname: kept\ndescription: Kept.\n---\nkept\n";
    const wrote = await target.write(
      "topics/kept.md",
      kept,
      (await target.read("topics/kept.md")).version,
    );
    expect(wrote.ok).toBe(true);
    await target.rebuildIndex("- a line of the target's own\n");
    const before = await target.readIndex();
    const error = await copyMemory(new MemoryStore({ root: source, maxChars: 100 }), target).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(CopyMemoryError);
    expect(error).toMatchObject({ code: "copy_failed", path: "MEMORY.md" });
    expect(error.message).toMatch(
      /^Cannot copy MEMORY\.md from .*: it is 2015 bytes, over 16 times the 100-char cap, so it was not read: .* Nothing was copied\.$/,
    );
    expect((await target.list()).map((row) => row.path)).toEqual(["topics/kept.md"]);
    expect(await target.readIndex()).toEqual(before);
  });
});
