import { describe, expect, it } from "vitest";
import { filesOf, indexedAndWhole } from "../../../test/fixtures/indexed-and-whole.js";
import { createMemoryToolHandlers, MemoryToolError } from "../../memory-tool/index.js";
import { forgetOpenRecallIndexes } from "../../recall/index.js";
import { MemoryStore } from "../../store/index.js";
import { remember } from "../index.js";

// A new fact file is never made for a subject another file keeps: a fact-layout `remember` that
// makes a new file takes the new-file step's whole answer (`sameSubject`, `updating`), as the
// memory tool's `create` and the write pass do (decision 0114).
const NOW = new Date("2026-12-01T12:00:00Z");

function described(name: string, description: string, updated: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\ntype: user\nupdated: ${updated}\n---\n${body}\n`;
}

const FOLDER: Record<string, string> = {
  "pets.md": described(
    "pets",
    "Rex (the user's dog) and his habits.",
    "2026/09/01",
    "has a beagle",
  ),
  "cat.md": described("cat", "Tom (the user's cat).", "2026/09/01", "Tom weighs 4 kilograms"),
  // Updated after the write's day: a number update of its line conflicts with a newer fact.
  "bird.md": described("bird", "Kiwi (the user's parrot).", "2026/12/20", "Kiwi weighs 90 grams"),
};

type Surface = "remember" | "memory tool create";
type Outcome = { code: string; path: string };

type Case = { name: string; surface: Surface; path: string; fact: string; outcome: Outcome };

const CASES: Case[] = [
  {
    name: "a new file whose subject a file keeps",
    surface: "remember",
    path: "notes/rex.md",
    fact: "Rex sleeps in the hall",
    outcome: { code: "same_subject", path: "pets.md" },
  },
  {
    name: "a new file whose subject a file keeps",
    surface: "memory tool create",
    path: "rex.md",
    fact: "Rex sleeps in the hall",
    outcome: { code: "same_subject", path: "pets.md" },
  },
  {
    name: "a number the subject's file holds",
    surface: "remember",
    path: "notes/tom.md",
    fact: "Tom weighs 5 kilograms",
    outcome: { code: "applied", path: "cat.md" },
  },
  {
    name: "a number the subject's file holds",
    surface: "memory tool create",
    path: "tom.md",
    fact: "Tom weighs 5 kilograms",
    outcome: { code: "same_subject", path: "cat.md" },
  },
  {
    name: "a number the subject's file states later",
    surface: "remember",
    path: "notes/kiwi.md",
    fact: "Kiwi weighs 95 grams",
    outcome: { code: "conflicts_with", path: "bird.md" },
  },
  {
    name: "a number the subject's file states later",
    surface: "memory tool create",
    path: "kiwi.md",
    fact: "Kiwi weighs 95 grams",
    outcome: { code: "same_subject", path: "bird.md" },
  },
];

// The write's code and the file it names (refused) or wrote (applied).
async function write(store: MemoryStore, row: Case): Promise<Outcome> {
  if (row.surface === "remember") {
    const result = await remember({ store, path: row.path, fact: row.fact, now: NOW });
    if (result.ok) return { code: result.code, path: result.path };
    const named = Object.keys(FOLDER).find((path) => result.message.includes(path)) ?? "";
    return { code: result.code, path: named };
  }
  const handlers = createMemoryToolHandlers({ store, now: NOW });
  try {
    await handlers.create({
      command: "create",
      path: `/memories/${row.path}`,
      file_text: `${row.fact}\n`,
    });
    return { code: "applied", path: row.path };
  } catch (error) {
    if (!(error instanceof MemoryToolError)) throw error;
    const named = Object.keys(FOLDER).find((path) => error.message.includes(path)) ?? "";
    return { code: error.code ?? "", path: named };
  }
}

describe("a new fact file for a subject another file keeps", () => {
  it.each(CASES.map((row) => ({ ...row, label: `${row.surface}: ${row.name}` })))(
    "$label",
    async (row) => {
      const { indexed, whole } = await indexedAndWhole({
        files: FOLDER,
        later: {},
        layout: "fact",
      });
      for (const root of [indexed, whole]) {
        forgetOpenRecallIndexes();
        const store = new MemoryStore({ root, layout: "fact" });
        const before = await filesOf(root);
        expect(await write(store, row)).toEqual(row.outcome);
        const { "MEMORY.md": _after, ...after } = await filesOf(root);
        const { "MEMORY.md": _before, ...kept } = before;
        // Refused: nothing written. Applied: the subject's file holds the fact, no file made.
        if (row.outcome.code !== "applied") expect(after).toEqual(kept);
        else {
          expect(Object.keys(after).sort()).toEqual(Object.keys(kept).sort());
          expect(after[row.outcome.path]).toContain(row.fact);
        }
      }
    },
  );
});
