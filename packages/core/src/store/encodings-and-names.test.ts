import { readdirSync } from "node:fs";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { forget, remember } from "../layouts/index.js";
import { buildSystem } from "../recall/index.js";
import { FolderNames } from "./folder-names.js";
import { MemoryStore } from "./memory-store.js";
import { NEW_VERSION } from "./version-token.js";

// Issue 10, items 4 and 5: files in other encodings, and names a file system would treat as one.
const NOW = new Date("2026-11-29T09:00:00Z");
const PREFERENCES =
  "\uFEFF---\r\nname: preferences\r\ndescription: How the user wants to be addressed and answered.\r\n---\r\n[stated 2026/11/01] wants to be called señor García\r\n";

const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();

describe("a file saved as UTF-16 or UTF-8 with a BOM keeps its encoding (item 4)", () => {
  it.each([
    [
      "UTF-16LE with a BOM (the issue's input)",
      (text: string) => Buffer.from(text, "utf16le"),
      "utf-16le",
    ],
    ["UTF-16BE with a BOM", utf16be, "utf-16be"],
    ["UTF-8 with a BOM", (text: string) => Buffer.from(text, "utf8"), "utf-8"],
  ] as const)("%s", async (_name, encode, encoding) => {
    const store = await tempStore();
    await mkdir(store.root, { recursive: true });
    const path = join(store.root, "preferences.md");
    await writeFile(path, encode(PREFERENCES));

    const system = (await buildSystem({ store, basePrompt: "You help." }))
      .map((block) => block.text)
      .join("");
    expect(system).toContain("wants to be called señor García");
    expect(system).not.toContain("\u0000");
    expect(system).not.toContain("\uFFFD");

    expect(
      await remember({ store, path: "preferences.md", fact: "likes short answers", now: NOW }),
    ).toMatchObject({ code: "applied" });
    const expected = PREFERENCES.replace("---\r\n[", "updated: 2026/11/29\r\n---\r\n[").concat(
      "[stated 2026/11/29] likes short answers\r\n",
    );
    // The same encoding, BOM and line breaks, byte for byte.
    expect((await readFile(path)).equals(encode(expected))).toBe(true);
    expect(await store.read("preferences.md")).toMatchObject({
      content: expected,
      ...(encoding === "utf-8" ? {} : { encoding }),
    });
  });
});

describe("a file that is not valid text is never rewritten, and check() says why (item 4)", () => {
  it.each([
    [
      "Latin-1",
      Buffer.from("[stated 2026/11/01] wants to be called se\xf1or\n", "latin1"),
      "not valid UTF-8",
    ],
    [
      "UTF-16LE without a BOM",
      Buffer.from("[stated 2026/11/01] wants to be called señor\n", "utf16le"),
      "NUL",
    ],
    [
      "a cut-off character",
      Buffer.from("[stated 2026/11/01] wants to be called se\xc3", "latin1"),
      "not valid UTF-8",
    ],
  ])("%s", async (_name, bytes, reason) => {
    const store = await tempStore();
    await mkdir(store.root, { recursive: true });
    const path = join(store.root, "preferences.md");
    await writeFile(path, bytes);

    expect(
      await remember({ store, path: "preferences.md", fact: "likes short answers", now: NOW }),
    ).toMatchObject({ code: "unparsable_file", message: expect.stringContaining(reason) });
    expect(await forget({ store, query: "wants to be called", now: NOW })).toMatchObject({
      code: "unparsable_file",
      notRemoved: [{ path: "preferences.md", reason: expect.stringContaining(reason) }],
    });
    const current = await store.read("preferences.md");
    expect(await store.write("preferences.md", "x\n", current.version)).toMatchObject({
      ok: false,
      code: "not_text",
    });
    expect((await readFile(path)).equals(bytes)).toBe(true);
    expect((await store.check()).notEditable).toEqual([
      { path: "preferences.md", reason: expect.stringContaining(reason) },
    ]);
  });
});

