import { type MemoryStore, NEW_VERSION, type WriteResult } from "../store/index.js";

/**
 * Writes a new memory file at the first free path `pathFor` gives, where the store decides what
 * is free: a path is tried with the version token `"new"`, and a path the store answers with a
 * file already there (`version_conflict` with `current.exists`) is added to the taken paths and
 * the next one tried. What a listing or the recall index holds (a file over 16 times the cap is
 * no index row, decision 0099; a file a person saved a moment ago is in neither) only chooses
 * the first path to try: the file on disk, or the row in the database, decides. Every write that
 * picks a name for a new file goes through this (the fact layout's new `<slug>.md`).
 *
 * @param store - The store or view the write goes through (`write`).
 * @param pathFor - The path to try, given the paths found taken so far (e.g.
 *   `(taken) => uniqueFactPath(name, [...listed, ...taken])`); it must not give a taken path again.
 * @param text - The whole new file text.
 * @returns `{ path, written }`: the path last tried and the store's answer for it (any refusal
 *   other than a file already there, such as `too_long` or a boundary's `outOfScope`, as given).
 * @throws What `store.write` throws (a path the store's path guard refuses, the lock).
 * @example const { path, written } = await writeNewFile(store, (taken) => uniqueFactPath("chess", taken), text);
 */
export async function writeNewFile(
  store: Pick<MemoryStore, "write">,
  pathFor: (taken: readonly string[]) => string,
  text: string,
): Promise<{ path: string; written: WriteResult }> {
  const taken: string[] = [];
  for (;;) {
    const path = pathFor(taken);
    const written = await store.write(path, text, NEW_VERSION);
    const held = !written.ok && written.code === "version_conflict" && written.current?.exists;
    if (held !== true || taken.includes(path)) return { path, written };
    taken.push(path);
  }
}
