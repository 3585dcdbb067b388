import { z } from "zod";
import type { Tombstone } from "./tombstones.js";

// The journal of a forget in progress: which lines go, as hashes only (like the tombstones), so a
// forget killed midway is finished by the next call instead of leaving the line with its tombstone.
// It carries the forget's tombstone (hashes only) too: a forget killed after the journal and
// before its tombstone is finished with the tombstone, so the lines stay out (decision 0121).
const PendingForgetSchema = z.strictObject({
  date: z.string(),
  lines: z.array(z.strictObject({ path: z.string(), hash: z.string() })),
  tombstone: z
    .strictObject({
      date: z.string(),
      facts: z.array(z.strictObject({ hash: z.string(), words: z.array(z.string()) })),
      query: z.array(z.string()),
    })
    .optional(),
});
/** A forget's journal as written: see {@link readPendingForget}. */
export type PendingForget = z.infer<typeof PendingForgetSchema>;

/**
 * Reads a forget's journal (`.memfiles/pending-forget.json`): its lines (hashes) and the
 * tombstone it leaves.
 *
 * @param text - The journal's text.
 * @returns The journal, or `undefined` when it is not JSON or not a journal's shape.
 */
export function readPendingForget(text: string): PendingForget | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = PendingForgetSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The tombstone a forget in progress will leave, read from its journal's text, for what a reader
 * shows while the forget is unfinished (a forget killed after its journal: the next write
 * finishes it, and until then no surface may show the lines it removes). Its `kept` is empty: a
 * line of the forget's own day that it would keep is hidden too until the forget is finished.
 *
 * @param text - `.memfiles/pending-forget.json` as read.
 * @returns The tombstone, or `undefined` when the journal is blank, damaged or holds none.
 */
export function journaledTombstone(text: string): Tombstone | undefined {
  if (text.trim() === "") return undefined;
  const tombstone = readPendingForget(text)?.tombstone;
  return tombstone === undefined ? undefined : { ...tombstone, kept: [] };
}
