import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as insideRoot from "./inside-root.js";
import { MemoryStore } from "./memory-store.js";

// Counts the store's file reads: a read answered from the kept rows reads no file.
vi.mock("./inside-root.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./inside-root.js")>();
  return { ...original, readFileInside: vi.fn(original.readFileInside) };
});

const FILES: Record<string, string> = {
  "topics/tools.md":
    "---\nname: tools\ndescription: Editor and tools.\n---\n[stated 2026/09/12] uses Neovim\n",
  "people/ada.md":
    "---\nname: ada\ndescription: Ada, a colleague.\n---\n[stated 2026/09/01] is a backend developer\n",
};
// The stat-keyed cache trusts a file only once it is older than its racy window (2 s).
const LATER_MS = 10_000;

let sandbox: string;
let root: string;

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-kept-read-"));
  root = join(sandbox, "memory");
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
  vi.mocked(insideRoot.readFileInside).mockClear();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(sandbox, { recursive: true, force: true });
});

function later(): void {
  const now = Date.now();
  vi.spyOn(Date, "now").mockReturnValue(now + LATER_MS);
}

describe.each(["subject", "fact"] as const)("read() after list(), %s layout", (layout) => {
  it("answers from the bytes list() read, as a fresh store reads them, reading no file again", async () => {
    later();
    const store = new MemoryStore({ root, layout });
    const paths = (await store.list()).map((row) => row.path);
    expect(paths).toHaveLength(2);
    const reads = vi.mocked(insideRoot.readFileInside).mock.calls.length;
    const kept = await Promise.all(paths.map((path) => store.read(path)));
    expect(vi.mocked(insideRoot.readFileInside).mock.calls.length).toBe(reads);
    const fresh = new MemoryStore({ root, layout });
    expect(kept).toEqual(await Promise.all(paths.map((path) => fresh.read(path))));
  });

  it("reads a file changed since list() anew", async () => {
    later();
    const store = new MemoryStore({ root, layout });
    await store.list();
    const changed = FILES["topics/tools.md"]?.replace("Neovim", "Helix!");
    await writeFile(join(root, "topics/tools.md"), changed ?? "");
    expect(await store.read("topics/tools.md")).toMatchObject({ exists: true, content: changed });
  });

  it("reads a file again while it is inside the racy window", async () => {
    // The clock held just after the writes: a busy machine may take longer than the window.
    const { ctimeMs } = await stat(join(root, "topics/tools.md"));
    vi.spyOn(Date, "now").mockReturnValue(ctimeMs + 1);
    const store = new MemoryStore({ root, layout });
    await store.list();
    const reads = vi.mocked(insideRoot.readFileInside).mock.calls.length;
    await store.read("topics/tools.md");
    expect(vi.mocked(insideRoot.readFileInside).mock.calls.length).toBe(reads + 1);
  });
});
