import type { MemoryRow, ReadResult } from "@memfiles/core";
import { renderMemoryBlock } from "@memfiles/core/internal";

/** What recall reads of a memory: its catalog and its files (core's `RecallStore`). */
export type ReadOnlyStore = {
  list(): MemoryRow[] | Promise<MemoryRow[]>;
  read(path: string): ReadResult | Promise<ReadResult>;
};

/**
 * A memory as it stands after the write pass, read once and answered from memory: every recall
 * strategy the benchmark measures lists the folder and reads its files for each question (about
 * 20 folder reads a question over two memories), and nothing writes between them, so reading the
 * disk again gives the same bytes at the cost of the file system's calls. Rows and read results
 * are the store's own; `list` returns a fresh array each call, as a store does.
 *
 * @param store - The store after its last write.
 * @returns A read-only view holding every listed file, plus paths read later that the store answered.
 * @throws File-system errors from listing or reading pass through.
 * @example const memory = await snapshotStore(store); await memory.read("people/ana.md")
 */
export async function snapshotStore(store: ReadOnlyStore): Promise<ReadOnlyStore> {
  const rows = await store.list();
  const reads = new Map<string, ReadResult>();
  // MEMORY.md is listed but not readable (the store refuses it); a read of it, like any other
  // path not listed, goes to the store, so its answer or error is the store's own.
  for (const row of rows) {
    if (row.path !== "MEMORY.md") reads.set(row.path, await store.read(row.path));
  }
  const snapshot: ReadOnlyStore = {
    list: () => [...rows],
    read: async (path) => {
      const known = reads.get(path);
      if (known !== undefined) return known;
      const read = await store.read(path);
      reads.set(path, read);
      return read;
    },
  };
  blocks.set(snapshot, new Map());
  return snapshot;
}

// Recall@k and evidence recall render the same pre-filtered block of the same snapshot for the
// same question: a snapshot never changes, so its block for a query is rendered once.
const blocks = new WeakMap<ReadOnlyStore, Map<string, Promise<string>>>();

/**
 * Core's `renderMemoryBlock` of a memory, kept per query and pre-filter threshold when the memory
 * is a snapshot from {@link snapshotStore} (which nothing writes to); any other store is rendered
 * each call.
 *
 * @param store - A memory; a snapshot's blocks are kept as long as the snapshot.
 * @param query - The question.
 * @param prefilterAbove - `renderMemoryBlock`'s threshold in files (`undefined`: its default).
 * @returns The fenced memory block text.
 * @example await memoryBlock(snapshot, "Where did Ana move?", 0)
 */
export function memoryBlock(
  store: ReadOnlyStore,
  query: string,
  prefilterAbove?: number,
): Promise<string> {
  const render = () =>
    renderMemoryBlock({
      store,
      query,
      ...(prefilterAbove === undefined ? {} : { prefilterAbove }),
    });
  const byQuery = blocks.get(store);
  if (byQuery === undefined) return render();
  const key = `${prefilterAbove ?? "-"}\u0000${query}`;
  let block = byQuery.get(key);
  if (block === undefined) {
    block = render();
    byQuery.set(key, block);
  }
  return block;
}
