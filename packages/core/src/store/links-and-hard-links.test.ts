import { link, mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryPathError } from "./memory-path-error.js";
import { MemoryStore } from "./memory-store.js";

async function sandbox(): Promise<{ root: string; outside: string }> {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-links-"));
  const root = join(folder, "memory");
  const outside = join(folder, "outside");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(outside);
  return { root, outside };
}

describe("links the store refuses (issue 20, item 7)", () => {
  it("a folder link to the root itself cannot name MEMORY.md", async () => {
    const { root } = await sandbox();
    await symlink(".", join(root, "self"));
    const store = new MemoryStore({ root });
    await expect(store.write("self/MEMORY.md", "hijacked", "new")).rejects.toThrow(MemoryPathError);
    await expect(store.read("self/MEMORY.md")).rejects.toThrow(MemoryPathError);
  });

  // Listed as a problem file (so `check` names the cause and MEMORY.md keeps its line), never read
  // or written.
  it("a hard link to a file outside is neither read nor written", async () => {
    const { root, outside } = await sandbox();
    const text = "---\nname: s\ndescription: OUTSIDE\n---\n";
    await writeFile(join(outside, "secret.md"), text);
    await link(join(outside, "secret.md"), join(root, "topics", "secret.md"));
    const store = new MemoryStore({ root });
    const read = await store.read("topics/secret.md");
    expect(read).toMatchObject({ exists: true, content: "" });
    expect(read.exists ? read.notText : undefined).toContain("hard links");
    expect(
      (await store.list()).map((row) => [row.description, row.problems?.map(({ code }) => code)]),
    ).toEqual([["", ["refused"]]]);
    await expect(store.write("topics/secret.md", "overwritten", read.version)).rejects.toThrow(
      "hard links",
    );
    expect(await readFile(join(outside, "secret.md"), "utf8")).toBe(text);
  });
});
