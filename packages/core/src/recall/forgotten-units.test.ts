import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { forget } from "../layouts/forget.js";
import { remember } from "../layouts/remember.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { budgetedRecall } from "./budgeted-recall.js";
import { recallFiles } from "./recall-files.js";

// A forgotten fact that comes back (a `git checkout`, a backup, an undo) is not recalled: every
// recall that fills a budget asks the tombstones of the units it shows.

const NOW = new Date("2026-12-06T12:00:00Z");

type Recall = (store: MemoryStore, query: string) => Promise<string>;

const SURFACES: Array<[string, Recall]> = [
  [
    "budgetedRecall (chat's budget strategy)",
    async (store, query) => (await budgetedRecall({ store, query })).note,
  ],
  [
    "recallForPrompt (the prompt hook)",
    async (store, query) => (await recallForPrompt({ store, query })).text,
  ],
  [
    "recallFiles budget strategy",
    async (store, query) =>
      (await recallFiles({ store, query, strategy: "budget", client: undefined as never })).note,
  ],
];

describe.each(["subject", "fact"] as const)(
  "recall after a forgotten fact came back, %s layout",
  (layout: StoreLayout) => {
    it.each(SURFACES)("%s leaves it out", async (_name, recall) => {
      const root = await mkdtemp(join(tmpdir(), "memfiles-recall-forgotten-"));
      const store = new MemoryStore({ root, layout });
      const path = layout === "fact" ? "dentist" : "people/dentist.md";
      await remember({ store, path, fact: "the dentist is Dr. Quillfeather in Lisbon", now: NOW });
      const other = layout === "fact" ? "gym" : "topics/gym.md";
      await remember({ store, path: other, fact: "trains at the Lisbon climbing gym", now: NOW });
      const file = join(root, layout === "fact" ? "dentist.md" : "people/dentist.md");
      const before = await readFile(file, "utf8");
      expect(await recall(store, "Lisbon dentist")).toContain("Quillfeather");
      await forget({ store, query: "Quillfeather", now: NOW });
      // The emptied file and its folder went; put back as a backup would.
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, before);
      const note = await recall(store, "Lisbon dentist");
      expect(note).not.toContain("Quillfeather");
      expect(note).toContain("climbing gym");
    });
  },
);

// A dotfiles manager or a sync tool may leave a link (or a folder) where the file was: it may hold
// tombstones, so recall refuses as it does a damaged file, rather than show what they hide.
it.each(["a link", "a folder"])("refuses when tombstones.json is %s", async (kind) => {
  const root = await mkdtemp(join(tmpdir(), "memfiles-recall-forgotten-"));
  const store = new MemoryStore({ root, layout: "fact" });
  await remember({ store, path: "gym", fact: "trains at the Lisbon climbing gym", now: NOW });
  await forget({ store, query: "climbing gym", now: NOW });
  await remember({ store, path: "diet", fact: "eats no meat", now: NOW });
  const file = join(root, ".memfiles/tombstones.json");
  await writeFile(
    join(root, "gym.md"),
    "---\nname: gym\ndescription: gym\ntype: user\n---\ntrains at the Lisbon climbing gym\n",
  );
  if (kind === "a link") {
    await rename(file, join(root, ".memfiles/real.json"));
    await symlink("real.json", file);
  } else {
    await rm(file);
    await mkdir(file);
  }
  await expect(recallForPrompt({ store, query: "climbing gym" })).rejects.toThrow(
    /tombstones\.json/,
  );
});

it("recalls as before when .memfiles is a plain file (no tombstone can be there)", async () => {
  const root = await mkdtemp(join(tmpdir(), "memfiles-recall-forgotten-"));
  const store = new MemoryStore({ root, layout: "fact" });
  await remember({ store, path: "gym", fact: "trains at the Lisbon climbing gym", now: NOW });
  await rm(join(root, ".memfiles"), { recursive: true, force: true });
  await writeFile(join(root, ".memfiles"), "not a folder\n");
  expect((await recallForPrompt({ store, query: "climbing gym" })).text).toContain("climbing gym");
});
