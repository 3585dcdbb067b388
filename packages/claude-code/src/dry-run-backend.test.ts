import { link, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { factFile, hookFolders } from "../test/memory-folder.js";
import { DryRunBackend } from "./dry-run-backend.js";

// Files a person may leave in a memory folder that the store reads unlike a plain UTF-8 file.
const ODD_FILES: Array<{ name: string; write: (root: string) => Promise<void> }> = [
  {
    name: "UTF-16 with a byte order mark",
    write: (root) =>
      writeFile(
        join(root, "utf16.md"),
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(
            factFile("Editor", "The user's editor", "The user edits in Helix."),
            "utf16le",
          ),
        ]),
      ),
  },
  {
    name: "bytes that are not text",
    write: (root) => writeFile(join(root, "binary.md"), Buffer.from([0, 159, 146, 150, 0, 1, 2])),
  },
  {
    name: "a file past the store's size cap",
    write: (root) => writeFile(join(root, "huge.md"), "x".repeat(2_000_000)),
  },
  {
    name: "a hard-linked file",
    write: async (root) => {
      await writeFile(join(root, "linked.md"), factFile("Linked", "A linked fact", "Linked."));
      await link(join(root, "linked.md"), join(root, "linked-twin.md"));
    },
  },
  {
    name: "a file in a subfolder",
    write: async (root) => {
      await mkdir(join(root, "people"), { recursive: true });
      await writeFile(join(root, "people", "ana.md"), factFile("Ana", "The user's sister", "Ana."));
    },
  },
];

describe("DryRunBackend sees the memory folder as the store's readAll reads it", () => {
  it.each(ODD_FILES)("with $name", async ({ write }) => {
    const { root } = await hookFolders();
    await write(root);
    const store = new MemoryStore({ root, layout: "fact" });
    const { files } = await new MemoryStore({ root, layout: "fact" }).readAll();
    const expected = [...files.values()]
      .map((file) => ({ path: file.path, version: file.version }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const backend = new DryRunBackend(store);
    const listed = (await backend.listVersions()).sort((a, b) => a.path.localeCompare(b.path));
    expect(listed).toEqual(expected);
    const read = await backend.readMany(listed.map(({ path }) => path));
    expect(
      read
        .map(({ path, content }) => ({ path, content }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual(
      [...files.values()]
        .map(({ path, content }) => ({ path, content }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    );
  });
});
