import { rowFromText } from "../store/memory-row.js";
import { compareCodeUnits } from "../text/compare-code-units.js";
import {
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_FILE,
  RECALL_INDEX_LOG,
  RecallIndex,
  type RecallIndexStore,
  readRecallIndexLog,
} from "./recall-index.js";
import { type FileUnit, unitsOfFile } from "./recall-units.js";

/**
 * How the stored recall index differs from the files, one value per file (or one for the whole
 * index), as `memfiles check` reports it:
 * - `unreadable`: the stored index is of another format (an older build's) or damaged; the next
 *   recall rebuilds it whole.
 * - `gone`: a file indexed that is no longer in the folder; the next recall drops it.
 * - `not_indexed`: a file in the folder the index lacks; the next recall adds it.
 * - `changed`: a file whose text is not the one indexed; `nextRecall` says whether the next recall
 *   sees it (its stamp moved) or only a rebuild does (its stamp is the one indexed).
 * - `units_differ`: a file whose text is the one indexed, but whose indexed units are not the ones
 *   its lines give (a unit missing for a line, or one no line gives); only a rebuild mends it.
 */
export type RecallIndexDrift =
  | { code: "unreadable" }
  | { code: "gone"; path: string }
  | { code: "not_indexed"; path: string }
  | { code: "changed"; path: string; nextRecall: boolean }
  | { code: "units_differ"; path: string; missing: number; extra: number };

const unitKey = (unit: FileUnit) => `${unit.kind}\u0000${unit.date ?? ""}\u0000${unit.text}`;

// How many of `wanted` are not in `had`, counted as a multiset.
function missingFrom(wanted: readonly string[], had: readonly string[]): number {
  const left = new Map<string, number>();
  for (const key of had) left.set(key, (left.get(key) ?? 0) + 1);
  let missing = 0;
  for (const key of wanted) {
    const count = left.get(key) ?? 0;
    if (count === 0) missing++;
    else left.set(key, count - 1);
  }
  return missing;
}

/**
 * What the stored recall index (`.memfiles/recall-index.json` and its log, or a backend's internal
 * files of those names) says that the files do not: read-only, it stores nothing and reads each
 * file once. A memory with no stored index (or one emptied to be rebuilt) has no drift: the first
 * recall builds it. The files the index should hold are the ones `listStamps()` gives (the walk
 * the index is refreshed by); each is read and its units made as the index makes them
 * (`unitsOfFile` of `rowFromText`), then compared with the indexed version token and units. A
 * file a memfiles write noted in the index's log is left out: the index already knows to read it
 * again, so a `remember` never leaves drift behind; what is reported is what another writer did.
 *
 * @param store - The memory (a `MemoryStore`, folder or backend).
 * @returns The drift, in path order after any `unreadable`; `[]` when the index is in step.
 * @throws File-system errors of listing the folder pass through; an unreadable index file is
 *   `unreadable`, not thrown.
 * @example await recallIndexDrift(store) // [{ code: "gone", path: "topics/old.md" }]
 */
export async function recallIndexDrift(store: RecallIndexStore): Promise<RecallIndexDrift[]> {
  const text = await store.readInternal(RECALL_INDEX_FILE).catch(() => undefined);
  if (text === undefined || text === "") return [];
  const log = (await store.readInternal(RECALL_INDEX_LOG).catch(() => undefined)) ?? "";
  const index = RecallIndex.parseFiles(text, store);
  if (index === undefined || (log !== "" && !index.fold(log)) || !index.load()) {
    return [{ code: "unreadable" }];
  }
  // A memfiles write notes its file in the log (`changedLogLine`): the index knows to read it again.
  const written = new Set(
    readRecallIndexLog(log)?.files.flatMap((entry) => (entry.changed ? [entry.path] : [])),
  );
  const stamps = (await store.listStamps()).filter((file) => !written.has(file.path));
  const drift: RecallIndexDrift[] = [];
  const listed = new Set(stamps.map((file) => file.path));
  for (const path of index.files.keys()) {
    if (!listed.has(path) && !written.has(path)) drift.push({ code: "gone", path });
  }
  for (const { path, stamp } of stamps) {
    const indexed = index.files.get(path);
    if (indexed === undefined) {
      drift.push({ code: "not_indexed", path });
      continue;
    }
    const read = await store.read(path).catch(() => undefined);
    if (read?.exists !== true) continue;
    if (indexed.version !== read.version) {
      drift.push({ code: "changed", path, nextRecall: stamp === "" || stamp !== indexed.stamp });
      continue;
    }
    const row = rowFromText(path, read.content, store.maxChars, store.layout);
    const wanted = unitsOfFile(row, read.content).map(unitKey);
    const had = indexed.ids.flatMap((id) => {
      const unit = index.units.get(id);
      return unit === undefined ? [] : [unitKey(unit)];
    });
    const missing = missingFrom(wanted, had);
    const extra = missingFrom(had, wanted);
    if (missing > 0 || extra > 0) drift.push({ code: "units_differ", path, missing, extra });
  }
  const pathOf = (item: RecallIndexDrift) => ("path" in item ? item.path : "");
  return drift.sort((one, other) => compareCodeUnits(pathOf(one), pathOf(other)));
}

/**
 * Rebuilds a memory's recall index whole from its files and stores it (what `check --fix` does
 * for {@link recallIndexDrift}): the stored index and its log are emptied, this process's copies
 * dropped, then the index is built by reading every file, as a first recall does.
 *
 * @param store - The memory (a `MemoryStore`, folder or backend).
 * @returns Resolves once the rebuilt index is stored (a failed save leaves it emptied: the next
 *   recall builds it).
 * @throws File-system errors of listing the folder or emptying the stored index pass through.
 * @example await rebuildRecallIndex(store);
 */
export async function rebuildRecallIndex(store: RecallIndexStore): Promise<void> {
  await store.writeInternal(RECALL_INDEX_FILE, "", { createFolder: false });
  await store.writeInternal(RECALL_INDEX_LOG, "", { createFolder: false });
  forgetOpenRecallIndexes();
  await openRecallIndex(store);
}
