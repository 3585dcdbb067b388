import { z } from "zod";
import { RECORD_FORMAT } from "./memory-index-record.js";

/**
 * A lasting record that `MEMORY.md` is exactly as memfiles last wrote it (docs/decisions/0080):
 * its size and sha256, and the store's rules it was written under (layout and size cap, which
 * decide its lines). One JSON object: `{ format, layout, maxChars, bytes, sha256 }`. In a module
 * of its own: only a write reads a record, and a process that only recalls (a prompt hook) does
 * not load zod (~40 ms of CPU) for it.
 */
export const MemoryIndexRecordSchema = z
  .object({
    format: z.literal(RECORD_FORMAT),
    layout: z.enum(["subject", "fact"]),
    maxChars: z.number().int().positive(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
/** See {@link MemoryIndexRecordSchema}. */
export type MemoryIndexRecord = z.infer<typeof MemoryIndexRecordSchema>;
