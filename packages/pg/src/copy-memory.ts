import type { MemoryStore } from "@memfiles/core";
import { readTombstones } from "@memfiles/core/internal";
import { MemfilesError } from "@memfiles/errors";

/**
 * The internal files a move carries along (the file backend's `.memfiles/`): tombstones (so a
 * forgotten fact stays forgotten), the pending-forget journal, the applied batch ids and the usage
 * log. Read and written by name through the store, whatever their format.
 */
export const MOVED_INTERNAL_FILES = [
  "tombstones.json",
  "pending-forget.json",
  "batch-applied.jsonl",
  "usage.jsonl",
] as const;

/** A move between backends stopped: which file, and why; files copied before it stay copied. */
export class CopyMemoryError extends MemfilesError {
  override readonly name = "CopyMemoryError";
  /** The memory path or internal file that was not copied. */
  readonly path: string;

  constructor(options: { path: string; message: string }) {
    super(options.message, { code: "copy_failed", userFixable: true });
    this.path = options.path;
  }
}

/** What {@link copyMemory} copied. */
export type CopyMemoryResult = {
  /** Memory paths copied, sorted. */
  files: string[];
  /** Internal files copied (those that existed). */
  internal: string[];
};

/**
 * Export a memory from one store and import it into another (file system to PostgreSQL or back):
 * every memory file with the same text, so the same version token, and the internal files of
 * {@link MOVED_INTERNAL_FILES}; the target's index is rebuilt from the files, keeping what a person
 * wrote in the source's `MEMORY.md` (lines of their own; in the fact layout, words for a file
 * without `description:`). PostgreSQL stores the text as UTF-8, not the file's bytes: a UTF-8
 * file (BOM, CRLF and all) arrives byte for byte, but a UTF-16 file (LE or BE, with its BOM) keeps
 * its text and version token only: copied back out to a folder it is written as UTF-8 with a BOM
 * (`EF BB BF`). Runs under the target's lock;
 * a file already in the target is replaced with a version-token write.
 *
 * @param from - The store to read.
 * @param to - The store to write.
 * @param internalNames - Internal files to carry (default {@link MOVED_INTERNAL_FILES}).
 * @returns `{ files, internal }`.
 * @throws {CopyMemoryError} when the source's `MEMORY.md` is too large to read (before anything is
 *   copied), a source file is not text memfiles edits (`notText`) or the target refuses a write
 *   (over its cap, changed meanwhile); nothing in the source changes.
 * @throws {TombstoneFileError} when the source's `.memfiles/tombstones.json` cannot be read whole
 *   (damaged, or a link or a folder in its place), before anything is copied (decision 0121).
 * @example await copyMemory(new MemoryStore({ root: "memory" }), pgMemoryStore(sql, "user-42"));
 */
export async function copyMemory(
  from: MemoryStore,
  to: MemoryStore,
  internalNames: readonly string[] = MOVED_INTERNAL_FILES,
): Promise<CopyMemoryResult> {
  return to.withLock(async () => {
    // A tombstone file that cannot be read whole is refused as every write refuses it: copied as
    // it is, the target would refuse it too, or (a link read through) lose what it stands for.
    await readTombstones(from);
    // Checked before any write: a MEMORY.md too large to read would otherwise arrive as no words
    // of a person's, and the target's index would be rebuilt without them.
    const index = await from.readIndex();
    if (index.exists && index.notText !== undefined) {
      throw new CopyMemoryError({
        path: index.path,
        message: `Cannot copy ${index.path} from ${from.root}: ${index.notText}, then copy again. Nothing was copied.`,
      });
    }
    const files: string[] = [];
    for (const row of await from.list()) {
      const source = await from.read(row.path);
      if (!source.exists) continue;
      if (source.notText !== undefined) {
        throw new CopyMemoryError({
          path: row.path,
          message: `Cannot copy ${row.path} from ${from.root}: ${source.notText}. Fix or remove it, then copy again.`,
        });
      }
      const target = await to.read(row.path);
      const written = await to.write(row.path, source.content, target.version);
      if (!written.ok) {
        throw new CopyMemoryError({
          path: row.path,
          message: `Cannot copy ${row.path} into ${to.root}: ${written.message}`,
        });
      }
      files.push(row.path);
    }
    // The index is rebuilt from the copied files, with the words a person wrote in the source's.
    if (index.exists) await to.rebuildIndex(index.content);
    const internal: string[] = [];
    for (const name of internalNames) {
      const text = await from.readInternal(name);
      if (text === undefined) continue;
      await to.writeInternal(name, text);
      internal.push(name);
    }
    return { files, internal };
  });
}