describe("names a file system would treat as one address one file (item 5)", () => {
  it.each([
    ["case (the issue's input)", "people/DGIA.md", "people/dgia.md"],
    ["Unicode normalization (NFC, NFD)", "people/jos\u00e9.md", "people/jose\u0301.md"],
    ["a folder's case", "topics/tools.md", "Topics/tools.md"],
    ["Greek final sigma", "people/νικοσ.md", "people/ΝΙΚΟΣ.md"],
    ["a name at the root", "Profile.md", "profile.md"],
    ["the Kelvin sign folds to an ASCII k", "people/\u212Aey.md", "people/key.md"],
    ["an ASCII name beside its Kelvin-sign look-alike", "people/key.md", "people/\u212Aey.md"],
  ])("%s", async (_name, first, second) => {
    const store = await tempStore();
    const body = "---\ndescription: A person.\n---\n[stated 2026/11/01] is a colleague\n";
    expect(await store.write(first, body, "new")).toMatchObject({ ok: true });
    // Creating the look-alike is a conflict: the file exists, under its first spelling.
    expect(await store.write(second, body, "new")).toMatchObject({
      ok: false,
      code: "version_conflict",
    });
    const read = await store.read(second);
    expect(read).toMatchObject({ exists: true, path: first, content: body });
    const edited = `${body}[stated 2026/11/29] works on billing\n`;
    expect(await store.write(second, edited, read.version)).toMatchObject({ ok: true });
    expect((await store.list()).map((row) => row.path)).toEqual([first]);
    expect(await readFile(join(store.root, first), "utf8")).toBe(edited);
  });

  it("remember through the look-alike name adds to the existing file", async () => {
    const store = await tempStore();
    await store.write("people/DGIA.md", "---\ndescription: A team.\n---\n", "new");
    expect(
      await remember({ store, path: "people/dgia.md", fact: "works on billing", now: NOW }),
    ).toMatchObject({ code: "applied", path: "people/dgia.md" });
    expect((await store.list()).map((row) => row.path)).toEqual(["people/DGIA.md"]);
  });

  it("check() flags look-alike files made by hand on a case-sensitive disk", async () => {
    const store = await tempStore();
    await mkdir(join(store.root, "people"), { recursive: true });
    await writeFile(join(store.root, "people/DGIA.md"), "---\ndescription: a\n---\n");
    await writeFile(join(store.root, "people/dgia.md"), "---\ndescription: b\n---\n");
    if ((await readdir(join(store.root, "people"))).length < 2) return; // a case-insensitive disk
    expect((await store.check()).notEditable).toEqual([
      { path: "people/DGIA.md", reason: expect.stringContaining("people/dgia.md") },
      { path: "people/dgia.md", reason: expect.stringContaining("people/DGIA.md") },
    ]);
  });
});

// A hook hands the store the root's entries it read already: a top-level look-alike is found
// among them exactly as in the folder itself.
describe("a top-level look-alike, from the folder or from the caller's listing", () => {
  it.each([
    { name: "case", onDisk: ["Profile.md"], asked: "profile.md", found: "Profile.md" },
    {
      name: "NFD on disk",
      onDisk: ["jose\u0301.md"],
      asked: "jos\u00e9.md",
      found: "jose\u0301.md",
    },
    { name: "Greek final sigma", onDisk: ["νικοσ.md"], asked: "ΝΙΚΟΣ.md", found: "νικοσ.md" },
    { name: "Kelvin sign on disk", onDisk: ["\u212Aey.md"], asked: "KEY.md", found: "\u212Aey.md" },
    { name: "Kelvin sign asked", onDisk: ["key.md"], asked: "\u212Aey.md", found: "key.md" },
    { name: "a longer name is not alike", onDisk: ["profiles.md"], asked: "profile.md" },
    { name: "no look-alike", onDisk: ["notes.md"], asked: "profile.md" },
    {
      name: "two look-alikes: none picked",
      onDisk: ["Profile.md", "PROFILE.md"],
      asked: "profile.md",
    },
  ])("$name", async ({ onDisk, asked, found }) => {
    const { root } = await tempStore();
    await mkdir(root, { recursive: true });
    for (const name of onDisk)
      await writeFile(join(root, name), `---\ndescription: ${name}\n---\n`);
    // A case-insensitive disk keeps one of two look-alikes: that row says nothing there.
    if ((await readdir(root)).length < onDisk.length) return;
    for (const rootEntries of [undefined, readdirSync(root, { withFileTypes: true })]) {
      const store = new MemoryStore({
        root,
        layout: "fact",
        ...(rootEntries === undefined ? {} : { rootEntries }),
      });
      const read = await store.read(asked);
      expect(read.exists ? read.path : undefined).toBe(found);
    }
  });
});

