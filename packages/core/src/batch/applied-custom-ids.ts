import { z } from "zod";
import type { MemoryStore } from "../store/index.js";

/** `.memfiles/` file listing the batch entries applied to this store, one JSON line each. */
export const BATCH_APPLIED_FILE = "batch-applied.jsonl";

const AppliedLineSchema = z.object({
  customId: z.string(),
  batchId: z.string(),
  appliedAt: z.string(),
});

/** The `custom_id`s applied to a store ({@link BATCH_APPLIED_FILE}); a line cut short is skipped. */
export async function readAppliedCustomIds(
  store: Pick<MemoryStore, "readInternal">,
): Promise<Set<string>> {
  const text = (await store.readInternal(BATCH_APPLIED_FILE)) ?? "";
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const parsed = AppliedLineSchema.safeParse(JSON.parse(line));
      if (parsed.success) ids.add(parsed.data.customId);
    } catch {
      // A torn line: its entry counts as not applied, and the duplicate check still holds.
    }
  }
  return ids;
}

/** Notes a batch entry as applied, appended so two appliers never lose each other's line. */
export async function markCustomIdApplied(
  store: Pick<MemoryStore, "appendInternal">,
  record: z.infer<typeof AppliedLineSchema>,
): Promise<void> {
  await store.appendInternal(BATCH_APPLIED_FILE, `${JSON.stringify(record)}\n`);
}
