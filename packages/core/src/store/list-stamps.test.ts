import { statSync, utimesSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";

const MAX_CHARS = 100;
const fact = (name: string, body = name) =>
  `---\nname: ${name}\ndescription: ${name}.\ntype: user\n---\n${body}\n`;

// A folder of an old file, a file just written (inside the 2 s racy window) and a file over 16
// times the cap (the store never reads it), as a cold recall process finds them.
async function folder(): Promise<{ store: MemoryStore; root: string }> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-list-stamps-"));
  await writeFile(join(root, "old.md"), fact("old"));
  await writeFile(join(root, "huge.md"), fact("huge", "x".repeat(16 * MAX_CHARS)));
  const dayAgo = new Date(Date.now() - 86_400_000);
  utimesSync(join(root, "old.md"), dayAgo, dayAgo);
  utimesSync(join(root, "huge.md"), dayAgo, dayAgo);
  await writeFile(join(root, "new.md"), fact("new"));
  return { store: new MemoryStore({ root, layout: "fact", maxChars: MAX_CHARS }), root };
}

const statKeyOf = (path: string) => {
  const stats = statSync(path);
  return `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}:${stats.ino}:${stats.dev}`;
};

// Both ways a folder is stamped: its walk, and the paths its events named.
describe("listStamps stamps each memory file by its stat, however the files are found", () => {
  it.each([
    { name: "the folder's walk", only: false },
    { name: "the named paths", only: true },
  ])("$name", async ({ only }) => {
    const { store } = await folder();
    const stamps = await store.listStamps(
      undefined,
      only ? { only: new Set(["old.md", "new.md", "huge.md", "gone.md"]) } : {},
    );
    // The old file's ctime is now (its mtime was set back): still in the window, so untrusted.
    expect(new Map(stamps.map((file) => [file.path, file.stamp]))).toEqual(
      new Map([
        ["old.md", ""],
        ["new.md", ""],
      ]),
    );
  });

  it("trusts a stat outside the 2 s window, and a change in place gives another stamp", async () => {
    const { store, root } = await folder();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const first = new Map((await store.listStamps()).map((file) => [file.path, file.stamp]));
    expect(first).toEqual(
      new Map([
        ["old.md", statKeyOf(join(root, "old.md"))],
        ["new.md", statKeyOf(join(root, "new.md"))],
      ]),
    );
    // Edited in place (the folder's own mtime does not move), then dated back as an editor may.
    await writeFile(join(root, "old.md"), fact("old", "changed by hand"));
    const dayAgo = new Date(Date.now() - 86_400_000);
    utimesSync(join(root, "old.md"), dayAgo, dayAgo);
    // Its change time is now whatever its mtime says: untrusted, so read again.
    const second = new Map((await store.listStamps()).map((file) => [file.path, file.stamp]));
    expect(second).toEqual(new Map([...first, ["old.md", ""]]));
  });
});
