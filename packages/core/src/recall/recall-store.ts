import type { MemoryRow, ReadResult } from "../store/types.js";

/** What recall needs of a `MemoryStore`: listing and reading (a `MemoryStore` fits). */
export type RecallStore = {
  list(): MemoryRow[] | Promise<MemoryRow[]>;
  read(path: string): ReadResult | Promise<ReadResult>;
};
