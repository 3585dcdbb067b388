import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, versionToken } from "../index.js";
import { isMemoryIndexPath } from "./index.js";
import { shownLenientlyNote } from "./not-shown.js";
import { type DecodeTextResult, decodeText } from "./text-encoding.js";

async function folder() {
  return mkdtemp(join(tmpdir(), "memfiles-read-index-"));
}

describe("store.readIndex()", () => {
  it("returns MEMORY.md as stored, a person's lines included", async () => {
    const root = await folder();
    const text = "# Memory index\n\nMy own note.\n";
    await writeFile(join(root, "MEMORY.md"), text);
    expect(await new MemoryStore({ root }).readIndex()).toEqual({
      path: "MEMORY.md",
      exists: true,
      version: versionToken(text),
      content: text,
    });
  });

  it.each([
    ["not valid UTF-8", Buffer.from("# Memory index\n\nCaf\xe9 note.\n", "latin1"), "UTF-8"],
    ["a NUL byte", Buffer.from("# Memory index\n\nCafe\u0000 note.\n", "utf8"), "NUL"],
  ])(
    "flags a MEMORY.md holding %s as not text, as read() flags a memory file",
    async (_name, bytes, why) => {
      const root = await folder();
      await writeFile(join(root, "MEMORY.md"), bytes);
      const index = await new MemoryStore({ root }).readIndex();
      expect(index).toMatchObject({ exists: true, notText: expect.stringContaining(why) });
      expect(index.exists && index.content).toContain(" note.\n");
      expect(shownLenientlyNote(index)).toMatch(/^Not text: MEMORY\.md: /);
    },
  );

  it.each([
    [
      "not valid UTF-8",
      Buffer.from("# Memory index\n\n- Caf\xe9 au lait, my own line\n", "latin1"),
    ],
    ["a NUL byte", Buffer.from("# Memory index\n\n- Cafe\u0000 my own line\n", "utf8")],
  ])("a write leaves a MEMORY.md holding %s byte for byte", async (_name, bytes) => {
    const root = await folder();
    await writeFile(join(root, "MEMORY.md"), bytes);
    const store = new MemoryStore({ root });
    const written = await store.write(
      "topics/tea.md",
      "---\nname: tea\ndescription: Tea\n---\n- The user drinks green tea.\n",
      "new",
    );
    expect(written.ok).toBe(true);
    expect(await readFile(join(root, "MEMORY.md"))).toEqual(bytes);
  });

  it.each([
    ["no folder", async (root: string) => join(root, "missing")],
    ["no index", async (root: string) => root],
    [
      "a link named MEMORY.md",
      async (root: string) => {
        const outside = join(await folder(), "secret.md");
        await writeFile(outside, "outside the folder\n");
        await symlink(outside, join(root, "MEMORY.md"));
        return root;
      },
    ],
  ])("reads as missing with %s", async (_name, arrange) => {
    const root = await arrange(await folder());
    expect(await new MemoryStore({ root }).readIndex()).toEqual({
      path: "MEMORY.md",
      exists: false,
      version: "new",
    });
  });

  // MEMORY.md as editors save it, a person's line in it: readIndex and a write's refresh of the
  // index read it by one read, so both see that line.
  const SAVED_AS: Record<string, Buffer> = {
    "UTF-8 with a byte order mark": Buffer.from("\uFEFF# Memory index\n\nMy own note.\n"),
    "UTF-16 with a byte order mark": Buffer.from(
      "\uFEFF# Memory index\n\nMy own note.\n",
      "utf16le",
    ),
    "CR line breaks": Buffer.from("# Memory index\r\rMy own note.\r"),
  };
  const READERS: Record<string, (store: MemoryStore, root: string) => Promise<DecodeTextResult>> = {
    "store.readIndex()": async (store) => {
      const index = await store.readIndex();
      const content = index.exists ? index.content : "";
      return index.exists && index.notText !== undefined
        ? { ok: false, text: content, reason: index.notText }
        : { ok: true, text: content, encoding: "utf-8" };
    },
    "a write's refresh of the index": async (store, root) => {
      const written = await store.write(
        "topics/tea.md",
        "---\nname: tea\ndescription: Tea\n---\n- The user drinks green tea.\n",
        "new",
      );
      expect(written.ok).toBe(true);
      const decoded = decodeText(await readFile(join(root, "MEMORY.md")));
      expect(decoded.text).toContain("topics/tea.md");
      return decoded;
    },
  };
  it.each(
    Object.keys(SAVED_AS).flatMap((saved) => Object.keys(READERS).map((reader) => [reader, saved])),
  )("%s reads a MEMORY.md saved in %s", async (reader, saved) => {
    const root = await folder();
    await writeFile(join(root, "MEMORY.md"), SAVED_AS[saved] as Buffer);
    const read = await (READERS[reader] as (typeof READERS)[string])(
      new MemoryStore({ root }),
      root,
    );
    expect(read.ok).toBe(true);
    expect(read.text).toContain("\nMy own note.\n");
  });

  it.each([
    ["MEMORY.md", true],
    ["memory.md", true],
    ["topics/MEMORY.md", false],
    ["profile.md", false],
  ])("isMemoryIndexPath(%s) is %s", (path, expected) => {
    expect(isMemoryIndexPath(path)).toBe(expected);
  });
});
