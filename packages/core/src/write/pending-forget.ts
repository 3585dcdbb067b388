import { editMemoryText, formatDatedLine, safeParseMemoryFile } from "../format/index.js";
import { type PendingForget, readPendingForget } from "../guards/pending-forget-journal.js";
import { readTombstones, type Tombstone, writeTombstones } from "../guards/tombstones.js";
import { type MemoryStore, PENDING_FORGET_FILE } from "../store/index.js";
import { hashText } from "../text/index.js";
import { emptiedByForget } from "./emptied-file.js";
import { keepLinesLeft } from "./tombstone-kept.js";
import type { WriteStore } from "./write-pipeline.js";

/**
 * Records, before any file is changed, the lines a forget removes (hashes of the lines) and the
 * tombstone it leaves (hashes only), so a forget killed before its tombstone is on disk is
 * finished with it.
 *
 * @param store - The store, under its lock.
 * @param date - The forget's date tag, for `updated:`.
 * @param lines - `{ path, line }` of each line to remove.
 * @param tombstone - The tombstone the forget writes next, if it leaves one.
 * @returns Resolves once the journal is on disk.
 */
export async function beginForget(
  store: WriteStore,
  date: string,
  lines: ReadonlyArray<{ path: string; line: string }>,
  tombstone?: Tombstone,
): Promise<void> {
  const journal: PendingForget = {
    date,
    lines: lines.map(({ path, line }) => ({ path, hash: hashText(line) })),
    ...(tombstone === undefined
      ? {}
      : {
          tombstone: { date: tombstone.date, facts: tombstone.facts, query: tombstone.query },
        }),
  };
  await store.writeInternal(PENDING_FORGET_FILE, `${JSON.stringify(journal)}\n`);
}

/** Clears the journal once every line of it is gone (a folder keeps no empty file). */
export async function endForget(store: WriteStore): Promise<void> {
  await store.writeInternal(PENDING_FORGET_FILE, "", { removeWhenEmpty: true });
}

/**
 * Finishes a forget that was killed midway: writes the journal's tombstone when the forget died
 * before it did, removes every line the journal names that is still in its file (deleting a file left with nothing a person wrote, `emptiedByForget`, as the forget
 * would have), records in its tombstone what it left (`kept`, as the forget would have), then
 * clears the journal. Call it under the store lock before changing memory.
 *
 * @param store - The store, under its lock.
 * @returns The number of lines removed now.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed (the journal is kept).
 */
export async function finishPendingForget(store: WriteStore): Promise<number> {
  const text = await store.readInternal(PENDING_FORGET_FILE);
  if (text === undefined || text.trim() === "") return 0;
  const journal = readPendingForget(text);
  if (journal === undefined) {
    await endForget(store);
    return 0;
  }
  // Killed before its tombstone was written: write it first, as the forget would have.
  const journaled = journal.tombstone;
  if (journaled !== undefined) {
    const tombstones = await readTombstones(store);
    const same = (tombstone: Tombstone) =>
      JSON.stringify([tombstone.date, tombstone.facts, tombstone.query]) ===
      JSON.stringify([journaled.date, journaled.facts, journaled.query]);
    if (!tombstones.some(same)) await writeTombstones(store, [...tombstones, journaled]);
  }
  let count = 0;
  const paths = [...new Set(journal.lines.map((line) => line.path))];
  for (const path of paths) {
    const hashes = new Set(
      journal.lines.filter((line) => line.path === path).map((line) => line.hash),
    );
    const read = await store.read(path);
    if (!read.exists) continue;
    const file = safeParseMemoryFile(read.content, { path });
    if (!file.success) continue;
    const remove = new Set<number>();
    file.value.lines.forEach((line, index) => {
      const text = line.kind === "dated" ? formatDatedLine(line) : line.text.trim();
      if (hashes.has(hashText(text))) remove.add(file.value.lineMap.bodyLine + index);
    });
    if (remove.size === 0) continue;
    const content = editMemoryText(read.content, file.value, { remove, updated: journal.date });
    const { delete: deleteFile } = store as WriteStore & Partial<Pick<MemoryStore, "delete">>;
    const written =
      deleteFile !== undefined && emptiedByForget(content, path)
        ? await deleteFile.call(store, path, read.version)
        : await store.write(path, content, read.version);
    if (written.ok) count += remove.size;
  }
  await keepLinesLeft(store, killedForgetFrom(await readTombstones(store), journal.date));
  await endForget(store);
  return count;
}

// The killed forget wrote its tombstone after the journal and died before recording what it left:
// the last tombstones, of the journal's day, without `kept` (every tombstone written since format
// 3 has one, decision 0112).
function killedForgetFrom(tombstones: readonly Tombstone[], date: string): number {
  let from = tombstones.length;
  while (from > 0) {
    const last = tombstones[from - 1];
    if (last === undefined || last.kept !== undefined || last.date !== date) break;
    from -= 1;
  }
  return from;
}

/**
 * {@link finishPendingForget} under the store lock, taken only when a journal is there: the lock
 * makes `.memfiles/` (and the memory folder), so a call whose model request then fails on a new
 * memory folder would leave an empty one behind.
 *
 * @param store - The store, not under its lock.
 * @returns The number of lines removed now.
 */
export async function finishPendingForgetLocked(store: WriteStore): Promise<number> {
  // Read outside the lock: a killed forget's journal stays until finished, and one in progress
  // is seen here, so the lock is taken and the journal read again under it.
  if ((await store.readInternal(PENDING_FORGET_FILE)) === undefined) return 0;
  return store.withLock(() => finishPendingForget(store));
}
