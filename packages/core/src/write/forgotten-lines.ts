import { parseFactLine, safeParseFactFile, safeParseMemoryFile } from "../format/index.js";
import type { MemoryStore } from "../store/index.js";
import type { WriteResult } from "../store/types.js";
import { liftTombstones, readTombstones, TombstoneIndex, writeTombstones } from "./tombstones.js";

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
  const tombstones = await readTombstones(store);
  if (tombstones.length === 0) return [];
  const index = new TombstoneIndex(tombstones);
  const found: ForgottenLine[] = [];
  for (const row of await store.list()) {
    const file = await store.read(row.path);
    if (!file.exists || file.notText !== undefined) continue;
    if (store.layout === "fact") {
      const parsed = safeParseFactFile(file.content, row.path);
      if (!parsed.success || parsed.value.body.trim() === "") continue;
      const match = index.find(parsed.value.body.trim());
      if (match) {
        found.push({
          path: row.path,
          line: parsed.value.file.lineMap.bodyLine,
          forgotten: match.date,
        });
      }
      continue;
    }
    const parsed = safeParseMemoryFile(file.content);
    const bodyLine = parsed.success ? parsed.value.lineMap.bodyLine : 1;
    const lines = file.content.split(/\r\n|\n|\r/);
    for (let at = bodyLine - 1; at < lines.length; at += 1) {
      const text = parseFactLine(lines[at] ?? "")?.text ?? (lines[at] ?? "").trim();
      if (text === "" || text.startsWith("#")) continue;
      const match = index.find(text);
      if (match) found.push({ path: row.path, line: at + 1, forgotten: match.date });
    }
  }
  return found;
}

/** Options of {@link restoreLines}. */
export type RestoreLinesOptions = {
  store: Pick<MemoryStore, "write" | "withLock" | "readInternal" | "writeInternal">;
  path: string;
  /** The file's text to write back (as it was before the lines were removed). */
  content: string;
  /** The version token the file must still have (what the removal left). */
  ifVersion: string;
  /** The lines brought back, as they were written (`[stated …] fact`). */
  lines: readonly string[];
};

/**
 * Brings removed lines back as a remember does (an undo of a delete): the file's earlier text is
 * written at its version token and the tombstones those lines match are lifted, both under the
 * store lock, so a restored line is not left forgotten (recalled, yet never updatable by a write
 * pass). Nothing is lifted when the write is refused.
 *
 * @param options - `{ store, path, content, ifVersion, lines }`.
 * @returns The store's write result.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @example await restoreLines({ store, path: "profile.md", content: before, ifVersion, lines: ["[stated 2026/11/01] lives in Lisbon"] })
 */
export function restoreLines(options: RestoreLinesOptions): Promise<WriteResult> {
  const { store } = options;
  return store.withLock(async () => {
    const written = await store.write(options.path, options.content, options.ifVersion);
    if (!written.ok) return written;
    const tombstones = await readTombstones(store);
    const lifted = options.lines.reduce(
      (kept, line) => liftTombstones(parseFactLine(line)?.text ?? line.trim(), kept),
      tombstones,
    );
    if (lifted.length !== tombstones.length || lifted.some((t, at) => t !== tombstones[at])) {
      await writeTombstones(store, lifted);
    }
    return written;
  });
}
