import type { StoreLayout } from "./types.js";

/** Raised when the record's meaning changes: a record of another format is no record (a rebuild). */
export const RECORD_FORMAT = 1;

/**
 * A lasting record that `MEMORY.md` is exactly as memfiles last wrote it (docs/decisions/0080):
 * its size (bytes) and sha256, and the store's rules it was written under (layout and size cap in
 * chars, which decide its lines). Checked by `MemoryIndexRecordSchema` when a write reads it.
 */
export type MemoryIndexRecord = {
  format: typeof RECORD_FORMAT;
  layout: StoreLayout;
  maxChars: number;
  bytes: number;
  sha256: string;
};
