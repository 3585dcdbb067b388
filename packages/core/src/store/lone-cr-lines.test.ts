import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { searchShown } from "../guards/search-shown.js";
import { remember } from "../layouts/index.js";
import { createMemoryToolHandlers } from "../memory-tool/index.js";
import { rankRecallUnits } from "../recall/budgeted-recall.js";
import { MemoryStore } from "./index.js";

// A lone CR is a line end wherever a file is split into lines (decision 0126): a file a person
// saved with CR ends on some lines and LF on others reads as one line a fact, each with its date,
// on every reader; a write keeps the CRs of the lines it does not touch.
const NOW = new Date("2026-12-08T12:00:00Z");
const HEAD = "---\nname: odd\ndescription: odd things\nupdated: 2026/12/07\n---\n";
const BODY =
  "[stated 2026/12/01] keeps a kayak named Zephyrine\r" +
  "[stated 2026/12/02] \u2022 owns a tortoise called Quillbert\r" +
  "1. [stated 2026/12/03] visits Ljubljana every spring\n";
const FACTS = [
  { word: "Zephyrine", date: "2026/12/01" },
  { word: "Quillbert", date: "2026/12/02" },
  { word: "Ljubljana", date: "2026/12/03" },
];

async function oddStore(): Promise<MemoryStore> {
  const store = await tempStore("subject");
  await store.write("profile.md", `${HEAD}[stated 2026/12/01] lives in Graz\n`, "new");
  await mkdir(join(store.root, "topics"));
  await writeFile(join(store.root, "topics/odd.md"), HEAD + BODY);
  return store;
}

// Each reader: what it shows of the file for one word (a line, or a unit with its date).
const READERS: Record<string, (store: MemoryStore, word: string) => Promise<string>> = {
  "read (show)": async (store, word) => {
    const read = await store.read("topics/odd.md");
    const content = read.exists ? read.content : "";
    return content.split("\n").find((line) => line.includes(word)) ?? "";
  },
  search: async (store, word) => {
    const { rows, files } = await store.readAll();
    const searched = rows.flatMap((row) => {
      const read = files.get(row.path);
      return read?.exists
        ? [{ path: row.path, description: row.description, content: read.content }]
        : [];
    });
    const matches = await searchShown(searched, [word]);
    return matches.map((match) => match.text).join(" | ");
  },
  "memory tool view": async (store, word) => {
    const handlers = createMemoryToolHandlers({ store, now: NOW });
    const shown = await handlers.view({ command: "view", path: "/memories/topics/odd.md" });
    return (
      String(shown)
        .split("\n")
        .find((line) => line.includes(word)) ?? ""
    );
  },
  "recall units": async (store, word) => {
    const units = await rankRecallUnits({ store, query: word });
    const unit = units.find((candidate) => candidate.text.includes(word));
    return `[stated ${unit?.date}] ${unit?.text}`;
  },
  // A new process over the same folder: the units as the stored recall index holds them.
  "recall index, stored": async (store, word) => {
    await rankRecallUnits({ store, query: word });
    const cold = new MemoryStore({ root: store.root, layout: "subject" });
    const units = await rankRecallUnits({ store: cold, query: word });
    const unit = units.find((candidate) => candidate.text.includes(word));
    return `[stated ${unit?.date}] ${unit?.text}`;
  },
};

describe.each(Object.entries(READERS))("%s of a file with lone CR line ends", (_name, reader) => {
  it("shows each fact on a line of its own, with its own date", async () => {
    const store = await oddStore();
    const shown: Record<string, { own: boolean; date: boolean; others: string[] }> = {};
    for (const { word, date } of FACTS) {
      const text = await reader(store, word);
      shown[word] = {
        own: text.includes(word),
        date: text.includes(date),
        others: FACTS.filter((other) => other.word !== word && text.includes(other.word)).map(
          (other) => other.word,
        ),
      };
    }
    expect(shown).toEqual(
      Object.fromEntries(FACTS.map(({ word }) => [word, { own: true, date: true, others: [] }])),
    );
  });
});

// The bytes of every line a write does not touch stay as the person saved them; a line the write
// adds ends in LF, as the text memfiles writes.
const WRITES: Record<string, { write: (store: MemoryStore) => Promise<void>; kept: string }> = {
  "remember adds a line": {
    write: async (store) => {
      const result = await remember({
        store,
        path: "topics/odd.md",
        fact: "likes green tea",
        now: NOW,
      });
      if (!result.ok) throw new Error(result.message);
    },
    kept: BODY,
  },
  "the memory tool replaces the last line": {
    write: async (store) => {
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      await handlers.str_replace({
        command: "str_replace",
        path: "/memories/topics/odd.md",
        old_str: "visits Ljubljana every spring",
        new_str: "visits Ljubljana every autumn",
      });
    },
    kept:
      "[stated 2026/12/01] keeps a kayak named Zephyrine\r" +
      "[stated 2026/12/02] \u2022 owns a tortoise called Quillbert\r",
  },
};

describe.each(Object.entries(WRITES))(
  "%s in a file with lone CR line ends",
  (_name, { write, kept }) => {
    it("keeps the bytes of the lines it does not touch", async () => {
      const store = await oddStore();
      await write(store);
      const bytes = await readFile(join(store.root, "topics/odd.md"), "utf8");
      const body = bytes.slice(bytes.indexOf("---\n", 4) + 4);
      expect({
        kept: body.startsWith(kept),
        loneCrs: body.match(/\r(?!\n)/g)?.length ?? 0,
      }).toEqual({
        kept: true,
        loneCrs: 2,
      });
    });
  },
);
