import { forgottenItems } from "../guards/forgotten-items.js";
import {
  readTombstones,
  type Tombstone,
  TombstoneIndex,
  tombstoneKeyHash,
  writeTombstones,
} from "../guards/tombstones.js";
import { scopeOf } from "../recall/scope.js";
import type { StoreLayout } from "../store/index.js";
import { handWrittenIndexLines } from "../store/memory-index.js";
import { factKey } from "../text/fact-key.js";
import { LIST_MARKER } from "../text/list-marker.js";
import type { WriteStore } from "./write-pipeline-types.js";

/**
 * The memory files as a change leaves them, by memory path: a file's text after the change, or
 * `undefined` for a file it deletes. With `complete`, the map holds every file in memory (the
 * forget's own walk read them all), so no file is read again; without it, the files it does not
 * name are read from the store as they are.
 */
export type FilesAfter = {
  files: ReadonlyMap<string, string | undefined>;
  complete?: boolean;
  /** The layout the files are read in (a surface's own, as the memory tool's); default the store's. */
  layout?: StoreLayout;
};

/**
 * The lines of a `MEMORY.md` text a person (or Claude Code) wrote, each with its 1-based line
 * number and its fact (list marker dropped): the lines no rebuild regenerates, and Claude Code
 * loads the file into every session, so they are memory like any file's lines.
 *
 * @param text - The index text.
 * @returns `{ line, text, fact }` per hand-written line, in order.
 * @example indexHandLines("# Memory\n- banks with Monzo\n") // [{ line: 1, ... }, { line: 2, text: "- banks with Monzo", fact: "banks with Monzo" }]
 */
export function indexHandLines(text: string): Array<{ line: number; text: string; fact: string }> {
  const lines: Array<{ line: number; text: string; fact: string }> = [];
  text.split(/\r?\n/).forEach((line, at) => {
    if (handWrittenIndexLines(line).length === 0) return;
    lines.push({ line: at + 1, text: line, fact: line.replace(LIST_MARKER, "").trim() });
  });
  return lines;
}

/**
 * The tombstones with `kept` set: for each, the fact-key hashes of the lines in memory after the
 * change that its own rules match, asked as a proposal is (no stated day), by the walk every
 * surface takes (`forgottenItems`), and `MEMORY.md`'s hand-written lines. A line stated on a
 * tombstone's own day is then kept only when it is among them; one typed after on that day is
 * hidden as a later day's is (decisions 0095 amended, 0107, 0112). Files that are not text are
 * skipped: a line memfiles could not take out of one is tombstoned by its own hash and stays
 * hidden.
 *
 * @param store - The memory (`list`, `read`, `readIndex`, its layout).
 * @param tombstones - Tombstones of one change, `kept` absent or to be replaced.
 * @param after - The files as the change leaves them (see {@link FilesAfter}); default: the store
 *   as it is.
 * @returns The same tombstones, in order, each with `kept` (possibly empty).
 * @example await withKept(store, [makeTombstone("sister", ["sister lives in Madrid"], "2026/12/07")])
 */
export async function withKept(
  store: WriteStore,
  tombstones: readonly Tombstone[],
  after: FilesAfter = { files: new Map() },
): Promise<Tombstone[]> {
  if (tombstones.length === 0) return [];
  const layout =
    after.layout ?? (scopeOf(store).store as Partial<{ layout: StoreLayout }>).layout ?? "subject";
  const asked = tombstones.map((tombstone) => ({
    index: new TombstoneIndex([
      { date: tombstone.date, facts: tombstone.facts, query: tombstone.query },
    ]),
    kept: new Set<string>(),
  }));
  const keep = (text: string, field: boolean) => {
    for (const each of asked) {
      if (each.index.find(text, undefined, field) !== undefined) {
        each.kept.add(tombstoneKeyHash(factKey(text)));
      }
    }
  };
  const walk = (content: string) =>
    forgottenItems(content, layout, (text, _stated, field) => keep(text, field));
  for (const content of after.files.values()) if (content !== undefined) walk(content);
  if (after.complete !== true) {
    for (const row of await store.list()) {
      if (after.files.has(row.path)) continue;
      const file = await store.read(row.path);
      if (!file.exists || file.notText !== undefined) continue;
      walk(file.content);
    }
  }
  const memoryIndex = await store.readIndex?.();
  if (memoryIndex?.exists === true) {
    for (const hand of indexHandLines(memoryIndex.content)) keep(hand.fact, false);
  }
  return tombstones.map((tombstone, at) => ({
    ...tombstone,
    kept: [...(asked[at]?.kept ?? [])],
  }));
}

/**
 * Adds one tombstone to `.memfiles/tombstones.json`, with `kept` recorded over the memory as the
 * change will leave it ({@link withKept}): the one way every path that forgets writes its
 * tombstone (the forget, the memory tool's delete and edit, the write pass's deletion, a killed
 * forget finished from its journal). Call under the store lock, before the change's own writes
 * (a crash between leaves the fact blocked, never restored).
 *
 * @param store - The memory, under its lock.
 * @param tombstone - The new tombstone (`makeTombstone`).
 * @param after - The files the change will write or delete (see {@link FilesAfter}).
 * @returns The undo: writes the tombstone list back as it was.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed (nothing written).
 * @example const undo = await addTombstone(store, makeTombstone("", [line], today), { files: new Map([[path, text]]) });
 */
export async function addTombstone(
  store: WriteStore,
  tombstone: Tombstone,
  after?: FilesAfter,
): Promise<() => Promise<void>> {
  const tombstones = await readTombstones(store);
  const added = await withKept(store, [tombstone], after);
  await writeTombstones(store, [...tombstones, ...added]);
  return () => writeTombstones(store, tombstones);
}

/**
 * Records `kept` ({@link withKept}) in the tombstones a forget has added (those after the first
 * `from`), once its writes are done. Call under the store lock.
 *
 * @param store - The memory the forget wrote to.
 * @param from - How many tombstones there were before the forget.
 * @param after - The files as the forget left them, when its walk collected them.
 * @returns How many tombstones were given `kept`; the file is rewritten only when more than 0.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await keepLinesLeft(store, before.length, { files: left, complete: true })
 */
export async function keepLinesLeft(
  store: WriteStore,
  from: number,
  after?: FilesAfter,
): Promise<number> {
  const tombstones = await readTombstones(store);
  const added = tombstones.slice(from);
  if (added.length === 0) return 0;
  await writeTombstones(store, [
    ...tombstones.slice(0, from),
    ...(await withKept(store, added, after)),
  ]);
  return added.length;
}
