import { forgottenItems, type ShownLayout } from "../guards/forgotten-items.js";
import {
  type ForgottenMatch,
  readTombstonesLeniently,
  TOMBSTONES_FILE,
  type TombstoneProblem,
} from "../guards/tombstones.js";
import { MEMORY_INDEX_FILE, type MemoryStore } from "../store/index.js";
import { readTombstones, TombstoneIndex } from "../write/index.js";
import { indexHandLines } from "../write/tombstone-kept.js";
import { layoutOf } from "./layout-of.js";

export { indexHandLines } from "../write/tombstone-kept.js";

/** A stored line a tombstone matches: forgotten, yet in the file (a hand edit, an undo, a copy). */
export type ForgottenLine = {
  path: string;
  /**
   * 1-based line number in the file: a subject line, a `name:` or `description:` line, a fact
   * file's fact (its first line), or the body's first line when the forgotten words span its facts.
   */
  line: number;
  /** The date of the tombstone that matches it, `YYYY/MM/DD`. */
  forgotten: string;
  /** Which tombstone rule matched (see `findForgotten`). */
  rule: ForgottenMatch["rule"];
};

// A file's items asked of the tombstone index by the one walk every surface takes
// (`forgottenItems`), with the day each was stated when the file is in memory (`stored`), as a
// proposal when it is about to come in.
function forgottenIn(
  index: TombstoneIndex,
  layout: ShownLayout,
  path: string,
  content: string,
  stored: boolean,
): Array<ForgottenLine & { lines: number[]; field: boolean }> {
  return forgottenItems(content, layout, (text, stated, field) =>
    index.find(text, stored ? stated : undefined, field),
  ).map((item) => ({
    path,
    line: item.lines[0] ?? 1,
    forgotten: item.match.date,
    rule: item.match.rule,
    lines: item.lines,
    field: item.field !== undefined,
  }));
}

// The one rule for `MEMORY.md`: its hand-written lines asked of the tombstone index.
function forgottenInIndex(
  index: TombstoneIndex,
  text: string,
): Array<ForgottenLine & { text: string }> {
  const found: Array<ForgottenLine & { text: string }> = [];
  for (const hand of indexHandLines(text)) {
    const match = index.find(hand.fact);
    if (match) {
      found.push({
        path: MEMORY_INDEX_FILE,
        line: hand.line,
        forgotten: match.date,
        rule: match.rule,
        text: hand.text,
      });
    }
  }
  return found;
}

/**
 * The lines of a `MEMORY.md` text, written by hand (not links), that a tombstone matches, by the
 * rule `findForgottenLines` applies to every memory line (`findForgotten`): Claude Code loads that
 * file into every session, so a forgotten fact typed there is back in memory.
 *
 * @param store - The memory (`readInternal`).
 * @param text - A `MEMORY.md` text (stored, or as an edit would leave it).
 * @returns The lines (`path` is `MEMORY.md`, `text` the line as written), in order; empty when none.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await findForgottenIndexLines(store, "# Memory\n- banks with Monzo\n")
 */
export async function findForgottenIndexLines(
  store: Pick<MemoryStore, "readInternal">,
  text: string,
): Promise<Array<ForgottenLine & { text: string }>> {
  const tombstones = await readTombstones(store);
  if (tombstones.length === 0) return [];
  return forgottenInIndex(new TombstoneIndex(tombstones), text);
}

/**
 * Every stored line that a tombstone matches, by the walk every surface that shows a file to a
 * model takes (`forgottenItems`: a subject line, a fact of a fact file or its whole body, a
 * `name:` or `description:`), and every hand-written line of `MEMORY.md`: the user asked to
 * forget it, and it is in memory all the same. Reported by `memfiles check` and the memory page;
 * the text itself is not repeated (it is in the file).
 *
 * A damaged tombstone file is read as far as it goes (`readTombstonesLeniently`): the lines the
 * tombstones it could read match are named, and {@link findTombstoneProblems} says what it could
 * not read.
 *
 * @param store - The memory (`list`, `read`, `readInternal`, `layout`).
 * @returns The lines, in file order; empty when none.
 * @example await findForgottenLines(store) // [{ path: "profile.md", line: 6, forgotten: "2026/11/19", rule: "same_fact" }]
 */