// A read of an absent file keeps its folder's listing while the folder's stat is unchanged: an
// entry made or renamed by hand since (another process, an editor) must still be seen. The clock
// runs a minute ahead so the folder counts as settled and its listing is kept.
describe("a look-alike made or removed by hand after a read is seen by the next read", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it.each(
    (["subject", "fact"] as const).flatMap((layout) =>
      ["", "people/"].flatMap((folder) => [
        { layout, folder, change: "made", before: undefined, after: `${folder}PROFILE.md` },
        { layout, folder, change: "renamed away", before: `${folder}PROFILE.md`, after: undefined },
      ]),
    ),
  )("$layout, in '$folder': $change", async ({ layout, folder, change, before, after }) => {
    const { root } = await tempStore();
    await mkdir(join(root, "people"), { recursive: true });
    await writeFile(join(root, "people/other.md"), "---\ndescription: other\n---\n");
    if (change === "renamed away") {
      await writeFile(join(root, `${folder}PROFILE.md`), "---\ndescription: p\n---\n");
    }
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    const store = new MemoryStore({ root, layout });
    const asked = `${folder}profile.md`;
    const first = await store.read(asked);
    expect(first.exists ? first.path : undefined).toBe(before);
    if (change === "made") {
      await writeFile(join(root, `${folder}PROFILE.md`), "---\ndescription: p\n---\n");
    } else {
      await rename(join(root, `${folder}PROFILE.md`), join(root, `${folder}Elsewhere.md`));
    }
    const second = await store.read(asked);
    expect(second.exists ? second.path : undefined).toBe(after);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The store's own write updates a kept listing instead of listing the folder again. The clock is
// a minute ahead for the first read (the folder counts as settled: its listing is kept), then held
// at the real time, so the folder just written stays unsettled and the updated listing is used.
describe("a kept listing after the store's own write", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it.each(
    (["subject", "fact"] as const).flatMap((layout) =>
      ["", "people/"].flatMap((folder) => [
        { layout, folder, change: "the store writes a look-alike", after: `${folder}PROFILE.md` },
        { layout, folder, change: "the store deletes the look-alike", after: undefined },
        { layout, folder, change: "a look-alike made by hand later", after: `${folder}PROFILE.md` },
      ]),
    ),
  )("$layout, in '$folder': $change", async ({ layout, folder, change, after }) => {
    const { root } = await tempStore();
    // A folder written before: the lock's first write would make `.memfiles/` in the root.
    await mkdir(join(root, ".memfiles"), { recursive: true });
    await mkdir(join(root, "people"), { recursive: true });
    await writeFile(join(root, "people/other.md"), "---\ndescription: other\n---\n");
    if (change === "the store deletes the look-alike") {
      await writeFile(join(root, `${folder}PROFILE.md`), "---\ndescription: p\n---\n");
    }
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + 60_000);
    const store = new MemoryStore({ root, layout });
    const asked = `${folder}profile.md`;
    await store.read(asked);
    vi.setSystemTime(now);
    const file = "---\ndescription: p\n---\n";
    if (change === "the store writes a look-alike") {
      expect((await store.write(`${folder}PROFILE.md`, file, NEW_VERSION)).ok).toBe(true);
    } else if (change === "the store deletes the look-alike") {
      expect((await store.delete(`${folder}PROFILE.md`)).ok).toBe(true);
    } else {
      expect((await store.write(`${folder}mine.md`, file, NEW_VERSION)).ok).toBe(true);
      // Past the folder clock's tick of the store's write (a jiffy, at most 10 ms on Linux).
      await sleep(50);
      await writeFile(join(root, `${folder}PROFILE.md`), file);
    }
    const read = await store.read(asked);
    expect(read.exists ? read.path : undefined).toBe(after);
  });

  // A write that changes a folder without reporting it (the lock's first write makes `.memfiles/`)
  // leaves nothing to update the listing with: it is dropped, and the next read lists again.
  it("a folder changed by a write that reports nothing for it: listed again", async () => {
    const { root } = await tempStore();
    await mkdir(root, { recursive: true });
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + 60_000);
    const names = new FolderNames();
    expect(await names.lookAlike(root, "profile.md")).toBeUndefined();
    vi.setSystemTime(now);
    await names.whileWriting(() => writeFile(join(root, "PROFILE.md"), "unreported"));
    expect(await names.lookAlike(root, "profile.md")).toBe("PROFILE.md");
  });

  // Someone else's entry made while the store writes the same folder leaves no trace in the
  // folder's stat: it is seen once the folder has settled and the listing is read again.
  it("an entry made by another writer during the store's write: seen once the folder settles", async () => {
    const { root } = await tempStore();
    await mkdir(root, { recursive: true });
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + 60_000);
    const names = new FolderNames();
    expect(await names.lookAlike(root, "profile.md")).toBeUndefined();
    vi.setSystemTime(now);
    await names.whileWriting(async () => {
      await writeFile(join(root, "PROFILE.md"), "by hand");
      await writeFile(join(root, "mine.md"), "the store's");
      names.wrote(join(root, "mine.md"));
    });
    expect(await names.lookAlike(root, "profile.md")).toBeUndefined();
    vi.setSystemTime(now + 60_000);
    expect(await names.lookAlike(root, "profile.md")).toBe("PROFILE.md");
  });
});
