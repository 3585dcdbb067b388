import { link, mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
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

  it("a hard link to a file outside is neither read nor listed", async () => {
    const { root, outside } = await sandbox();
    await writeFile(join(outside, "secret.md"), "---\nname: s\ndescription: OUTSIDE\n---\n");
    await link(join(outside, "secret.md"), join(root, "topics", "secret.md"));
    const store = new MemoryStore({ root });
    await expect(store.read("topics/secret.md")).rejects.toThrow("hard links");
    expect((await store.list()).map((row) => row.description)).not.toContain("OUTSIDE");
  });
});
