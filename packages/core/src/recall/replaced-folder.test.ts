import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStore } from "../store/index.js";
import type { RecallUnit } from "./budgeted-recall.js";
import { rankRecallUnits } from "./budgeted-recall.js";
import { flushRecallIndexes, forgetOpenRecallIndexes } from "./recall-index.js";

const QUERY = "Which tools and hosting do I use, and where does Marta live?";

const subjectFile = (name: string, lines: string[]) =>
  `---\nname: ${name}\ndescription: ${name} notes.\n---\n${lines.join("\n")}\n`;

async function folder(): Promise<MemoryStore> {
  const base = await mkdtemp(join(tmpdir(), "memfiles-folder-watch-"));
  const store = new MemoryStore({ root: join(base, "home", "memory") });
  const files: Record<string, string[]> = {
    "topics/tools.md": ["[stated 2026/09/01] uses Neovim", "[stated 2026/09/01] deploys on Heroku"],
    "topics/hosting/dns.md": ["[stated 2026/09/02] hosting DNS sits at Gandi"],
    "people/marta.md": ["[stated 2026/05/08] Marta moved to Lisbon"],
    "people2/jonas.md": ["[stated 2026/08/03] Jonas hosts tools workshops in Porto"],
  };
  for (const [path, lines] of Object.entries(files)) {
    await store.write(path, subjectFile(path, lines), "new");
  }
  return store;
}

/** What a request sees, in a form two rankings can be compared in (scores to 4 places). */
const seen = (units: readonly RecallUnit[]) =>
  units.map((unit) => [unit.path, unit.text, unit.date, unit.score.toFixed(4)]);

/** A fresh ranking of the folder as it is: every file listed and read, no index. */
async function fresh(store: MemoryStore) {
  const plain = { list: () => store.list(), read: (path: string) => store.read(path) };
  return seen(await rankRecallUnits({ store: plain, query: QUERY }));
}

/** Replaces `from` by `to` in a memory file from another process (no event of this one's index). */
async function elsewhere(store: MemoryStore, path: string, from: string, to: string) {
  const file = JSON.stringify(join(store.root, path));
  const script = `const fs=require("node:fs");fs.writeFileSync(${file},fs.readFileSync(${file},"utf8").replace(${JSON.stringify(from)},${JSON.stringify(to)}))`;
  await promisify(execFile)(process.execPath, ["-e", script]);
}

/** A copy of the memory folder beside it (with its `.memfiles/`, as a backup holds it). */
async function backup(store: MemoryStore, sub = ""): Promise<string> {
  const copy = `${store.root}-backup-${sub.replaceAll("/", "-")}`;
  await cp(join(store.root, sub), copy, { recursive: true });
  return copy;
}

type Case = {
  /** Replaces a watched folder; the process has been watching the memory before. */
  replace: (store: MemoryStore) => Promise<void>;
  /** A change made after the replacement, by another process or a person's editor. */
  change: (store: MemoryStore) => Promise<void>;
  shows?: string;
  hides?: string;
};

