import { expect } from "vitest";
import { forgetOpenRecallIndexes } from "../src/recall/index.js";
import { MemoryStore } from "../src/store/index.js";
import { filesOf, indexedAndWhole } from "./fixtures/indexed-and-whole.js";
import { factFile } from "./recall-writes.js";
import { writePassSession } from "./write-pass-save.js";

/**
 * One write of a surface that makes a new fact file and picks its name: `fact` under the name
 * `name` (a write-pass proposal), or into the new file `path` names (a `remember`), on `store`.
 * Resolves to the refusal's message when the surface refuses the write, else `undefined`.
 */
export type NewFileWrite = (
  store: MemoryStore,
  write: { path: string; name: string; fact: string; said: string },
) => Promise<string | undefined>;

// Over 16 times the 12,000-char cap: listed with a problem, never read, no row of the recall index.
const tooLarge = (name: string) => factFile(name, `The user's ${name}.`, "x".repeat(200_000));

/** A row of the table: the folder, files a person saves after the index was stored, the write. */
export type NewFileCase = {
  name: string;
  memory: Readonly<Record<string, string>>;
  later: Readonly<Record<string, string>>;
  write: { path: string; name: string; fact: string; said: string };
  /** The new file the write makes. */
  lands: string;
  /**
   * A file too large to edit whose listed row has the name (a file never read is named by its
   * path's stem): a surface that lists every row (no stored index, or one that does not narrow)
   * refuses the write as that file's; one that takes the rows from the index lands it at `lands`
   * (decision 0103's known limit).
   */
  listedRefusal?: string;
};

const CHESS = {
  path: "notes/chess.md",
  name: "chess",
  fact: "plays chess on Sundays",
  said: "I play chess on Sundays.",
};

/**
 * The rows of the new-file table (decision 0114), fact layout (the one layout whose writes pick a
 * new file's name, `<slug>.md`, else `<slug>-2.md`, ...): the slug's path is held by a file the
 * recall index has no row for, or by one a person saved after it was stored. The write takes the
 * next free path, as it does when every file is listed.
 */
export const NEW_FILE_CASES: readonly NewFileCase[] = [
  {
    name: "the slug a file too large to index holds",
    memory: {
      "chess.md": tooLarge("board games"),
      "editor.md": factFile("editor", "x", "uses Neovim"),
    },
    later: {},
    write: CHESS,
    lands: "chess-2.md",
    listedRefusal: "chess.md",
  },
  {
    name: "two slugs files too large to index hold",
    memory: { "chess.md": tooLarge("board games"), "chess-2.md": tooLarge("card games") },
    later: {},
    write: CHESS,
    lands: "chess-3.md",
    listedRefusal: "chess.md",
  },
  {
    name: "the slug a file a person saved after the index holds",
    memory: { "editor.md": factFile("editor", "x", "uses Neovim") },
    later: { "chess.md": factFile("board games", "The user's board games.", "owns a wooden set") },
    write: CHESS,
    lands: "chess-2.md",
  },
];

/**
 * The write-pass input a surface's `propose` gets for a row's write: the session the fact was said
 * in (dated 2026-12-01) and one `save` proposal of it under the name `name`.
 *
 * @param write - A row's write (`name`, `fact`, `said`).
 * @returns `{ transcript, proposals }`, as the library's `propose.apply` and the MCP `propose` tool take them.
 * @example layoutOf(store).propose.apply({ store, ...newFileSession(row.write), now });
 */
export function newFileSession(write: Pick<NewFileCase["write"], "name" | "fact" | "said">) {
  return writePassSession("fact", write);
}

/**
 * Every row of {@link NEW_FILE_CASES} on every surface, for `describe.each`.
 *
 * @param surfaces - Each surface's write, by the name the table prints.
 * @returns `{ surface, write, row, name }` a row and surface.
 * @example describe.each(newFileRows(SURFACES))("$surface, $name", ({ write, row }) => …);
 */
export function newFileRows(surfaces: Readonly<Record<string, NewFileWrite>>) {
  return Object.entries(surfaces).flatMap(([surface, write]) =>
    NEW_FILE_CASES.map((row) => ({ surface, write, row, name: row.name })),
  );
}

/**
 * Runs one row through a surface's write twice, on the folder with a stored recall index and on
 * the same folder without one, and checks each: the fact is in the new file `lands`, or, for a
 * row with `listedRefusal` on a surface that listed every row, the write is refused as that
 * file's (too large to edit) and nothing is made; either way every file that was there is byte
 * for byte as it was, and no other file was made.
 *
 * @param write - The surface's write.
 * @param row - A row of {@link NEW_FILE_CASES}.
 * @returns Resolves when the checks pass.
 * @throws {Error} (an assertion) when the write did not land there and was not so refused.
 * @example await expectNewFileWrite(libraryRemember, NEW_FILE_CASES[0]);
 */
export async function expectNewFileWrite(write: NewFileWrite, row: NewFileCase): Promise<void> {
  const { indexed, whole } = await indexedAndWhole({
    files: row.memory,
    later: row.later,
    layout: "fact",
  });
  // MEMORY.md lists the new file: the store's own rendering, not a file the write chose.
  const memoryFiles = async (root: string) => {
    const { "MEMORY.md": _index, ...files } = await filesOf(root);
    return files;
  };
  const before = await memoryFiles(whole);
  for (const root of [indexed, whole]) {
    forgetOpenRecallIndexes();
    const refusal = await write(new MemoryStore({ root, layout: "fact" }), row.write);
    const after = await memoryFiles(root);
    const changed = Object.keys(before).filter((path) => after[path] !== before[path]);
    const made = Object.keys(after).filter((path) => before[path] === undefined);
    const listed = `${row.listedRefusal} cannot be edited without loss`;
    if (refusal !== undefined && row.listedRefusal !== undefined && refusal.includes(listed)) {
      expect({ made, changed }).toEqual({ made: [], changed: [] });
      continue;
    }
    expect({
      refusal,
      made,
      holdsFact: after[row.lands]?.includes(row.write.fact),
      changed,
    }).toEqual({ refusal: undefined, made: [row.lands], holdsFact: true, changed: [] });
  }
}
