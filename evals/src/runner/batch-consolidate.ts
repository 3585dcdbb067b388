import {
  applyBatchResults,
  type ConsolidateAllOptions,
  type ConsolidateAllResult,
  consolidateAll,
  type MemoryStore,
  type ModelUsage,
  submitWritePasses,
} from "@memfiles/core";
import {
  type BatchConsolidation,
  type ConsolidateResult,
  layoutOf,
  MAX_CONSOLIDATE_RETRIES,
  sumUsage,
  ZERO_USAGE,
} from "@memfiles/core/internal";

/** Options of {@link batchConsolidateAll}: those of `consolidateAll`, plus a hook between submit and apply. */
export type BatchConsolidateAllOptions = ConsolidateAllOptions & {
  store: MemoryStore;
  /** Runs once, after the first batch is created and before its results are applied (the race). */
  whileInBatch?: () => Promise<void>;
  /**
   * Where a layout that consolidates directly (no batch) runs `whileInBatch`: handed the hook to run
   * during its first model request (the recording session's `duringNextRequest`).
   */
  duringRequest?: (hook: () => Promise<void>) => void;
};

/**
 * The `consolidate` stage through Message Batches (`pnpm eval --batch`): the files
 * `consolidateAll` would pick (over `threshold` chars, path order) go as consolidation entries of
 * one batch (`submitWritePasses({ consolidations })`), and `applyBatchResults` applies them against
 * the files as they are then. A file that changed in between (`file_changed`) is resubmitted, like
 * `consolidate`'s retry after a version conflict, at most `MAX_CONSOLIDATE_RETRIES` times; after
 * that its result is the refusal `version_conflict`. An entry that errored, expired or was
 * canceled breaks the run (replayed batches have none).
 *
 * @param options - `consolidateAll` options plus `whileInBatch`.
 * @returns `{ results, usage }` as `consolidateAll` returns them (usage summed over resubmissions).
 * @throws {Error} when an entry did not succeed or the batch has not ended.
 * @example const { results } = await batchConsolidateAll({ store, client, model, now });
 */
export async function batchConsolidateAll(
  options: BatchConsolidateAllOptions,
): Promise<ConsolidateAllResult> {
  // A batch carries the subject layout's per-file rewrites (`submitWritePasses({ consolidations })`);
  // another layout's consolidation runs directly, its request made as usual.
  if (layoutOf(options.store).name !== "subject") {
    const { whileInBatch, duringRequest, ...direct } = options;
    if (whileInBatch !== undefined) duringRequest?.(whileInBatch);
    return consolidateAll(direct);
  }
  const {
    threshold = 6000,
    client,
    model,
    whileInBatch,
    duringRequest,
    store,
    mergeThreshold,
    ...rest
  } = options;
  const paths = (await store.list())
    .filter((row) => row.chars > threshold && row.path !== "MEMORY.md")
    .map((row) => row.path)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const results = new Map<string, ConsolidateResult>();
  const usage = new Map<string, ModelUsage>();
  let pending: BatchConsolidation[] = paths.map((path) => ({
    ...rest,
    store,
    path,
    // Each file's usage is summed over its resubmissions, like consolidate's over its retries.
    onUsage: async (record) => {
      usage.set(path, sumUsage(usage.get(path) ?? ZERO_USAGE, record.usage));
      await options.onUsage?.(record);
    },
  }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    options.onStep?.({ stage: "consolidate" });
    const submitted = await submitWritePasses({
      sessions: [],
      consolidations: pending,
      client,
      model,
    });
    if (attempt === 0) await whileInBatch?.();
    const applied = await applyBatchResults({
      batchId: submitted.batchId ?? "",
      sessions: [],
      consolidations: submitted.consolidations ?? [],
      client,
      model,
      wait: { firstDelayMs: 1_000, maxDelayMs: 60_000, timeoutMs: 3_600_000 },
    });
    if (applied.status !== "ended")
      throw new Error(`The consolidation batch is ${applied.status}.`);
    pending = [];
    for (const [index, outcome] of (applied.consolidations ?? []).entries()) {
      const row = submitted.consolidations?.[index];
      if (outcome.code === "applied") results.set(outcome.path, outcome.result);
      else if (outcome.code === "not_submitted") {
        results.set(
          outcome.path,
          refusal(
            outcome.path,
            outcome.reason,
            `${outcome.path}: ${row?.message ?? outcome.reason}`,
          ),
        );
      } else if (outcome.code === "file_changed") {
        results.set(outcome.path, refusal(outcome.path, "version_conflict", outcome.message));
        if (attempt < MAX_CONSOLIDATE_RETRIES) {
          const again = applied.resubmitConsolidations?.find((item) => item.path === outcome.path);
          if (again !== undefined) pending.push(again);
        }
      } else {
        throw new Error(
          `The batched consolidation of ${outcome.path} did not apply: ${outcome.code}${"message" in outcome ? ` (${outcome.message})` : ""}.`,
        );
      }
    }
  }
  const ordered = paths.flatMap((path) => {
    const result = results.get(path);
    return result === undefined ? [] : [{ ...result, usage: usage.get(path) ?? result.usage }];
  });
  return { results: ordered, usage: sumUsage(...ordered.map((result) => result.usage)) };
}

function refusal(path: string, code: string, message: string): ConsolidateResult {
  return {
    ok: false,
    path,
    code: code as Extract<ConsolidateResult, { ok: false }>["code"],
    message,
    problems: [],
    dropped: [],
    usage: ZERO_USAGE,
  };
}
