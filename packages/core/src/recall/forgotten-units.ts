import { storedTombstones, TOMBSTONES_FILE, TombstoneIndex } from "../guards/tombstone-index.js";
import { MemoryPathError } from "../store/memory-path-error.js";
import type { RecallStore } from "./recall-store.js";
import { scopeOf } from "./scope.js";

// The last tombstone file read, its index and the answers given for it: a warm process indexes it
// again, and asks again of a unit it saw, only once the file changes.
let last: { text: string; index: TombstoneIndex; seen: Map<string, boolean> } | undefined;
const MAX_SEEN = 20_000;

/**
 * Whether a recalled unit holds a fact the user asked to forget, by the rule every write and
 * `check` apply (`TombstoneIndex.find`): a forgotten line that came back (a `git checkout`, a
 * backup, an undo) is not shown again. Asked only of the few units recall looks at, so a request
 * reads one small file more, never every memory file.
 *
 * @param store - The store recall reads (a view from `boundaryStore`, or the store itself); one
 *   without `readInternal` has no tombstones.
 * @returns A check of a unit's text, or `undefined` when nothing was forgotten.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed (skipping it would
 *   show forgotten facts).
 * @example const forgotten = await forgottenUnitCheck(store); units.filter((unit) => !forgotten?.(unit))
 */
export async function forgottenUnitCheck(
  store: RecallStore,
): Promise<((unit: { text: string; date?: string }) => boolean) | undefined> {
  const whole = scopeOf(store).store as Partial<{
    readInternal(path: string): Promise<string | undefined>;
  }>;
  // `.memfiles` a plain file or a link: memfiles writes no tombstone there, and recall goes on as
  // it does without its index.
  const text = await whole.readInternal?.(TOMBSTONES_FILE).catch((error: unknown) => {
    if (error instanceof MemoryPathError && error.code === "path_refused") return undefined;
    throw error;
  });
  if (text === undefined || text.trim() === "") return undefined;
  if (last?.text !== text) {
    // Format 1 or a broken file: the schemas read it, or say what is wrong with it.
    const tombstones =
      storedTombstones(text) ?? (await import("../guards/tombstones.js")).parseTombstones(text);
    last = { text, index: new TombstoneIndex(tombstones), seen: new Map() };
  }
  const { index, seen } = last;
  return (unit) => {
    const key = `${unit.date ?? ""}\n${unit.text}`;
    let forgotten = seen.get(key);
    if (forgotten === undefined) {
      forgotten = index.find(unit.text, unit.date) !== undefined;
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.set(key, forgotten);
    }
    return forgotten;
  };
}
