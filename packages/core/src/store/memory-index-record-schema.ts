import { z } from "zod";
import { type MemoryIndexRecord, RECORD_FORMAT } from "./memory-index-record-format.js";

/**
 * The check of a {@link MemoryIndexRecord} read back: one JSON object, `{ format, layout,
 * maxChars, bytes, sha256 }`, nothing else. In a module of its own: only a write reads a record,
 * and a process that only recalls (a prompt hook) does not load zod (~40 ms of CPU) for it.
 */
export const MemoryIndexRecordSchema: z.ZodType<MemoryIndexRecord> = z
  .object({
    format: z.literal(RECORD_FORMAT),
    layout: z.enum(["subject", "fact"]),
    maxChars: z.number().int().positive(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
