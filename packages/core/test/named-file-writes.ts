import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import type { MemoryStore, StoreLayout } from "../src/store/index.js";
import { factFile, subjectFile } from "./recall-writes.js";
import { tempStore } from "./temp-store.js";

/**
 * One write of a surface: `fact` into the file `path` names (a memory path), or, with `path`
 * `null`, a write-pass proposal that names no file; `said` is the user's words it comes from.
 */
export type NamedFileWrite = (
  store: MemoryStore,
  write: { path: string | null; fact: string; said: string },
) => Promise<void>;

// Two facts whose lines hold only a number and generic words: their subject is their file's name.
const MEMORY: Record<StoreLayout, Record<string, string>> = {
  fact: {
    "car-insurance.md": factFile(
      "car insurance",
      "The user's car insurance.",
      "pays 600 EUR per year",
    ),
    "health.md": factFile(
      "health",
      "The user's health.",
      "takes 50 mg of sertraline every morning",
    ),
  },
  subject: {
    "topics/car-insurance.md": subjectFile("car insurance", "The user's car insurance.", [
      "[stated 2026/09/01] pays 600 EUR per year",
    ]),
    "profile.md": subjectFile("profile", "Who the user is.", [
      "[stated 2026/09/01] takes 50 mg of sertraline every morning",
    ]),
  },
};

/** A row of the table: what is written, where it must land, the stored line it replaces. */
export type NamedFileCase = {
  name: string;
  layout: StoreLayout;
  path: string | null;
  fact: string;
  said: string;
  lands: string;
  replaced: string | null;
};

const NEW_FILE = { fact: "bike-insurance.md", subject: "topics/bike-insurance.md" } as const;
const CAR = { fact: "car-insurance.md", subject: "topics/car-insurance.md" } as const;

/**
 * The rows of the named-file table (decision 0083), both layouts: a new file named gets the fact
 * and no other file's number changes; an existing file named has its line updated by value; no
 * file named (a write-pass proposal only) updates the line of the memory it changes by value.
 */
export const NAMED_FILE_CASES: readonly NamedFileCase[] = (["fact", "subject"] as const).flatMap(
  (layout) => [
    {
      name: "a new file named",
      layout,
      path: NEW_FILE[layout],
      fact: "pays 80 EUR per year",
      said: "My bike insurance is 80 EUR per year.",
      lands: NEW_FILE[layout],
      replaced: null,
    },
    {
      name: "an existing file named",
      layout,
      path: CAR[layout],
      fact: "pays 650 EUR per year",
      said: "My car insurance went up to 650 EUR per year.",
      lands: CAR[layout],
      replaced: "pays 600 EUR per year",
    },
    ...(layout === "fact"
      ? [
          {
            name: "no file named",
            layout,
            path: null,
            fact: "takes 100 mg of sertraline every morning",
            said: "I now take 100 mg of sertraline every morning.",
            lands: "health.md",
            replaced: "takes 50 mg of sertraline every morning",
          },
        ]
      : []),
  ],
);

/**
 * Runs one row through a surface's write on a fresh memory and checks where the fact landed: the
 * landing file holds it (and no longer the replaced line), every other file is byte for byte as
 * it was, no other file was made.
 *
 * @param write - The surface's write.
 * @param row - A row of {@link NAMED_FILE_CASES}.
 * @returns Resolves when the checks pass.
 * @throws {Error} (an assertion) when the fact landed elsewhere or another file changed.
 * @example await expectNamedFileLanding(libraryRemember, NAMED_FILE_CASES[0]);
 */
export async function expectNamedFileLanding(
  write: NamedFileWrite,
  row: NamedFileCase,
): Promise<void> {
  const store = await tempStore(row.layout);
  for (const [path, content] of Object.entries(MEMORY[row.layout])) {
    const written = await store.write(path, content, "new");
    if (!written.ok) throw new Error(`the table's memory: ${written.message}`);
  }
  await write(store, { path: row.path, fact: row.fact, said: row.said });
  const rows = await store.list();
  const texts = new Map<string, string>();
  for (const { path } of rows) texts.set(path, await readFile(join(store.root, path), "utf8"));
  const landed = texts.get(row.lands) ?? "";
  expect({
    files: [...texts.keys()].sort(),
    changed: Object.entries(MEMORY[row.layout])
      .filter(([path, before]) => path !== row.lands && texts.get(path) !== before)
      .map(([path]) => path),
    holdsFact: landed.includes(row.fact),
    holdsReplaced: row.replaced === null ? null : landed.includes(row.replaced),
  }).toEqual({
    files: [...new Set([...Object.keys(MEMORY[row.layout]), row.lands])].sort(),
    changed: [],
    holdsFact: true,
    holdsReplaced: row.replaced === null ? null : false,
  });
}
