import { parseDatedLine } from "../format/index.js";
import { liftTombstones, readTombstones, writeTombstones } from "../guards/tombstones.js";
import type { MemoryStore } from "../store/index.js";
import type { WriteResult } from "../store/types.js";

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
      (kept, line) => liftTombstones(parseDatedLine(line)?.text ?? line.trim(), kept),
      tombstones,
    );
    if (lifted.length !== tombstones.length || lifted.some((t, at) => t !== tombstones[at])) {
      await writeTombstones(store, lifted);
    }
    return written;
  });
}
