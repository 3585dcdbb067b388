import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";
import type { StoreLayout } from "./types.js";

const profile = (who: string) =>
  `---\nname: profile\ndescription: Who the user is.\ntype: user\n---\n${who}\n`;

async function folderWith(path: string, who: string, extra: string): Promise<void> {
  await mkdir(path, { recursive: true });
  await writeFile(join(path, "profile.md"), profile(who));
  await writeFile(join(path, `${extra}.md`), profile(extra));
}

// A link swapped in by rename, as `ln -sfn` does: the name never points nowhere.
async function pointAt(link: string, target: string): Promise<void> {
  await symlink(target, `${link}.new`);
  await rename(`${link}.new`, link);
}

type Case = {
  /** Makes the memory folder under `base`; returns the root the store is opened on. */
  make: (base: string) => Promise<string>;
  /** Moves or replaces the root (or a folder above it) while the store is in use. */
  change: (base: string) => Promise<void>;
  /** What `profile.md` says after the change, and the files listed; `undefined`: none. */
  profile: string | undefined;
  listed: string[];
};

const CASES: Record<string, Case> = {
  "the root is a link, pointed at another folder": {
    make: async (base) => {
      await folderWith(join(base, "a"), "A", "first");
      await folderWith(join(base, "b"), "B", "second");
      await symlink(join(base, "a"), join(base, "memory"));
      return join(base, "memory");
    },
    change: (base) => pointAt(join(base, "memory"), join(base, "b")),
    profile: "B",
    listed: ["profile.md", "second.md"],
  },
  "the root moved away and a link to another folder put in its place": {
    make: async (base) => {
      await folderWith(join(base, "memory"), "A", "first");
      await folderWith(join(base, "other"), "B", "second");
      return join(base, "memory");
    },
    change: async (base) => {
      await rename(join(base, "memory"), join(base, "away"));
      await symlink(join(base, "other"), join(base, "memory"));
    },
    profile: "B",
    listed: ["profile.md", "second.md"],
  },
  "a folder above the root replaced by a link to an edited copy": {
    make: async (base) => {
      await folderWith(join(base, "home", "memory"), "A", "first");
      return join(base, "home", "memory");
    },
    change: async (base) => {
      await cp(join(base, "home"), join(base, "copy"), { recursive: true });
      await writeFile(join(base, "copy", "memory", "profile.md"), profile("B"));
      await rename(join(base, "home"), join(base, "home-old"));
      await symlink(join(base, "copy"), join(base, "home"));
    },
    profile: "B",
    listed: ["first.md", "profile.md"],
  },
  // The same folder (same device and inode) at a new real path: only its path tells.
  "the root moved elsewhere and a link to it put in its place": {
    make: async (base) => {
      await folderWith(join(base, "memory"), "A", "first");
      return join(base, "memory");
    },
    change: async (base) => {
      await rename(join(base, "memory"), join(base, "moved"));
      await symlink(join(base, "moved"), join(base, "memory"));
    },
    profile: "A",
    listed: ["first.md", "profile.md"],
  },
  "the root moved away": {
    make: async (base) => {
      await folderWith(join(base, "memory"), "A", "first");
      return join(base, "memory");
    },
    change: (base) => rename(join(base, "memory"), join(base, "away")),
    profile: undefined,
    listed: [],
  },
};

const LAYOUTS: StoreLayout[] = ["subject", "fact"];
const ROWS = Object.entries(CASES).flatMap(([name, row]) =>
  LAYOUTS.map((layout) => [name, layout, row] as const),
);

// Every call resolves the root where it is now: a warm store must follow a root that moved or
// became a link, never keep reading (or checking containment against) where it was.
describe("a warm store follows its root to where it is now", () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const base of made.splice(0)) await rm(base, { recursive: true, force: true });
  });

  it.each(ROWS)("%s (%s)", async (_name, layout, row) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-root-real-path-"));
    made.push(base);
    const store = new MemoryStore({ root: await row.make(base), layout });
    const before = await store.read("profile.md");
    expect(before.exists && before.content).toBe(profile("A"));
    await store.list();
    await row.change(base);
    const after = await store.read("profile.md");
    expect(after.exists ? after.content : undefined).toBe(
      row.profile === undefined ? undefined : profile(row.profile),
    );
    expect((await store.list()).map((file) => file.path)).toEqual(row.listed);
  });
});
