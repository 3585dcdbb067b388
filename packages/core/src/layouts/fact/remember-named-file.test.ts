import { describe, expect, it } from "vitest";
import { filesOf, indexedAndWhole } from "../../../test/fixtures/indexed-and-whole.js";
import { boundaryStore } from "../../boundary/index.js";
import { forgetOpenRecallIndexes } from "../../recall/index.js";
import { MemoryStore } from "../../store/index.js";
import { remember } from "../index.js";

const NOW = new Date("2026-12-01T12:00:00Z");

function factFile(name: string, body: string, scope?: string): string {
  const scoped = scope === undefined ? "" : `scope: ${scope}\n`;
  return `---\nname: ${name}\ndescription: "The user's ${name}."\ntype: user\n${scoped}updated: 2026/09/01\n---\n${body}\n`;
}

function described(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\ntype: user\nupdated: 2026/09/01\n---\n${body}\n`;
}

// A fact folder whose files each write kind can name.
const FOLDER: Record<string, string> = {
  "deploy-host.md": factFile("deploy host", "Deploys on Fly.io"),
  "medication.md": factFile("medication", "takes 50 mg of sertraline every morning"),
  "editor.md": factFile("editor", "uses Neovim as the main editor"),
  "garden.md": factFile("garden", "grows tomatoes on the balcony"),
  "reading-log.md": factFile("reading log", "reads one novel a month"),
  "billing-notes.md": factFile("billing notes", "invoices go out on the first", "billing"),
  "other-notes.md": factFile("other notes", "the other team ships on Fridays", "other"),
  "projects/atlas.md": factFile("atlas", "Atlas ships in March"),
  // Both keep the subject "Rex" by their description; the first in the listing's order is the
  // one the same-subject rule chooses, and the second holds a line a fact about Rex updates.
  "pets.md": described("pets", "Rex (the user's dog) and his habits.", "has a beagle"),
  "vet.md": described("vet", "Rex, at the vet.", "Rex weighs 10 kilograms"),
  // Hold the paths a new file named "tennis" would take, under other names.
  "tennis.md": factFile("racket sports", "owns two rackets"),
  "tennis-2.md": factFile("squash", "owns a squash racket"),
  // Over 16 times the 12,000-char cap: listed with a problem, never read, not indexed.
  "huge.md": factFile("huge", "x".repeat(200_000)),
};

// Changed by a person after the recall index was stored: only an index brought up to the files'
// stamps knows them.
const LATER: Record<string, string | null> = {
  "dog.md": factFile("dog", "walks the dog at seven"),
  "editor.md": factFile(
    "editor",
    "uses Neovim as the main editor\npays for the Hetzner box yearly",
  ),
  "garden.md": null,
  "reading-log.md": factFile("reading log", "reads one novel a month\n".repeat(10_000)),
};

type Surface = "store" | "mcp" | "project";

type Case = {
  name: string;
  path: string;
  fact: string;
  replaces?: string;
  /** The surfaces on which the recall index answers it (else every header is listed). */
  indexed: readonly Surface[];
};

const ALL: readonly Surface[] = ["store", "mcp", "project"];

const CASES: Case[] = [
  { name: "a line added to the named file", path: "editor.md", fact: "uses Helix", indexed: ALL },
  {
    name: "a duplicate of the named file's line",
    path: "deploy-host.md",
    fact: "deploys on fly.io",
    indexed: ALL,
  },
  {
    name: "a number update of the named file",
    path: "medication.md",
    fact: "takes 100 mg of sertraline every morning",
    indexed: ALL,
  },
  {
    name: "replaces a line of the named file",
    path: "editor.md",
    fact: "uses Helix as the main editor",
    replaces: "uses Neovim as the main editor",
    indexed: ALL,
  },
  {
    name: "replaces no line of the named file",
    path: "editor.md",
    fact: "uses Helix",
    replaces: "uses Emacs daily",
    indexed: ALL,
  },
  {
    name: "a file a person added later",
    path: "dog.md",
    fact: "feeds the dog at six",
    indexed: ALL,
  },
  {
    name: "a line a person added later, duplicated",
    path: "editor.md",
    fact: "pays for the Hetzner box yearly",
    indexed: ALL,
  },
  {
    name: "a file a person deleted later",
    path: "garden.md",
    fact: "grows basil on the balcony",
    indexed: ALL,
  },
  { name: "a path without .md", path: "editor", fact: "uses Helix", indexed: ALL },
  { name: "the name in another case", path: "Editor.md", fact: "uses Helix", indexed: [] },
  { name: "a new file", path: "chess.md", fact: "plays chess on Sundays", indexed: ALL },
  {
    name: "a new file with another file's fact",
    path: "hosting.md",
    fact: "Deploys on Fly.io",
    indexed: ALL,
  },
  {
    name: "a new file with the fact of a file a person added later",
    path: "evening.md",
    fact: "walks the dog at seven",
    indexed: ALL,
  },
  {
    name: "a new file with the fact of a line a person added later",
    path: "hosting.md",
    fact: "pays for the Hetzner box yearly",
    indexed: ALL,
  },
  {
    name: "a new file whose subject a description keeps",
    path: "notes/rex.md",
    fact: "Rex weighs 12 kilograms",
    indexed: ALL,
  },
  {
    name: "a new file whose path another file has",
    path: "notes/tennis.md",
    fact: "plays tennis on Tuesdays",
    indexed: ALL,
  },
  {
    name: "a new file named by the fact",
    path: "-.md",
    fact: "plays tennis on Tuesdays",
    indexed: [],
  },
  {
    name: "a file of the project's scope",
    path: "billing-notes.md",
    fact: "invoices are in euros",
    indexed: ALL,
  },
  {
    name: "a file of another project's scope",
    path: "other-notes.md",
    fact: "the other team uses Linear",
    indexed: ALL,
  },
  {
    name: "a file in a folder",
    path: "projects/atlas.md",
    fact: "Atlas has a staging site",
    indexed: ALL,
  },
  { name: "a file too large to read", path: "huge.md", fact: "keeps it short", indexed: [] },
  {
    name: "a file a person made too large later",
    path: "reading-log.md",
    fact: "reads poetry on Sundays",
    indexed: [],
  },
];

// Counts the listings of every file (`list()` of a fresh store parses every header).
class WholeReadCount extends MemoryStore {
  wholeReads = 0;
  override list() {
    this.wholeReads += 1;
    return super.list();
  }
  override readAll() {
    this.wholeReads += 1;
    return super.readAll();
  }
}

// The library and the CLI pass the store itself; the MCP server passes its boundary view.
const VIEWS: Record<Surface, (store: MemoryStore) => MemoryStore> = {
  store: (store) => store,
  mcp: (store) => boundaryStore(store, { allProjects: true }) as never,
  project: (store) => boundaryStore(store, { project: "billing" }) as never,
};

describe("a fact-layout remember reads the files the recall index names", () => {
  it.each(
    (Object.keys(VIEWS) as Surface[]).flatMap((surface) =>
      CASES.map((row) => ({ ...row, surface, label: `${surface}: ${row.name}` })),
    ),
  )("$label", async ({ path, fact, replaces, indexed, surface }) => {
    const { indexed: withIndex, whole } = await indexedAndWhole({
      files: FOLDER,
      later: LATER,
      layout: "fact",
    });
    const outcome = async (root: string) => {
      forgetOpenRecallIndexes();
      const store = new WholeReadCount({ root, layout: "fact" });
      const result = await remember({
        store: VIEWS[surface](store),
        path,
        fact,
        ...(replaces === undefined ? {} : { replaces }),
        now: NOW,
      });
      return { result, files: await filesOf(root), wholeReads: store.wholeReads };
    };
    const fromIndex = await outcome(withIndex);
    const fromWholeRead = await outcome(whole);
    expect(fromIndex.result).toEqual(fromWholeRead.result);
    expect(fromIndex.files).toEqual(fromWholeRead.files);
    // Without a stored index every header is listed; with one, the file named is read alone, or
    // for a new file the files the index names (decision 0103).
    expect(fromWholeRead.wholeReads).toBeGreaterThan(0);
    expect(fromIndex.wholeReads === 0).toBe(indexed.includes(surface));
  });
});
