import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";

async function storeWith(name: string, text: string): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-hostile-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(join(root, "topics", name), text);
  await writeFile(
    join(root, "topics", "tools.md"),
    "---\nname: tools\ndescription: Dev tools.\n---\n[stated 2026/09/12] uses Neovim\n",
  );
  return new MemoryStore({ root });
}

const manyKeys = `---\n${Array.from({ length: 10_000 }, (_, index) => `k${index}: v`).join("\n")}\n---\nbody\n`;
const deep = `---\na: ${"[".repeat(2_000)}${"]".repeat(2_000)}\n---\nbody\n`;
const huge = `---\nname: huge\ndescription: big\n---\n${"[stated 2026/09/12] x\n".repeat(600_000)}`;

describe("hostile front matter (issue 20, item 3)", () => {
  it.each([
    ["10,000 keys", manyKeys, "header_too_long"],
    ["2,000-level nesting", deep, "header_too_long"],
    ["a file of 13 MB", huge, "too_large"],
  ])("%s: skipped before parsing and reported by check()", async (_, text, code) => {
    const store = await storeWith("hostile.md", text);
    // Warm the parser first: the RangeError of deep nesting came once it was.
    for (let round = 0; round < 3; round++) await store.list();
    const rows = await store.list();
    const hostile = rows.find((row) => row.path === "topics/hostile.md");
    expect(hostile?.problems?.map((problem) => problem.code)).toContain(code);
    const check = await store.check();
    expect(check.notEditable.map((entry) => entry.path)).toContain("topics/hostile.md");
    expect(rows.find((row) => row.path === "topics/tools.md")?.description).toBe("Dev tools.");
  });
});
