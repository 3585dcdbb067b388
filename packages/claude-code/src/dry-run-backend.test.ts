import { link, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { forgetOpenRecallIndexes, openRecallIndex } from "@memfiles/core/internal";
import { describe, expect, it, vi } from "vitest";
import { factFile, hookFolders } from "../test/memory-folder.js";
import { checkFileEdit } from "./check-file-edit.js";
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

// Decision 0128: with a stored recall index, the dry run's checks read the files the index names
// (the folder's stamps bring it up to date, no file read), never the whole folder, and its write
// refreshes no MEMORY.md; the verdicts are the table's in pre-tool-use.test.ts, on both folders.
describe("DryRunBackend on a folder with a stored recall index", () => {
  const write = (root: string, file: string, name: string, body: string) =>
    checkFileEdit({
      root,
      layout: "fact",
      edit: {
        tool: "Write",
        filePath: join(root, file),
        content: factFile(name, `The user's ${name}`, body),
      },
    });

  it.each([
    {
      file: "kayak.md",
      name: "Kayak",
      body: "The user paddles a kayak.",
      verdict: { decision: "allow" },
    },
    // diet.md holds it (duplicate).
    {
      file: "eating.md",
      name: "Eating",
      body: "The user is vegetarian.",
      verdict: { decision: "deny", code: "duplicate" },
    },
    // diet.md keeps the subject (same_subject).
    {
      file: "diet-2.md",
      name: "Diet",
      body: "The user eats no fish.",
      verdict: { decision: "deny", code: "same_subject" },
    },
  ])("checks a new file ($file) without reading the folder whole", async (row) => {
    const { root } = await hookFolders();
    for (let index = 0; index < 20; index++) {
      await writeFile(
        join(root, `trip-${index}.md`),
        factFile(`Trip ${index}`, `A trip of the user`, `The user went to town ${index}.`),
      );
    }
    await openRecallIndex(new MemoryStore({ root, layout: "fact" }));
    forgetOpenRecallIndexes();
    const whole = vi.spyOn(DryRunBackend.prototype, "listVersions");
    try {
      expect(await write(root, row.file, row.name, row.body)).toMatchObject(row.verdict);
      expect(whole).not.toHaveBeenCalled();
    } finally {
      whole.mockRestore();
    }
  });
});