const CASES: Record<string, Case> = {
  "a sub-folder removed and restored from a copy, then a line forgotten by another process": {
    replace: async (store) => {
      const copy = await backup(store, "topics");
      await rm(join(store.root, "topics"), { recursive: true });
      await cp(copy, join(store.root, "topics"), { recursive: true });
    },
    change: (store) =>
      elsewhere(store, "topics/tools.md", "[stated 2026/09/01] deploys on Heroku\n", ""),
    hides: "deploys on Heroku",
  },
  "a sub-folder removed and made again, then a file added to it": {
    replace: async (store) => {
      await rm(join(store.root, "topics"), { recursive: true });
      await mkdir(join(store.root, "topics"));
      await writeFile(
        join(store.root, "topics/tools.md"),
        subjectFile("tools", ["[stated 2026/09/03] uses Helix"]),
      );
    },
    change: (store) =>
      writeFile(
        join(store.root, "topics/hosting.md"),
        subjectFile("hosting", ["[stated 2026/09/04] hosting moved to Fly.io"]),
      ),
    shows: "hosting moved to Fly.io",
  },
  "a sub-folder inside a folder removed and made again, then a line changed": {
    replace: async (store) => {
      const copy = await backup(store, "topics/hosting");
      await rm(join(store.root, "topics/hosting"), { recursive: true });
      await cp(copy, join(store.root, "topics/hosting"), { recursive: true });
    },
    change: (store) => elsewhere(store, "topics/hosting/dns.md", "at Gandi", "at Cloudflare"),
    shows: "hosting DNS sits at Cloudflare",
    hides: "hosting DNS sits at Gandi",
  },
  "a folder swapped for another by two renames, then a line changed in each": {
    replace: async (store) => {
      await rename(join(store.root, "topics"), join(store.root, "topics-old"));
      await rename(join(store.root, "people2"), join(store.root, "topics"));
    },
    change: async (store) => {
      await elsewhere(store, "topics/jonas.md", "in Porto", "in Braga");
      await elsewhere(store, "topics-old/hosting/dns.md", "at Gandi", "at Hetzner");
    },
    shows: "Jonas hosts tools workshops in Braga",
    hides: "hosting DNS sits at Gandi",
  },
  "the memory folder removed and restored from a copy, then a line forgotten": {
    replace: async (store) => {
      const copy = await backup(store);
      await rm(store.root, { recursive: true });
      await cp(copy, store.root, { recursive: true });
    },
    change: (store) =>
      elsewhere(store, "topics/tools.md", "[stated 2026/09/01] deploys on Heroku\n", ""),
    hides: "deploys on Heroku",
  },
  "the memory folder moved away and a copy put in its place, then a file added": {
    replace: async (store) => {
      await rename(store.root, `${store.root}-old`);
      await cp(`${store.root}-old`, store.root, { recursive: true });
    },
    change: (store) =>
      writeFile(
        join(store.root, "people/lena.md"),
        subjectFile("lena", ["[stated 2026/09/05] Lena runs the hosting team"]),
      ),
    shows: "Lena runs the hosting team",
  },
  // A request while the folder is away must not make an empty one in its place: the move back
  // would then fail (or, with mv, put the memory inside it).
  "the memory folder moved away, then moved back": {
    replace: (store) => rename(store.root, `${store.root}-away`),
    change: (store) => rename(`${store.root}-away`, store.root),
    shows: "uses Neovim",
  },
  "a folder above the memory folder moved away and a copy put in its place, then a line changed": {
    replace: async (store) => {
      const above = join(store.root, "..");
      await rename(above, `${above}-old`);
      await cp(`${above}-old`, above, { recursive: true });
    },
    change: (store) => elsewhere(store, "topics/hosting/dns.md", "at Gandi", "at Netlify"),
    shows: "hosting DNS sits at Netlify",
    hides: "hosting DNS sits at Gandi",
  },
};

describe("a warm process sees a watched folder that was replaced", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
  });

  // Each row spawns a process (another writer): an honest limit for a busy 2-core machine.
  it.each(Object.entries(CASES))("%s", { timeout: 60_000 }, async (_name, row) => {
    const store = await folder();
    try {
      // The clock a minute ahead: every file counts as settled (outside the 2 s in which a file is
      // read on every request), so only the folder's events can bring a change in.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
      const request = async () => seen(await rankRecallUnits({ store, query: QUERY }));
      expect(await request()).toEqual(await fresh(store));
      // Asked again: this process now watches the folder.
      expect(await request()).toEqual(await fresh(store));
      await row.replace(store);
      expect(await request()).toEqual(await fresh(store));
      await row.change(store);
      const texts = (await request()).map(([, text]) => text);
      expect(await request()).toEqual(await fresh(store));
      if (row.shows !== undefined) expect(texts).toContain(row.shows);
      if (row.hides !== undefined) expect(texts).not.toContain(row.hides);
    } finally {
      await rm(join(store.root, "..", ".."), { recursive: true, force: true });
    }
  });
});
