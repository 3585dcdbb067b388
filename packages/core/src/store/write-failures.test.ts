import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { remember } from "../layouts/index.js";
import { MemoryStore, type StoreLayout } from "./index.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import { MemoryWriteError } from "./memory-write-error.js";

// A full disk or a read-only folder is simulated at the rename that puts a file in place (the
// machine's disk cannot be filled for a test): `failing` names the file whose rename fails, and
// with which system code.
const failing = vi.hoisted(() => ({ name: undefined as string | undefined, code: "ENOSPC" }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    renameSync: (from: string, to: string) => {
      if (failing.name !== undefined && basename(to) === failing.name) {
        throw Object.assign(new Error(`${failing.code}: rename '${from}' -> '${to}'`), {
          code: failing.code,
        });
      }
      return actual.renameSync(from, to);
    },
  };
});
afterEach(() => {
  failing.name = undefined;
});

const pathIn = (layout: StoreLayout, name: string) =>
  layout === "subject" ? `topics/${name}.md` : `${name}.md`;

async function storeIn(layout: StoreLayout): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-write-failures-")), "memory");
  return new MemoryStore({ root, layout });
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .filter((path) => !path.startsWith(".memfiles"))
    .sort();
}

describe.each(LAYOUT_NAMES)("write failures said as they are (%s layout)", (layout) => {
  it("a file at .memfiles/store.lock: a MemoryWriteError naming it, nothing written", async () => {
    const store = await storeIn(layout);
    await mkdir(join(store.root, ".memfiles"), { recursive: true });
    await writeFile(join(store.root, ".memfiles", "store.lock"), "");
    const path = pathIn(layout, "tools");
    const error = await remember({ store, path, fact: "uses Neovim" }).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(MemoryWriteError);
    expect(error).toMatchObject({
      code: "lock_path_not_folder",
      path: join(".memfiles", "store.lock"),
      landed: [],
      userFixable: true,
    });
    expect(error.message).toContain("Nothing was changed.");
    expect(error.message).toContain("remove it");
    expect(await filesUnder(store.root)).toEqual([]);
  });

  it.each([
    ["ENOSPC", "disk_full", "the disk is full"],
    ["EROFS", "read_only", "the folder is not writable"],
    ["EACCES", "read_only", "the folder is not writable"],
  ])("%s on the file: a MemoryWriteError naming it, nothing written", async (code, kind, said) => {
    const store = await storeIn(layout);
    const path = pathIn(layout, "tools");
    failing.name = basename(path);
    failing.code = code;
    const error = await remember({ store, path, fact: "uses Neovim" }).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(MemoryWriteError);
    expect(error).toMatchObject({ code: kind, path, landed: [] });
    expect(error.message).toBe(
      `Could not write ${path}: ${said} (${code}). Nothing was changed. ${
        kind === "disk_full"
          ? "Free some space on that disk (or raise the quota), then run the write again."
          : "Make the memory folder writable for this user (or point memfiles at a writable copy), then run the write again."
      }`,
    );
    expect(await filesUnder(store.root)).toEqual([]);
  });

  it("ENOSPC on MEMORY.md after the file landed: the write is reported, the index caught up next", async () => {
    const store = await storeIn(layout);
    failing.name = "MEMORY.md";
    const first = await remember({ store, path: pathIn(layout, "tools"), fact: "uses Neovim" });
    expect(first).toMatchObject({ ok: true });
    expect(await filesUnder(store.root)).toEqual([pathIn(layout, "tools")]);
    failing.name = undefined;
    const second = await remember({ store, path: pathIn(layout, "food"), fact: "likes ramen" });
    expect(second).toMatchObject({ ok: true });
    const index = await readFile(join(store.root, "MEMORY.md"), "utf8");
    expect([
      index.includes(pathIn(layout, "tools")),
      index.includes(pathIn(layout, "food")),
    ]).toEqual([true, true]);
    expect((await store.check()).ok).toBe(true);
  });
});