export async function findForgottenLines(
  store: Pick<MemoryStore, "list" | "read" | "readInternal" | "layout"> &
    Partial<Pick<MemoryStore, "readIndex">>,
): Promise<ForgottenLine[]> {
  const { tombstones } = await readTombstonesLeniently(store);
  if (tombstones.length === 0) return [];
  const layout = layoutOf(store).items.walk;
  const index = new TombstoneIndex(tombstones);
  const found: ForgottenLine[] = [];
  for (const row of await store.list()) {
    const file = await store.read(row.path);
    if (!file.exists || file.notText !== undefined) continue;
    const lines = forgottenIn(index, layout, row.path, file.content, true);
    found.push(...lines.map(({ lines: _, field: __, ...line }) => line));
  }
  const memoryIndex = await store.readIndex?.();
  if (memoryIndex?.exists === true) {
    found.push(...forgottenInIndex(index, memoryIndex.content).map(({ text: _, ...line }) => line));
  }
  return found;
}

/** A problem of `.memfiles/tombstones.json` as `check` and the memory page report it. */
export type TombstoneFileProblem = TombstoneProblem & {
  /** The file, relative to the memory folder: `.memfiles/tombstones.json`. */
  path: string;
};

/**
 * What `.memfiles/tombstones.json` holds that cannot be read (broken JSON, a wrong shape, a hash or
 * a date that is not one), each with its line: `check` and the memory page report each as
 * `tombstones_unreadable` instead of failing, while every surface that shows memory to a model and
 * every write refuse the file (`TombstoneFileError`, decision 0107).
 *
 * @param store - The memory (`readInternal`).
 * @returns The problems, in file order; empty for a sound or missing file.
 * @example await findTombstoneProblems(store) // [{ path: ".memfiles/tombstones.json", line: 3, entry: 1, problem: "its date 7 is not YYYY/MM/DD" }]
 */
export async function findTombstoneProblems(
  store: Pick<MemoryStore, "readInternal">,
): Promise<TombstoneFileProblem[]> {
  const { problems } = await readTombstonesLeniently(store);
  return problems.map((problem) => ({ path: `.memfiles/${TOMBSTONES_FILE}`, ...problem }));
}

/** One file of {@link dropForgottenLines}: its text to write, or `undefined` when none is left. */
export type KeptFile = { path: string; content: string | undefined; dropped: ForgottenLine[] };

/**
 * Files about to be written from outside the write pipeline (an import) without the lines a
 * tombstone matches, by the same walk as `findForgottenLines` (as a proposal: no stated day):
 * each matching line is taken out (its line break with it), a fact file's fact with its
 * continuation lines; the header is kept whole; a file left with no item (every line matched, a
 * fact file's one fact) is left out whole (`content: undefined`).
 *
 * @param store - The memory the files go to (`readInternal`, `layout`).
 * @param files - `{ path, content }` as they would be written.
 * @returns One entry per file, in order, with the lines dropped (1-based, in the given text).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await dropForgottenLines(store, [{ path: "topics/food.md", content }])
 */
export async function dropForgottenLines(
  store: Pick<MemoryStore, "readInternal" | "layout">,
  files: ReadonlyArray<{ path: string; content: string }>,
): Promise<KeptFile[]> {
  const tombstones = await readTombstones(store);
  if (tombstones.length === 0)
    return files.map(({ path, content }) => ({ path, content, dropped: [] }));
  const layout = layoutOf(store).items.walk;
  const index = new TombstoneIndex(tombstones);
  return files.map(({ path, content }) => {
    // A name or description names what a file is about: an import keeps its header whole.
    const found = forgottenIn(index, layout, path, content, false).filter((item) => !item.field);
    if (found.length === 0) return { path, content, dropped: [] };
    const dropped = found.map(({ lines: _, field: __, ...line }) => line);
    const lines = new Set(found.flatMap((item) => item.lines));
    // Text and line breaks alternate, so a dropped line takes its own break with it.
    const parts = content.split(/(\r\n|\n|\r)/);
    const kept = parts.filter((_part, at) => !lines.has(Math.floor(at / 2) + 1)).join("");
    // A file left with no item (every line, or the one fact) is left out whole.
    const left = forgottenItems(kept, layout, () => true).some((item) => !item.field);
    return { path, content: left ? kept : undefined, dropped };
  });
}
