import { expect } from "vitest";
import type { MemoryStore } from "../src/store/index.js";
import { factFile } from "./recall-writes.js";

/**
 * One write of a surface into the fact layout: `fact` into the file `path` names. Resolves to the
 * surface's answer as a code (`applied`, else the refusal's code, e.g. `same_subject`) and the
 * text it shows (the refusal's message), never throwing for a refusal.
 */
export type FactSubjectWrite = (
  store: MemoryStore,
  write: { path: string; fact: string },
) => Promise<{ code: string; message: string }>;

// The fact a person remembered first, with the description `remember` wrote from it.
const MEMORY: Record<string, string> = {
  "dog.md": factFile(
    "dog",
    "my dog is named Rex. Read when this matters to the answer.",
    "my dog is named Rex",
  ),
};

/** A row of the table: the write, whether it makes a new file, and what must come of it. */
export type FactSubjectCase = {
  name: string;
  path: string;
  fact: string;
  /** The named file does not exist: a surface that only edits files (no create) skips the row. */
  creates: boolean;
  /** `applied`, or the refusal's code. */
  code: string;
  /** A path the refusal's message names (the file keeping the subject), when refused. */
  names?: string;
  /** The text of the fact the write must leave out of every file (replaced), if any. */
  gone?: string;
};

/**
 * The rows of the same-subject table for a named path in the fact layout (decision 0126): a new
 * file whose fact updates another file's, whose name it says, is refused `same_subject` naming
 * that file; the named file's own fact is replaced by its update (the layout's rule for an
 * updated fact, 0068), not kept beside it; a new file of another subject is made.
 */
export const FACT_SUBJECT_CASES: readonly FactSubjectCase[] = [
  {
    name: "a new named file whose fact updates another file's",
    path: "pets.md",
    fact: "my dog is named Bruno",
    creates: true,
    code: "same_subject",
    names: "dog.md",
  },
  {
    name: "the named file's fact updated",
    path: "dog.md",
    fact: "my dog is named Bruno",
    creates: false,
    code: "applied",
    gone: "Rex",
  },
  {
    name: "a new named file of another subject",
    path: "cat.md",
    fact: "my cat is named Tom",
    creates: true,
    code: "applied",
  },
];

/**
 * Runs one row through a surface's write on `store` (empty, fact layout) holding the table's
 * memory, and checks the answer and the files: a refusal names the file keeping the subject and
 * leaves every file as it was, no file made; an applied write puts the fact in the named file,
 * no longer holding the replaced one, and leaves every other file as it was.
 *
 * @param store - An empty fact-layout store (a folder, or a database tenant).
 * @param write - The surface's write.
 * @param row - A row of {@link FACT_SUBJECT_CASES}.
 * @returns Resolves when the checks pass.
 * @throws {Error} (an assertion) when the answer or a file is not as the row says.
 * @example await expectFactSubjectWrite(await tempStore("fact"), libraryRemember, FACT_SUBJECT_CASES[0]);
 */
export async function expectFactSubjectWrite(
  store: MemoryStore,
  write: FactSubjectWrite,
  row: FactSubjectCase,
): Promise<void> {
  for (const [path, content] of Object.entries(MEMORY)) {
    const written = await store.write(path, content, "new");
    if (!written.ok) throw new Error(`the table's memory: ${written.message}`);
  }
  const answer = await write(store, { path: row.path, fact: row.fact });
  const texts = new Map<string, string>();
  for (const { path } of await store.list()) {
    const read = await store.read(path);
    if (read.exists) texts.set(path, read.content);
  }
  const applied = row.code === "applied";
  const named = texts.get(row.path) ?? "";
  expect({
    code: answer.code,
    namesFile: row.names === undefined ? null : answer.message.includes(row.names),
    files: [...texts.keys()].filter((path) => path.endsWith(".md") && path !== "MEMORY.md").sort(),
    changed: Object.entries(MEMORY)
      .filter(
        ([path, before]) => (applied ? path !== row.path : true) && texts.get(path) !== before,
      )
      .map(([path]) => path),
    holdsFact: applied ? named.includes(row.fact) : null,
    holdsGone: row.gone === undefined ? null : named.includes(row.gone),
  }).toEqual({
    code: row.code,
    namesFile: row.names === undefined ? null : true,
    files: [...new Set([...Object.keys(MEMORY), ...(applied ? [row.path] : [])])].sort(),
    changed: [],
    holdsFact: applied ? true : null,
    holdsGone: row.gone === undefined ? null : false,
  });
}
