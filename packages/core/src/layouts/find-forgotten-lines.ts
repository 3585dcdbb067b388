import type { MemoryStore } from "../store/index.js";
import { readTombstones, TombstoneIndex } from "../write/index.js";
import { layoutOf } from "./layout-of.js";

/** A stored line a tombstone matches: forgotten, yet in the file (a hand edit, an undo, a copy). */
export type ForgottenLine = {
  path: string;
  /** 1-based line number in the file (the body's first line, for a fact file). */
  line: number;
  /** The date of the tombstone that matches it, `YYYY/MM/DD`. */
  forgotten: string;
};

/**
 * Every stored line (subject layout) or fact body (fact layout) that a tombstone matches (see
 * `findForgotten`): the user asked to forget it, and it is in memory all the same. Reported by
 * `memfiles check`; the text itself is not repeated (it is in the file).
 *
 * @param store - The memory (`list`, `read`, `readInternal`, `layout`).
 * @returns The lines, in file order; empty when none.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await findForgottenLines(store) // [{ path: "profile.md", line: 6, forgotten: "2026/11/19" }]
 */
export async function findForgottenLines(
  store: Pick<MemoryStore, "list" | "read" | "readInternal" | "layout">,
): Promise<ForgottenLine[]> {
  const layout = layoutOf(store);
  const tombstones = await readTombstones(store);
  if (tombstones.length === 0) return [];
  const index = new TombstoneIndex(tombstones);
  const found: ForgottenLine[] = [];
  for (const row of await store.list()) {
    const file = await store.read(row.path);
    if (!file.exists || file.notText !== undefined) continue;
    for (const item of layout.items.of(row.path, file.content)) {
      const match = index.find(item.text);
      if (match) found.push({ path: row.path, line: item.line, forgotten: match.date });
    }
  }
  return found;
}
