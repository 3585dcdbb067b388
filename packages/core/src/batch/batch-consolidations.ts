import type Anthropic from "@anthropic-ai/sdk";
import { readUsage } from "../cost/usage.js";
import {
  applyConsolidateReply,
  buildConsolidateRequest,
  type ConsolidateFailureCode,
  type ConsolidateOptions,
  type ConsolidateResult,
  type ConsolidateStore,
} from "../layouts/subject/consolidate/index.js";
import type { MemoryStore } from "../store/index.js";
import { ModelReplyError } from "../tool-reply/index.js";
import type { OnStep, OnUsage } from "../usage/index.js";
import { reportUsage } from "../usage/report-usage.js";
import { markCustomIdApplied, readAppliedCustomIds } from "./applied-custom-ids.js";
import { BatchSubmitError } from "./batch-submit-error.js";
import { batchCustomId } from "./custom-id.js";

/** A store a batched consolidation rewrites: a consolidation store that also keeps `.memfiles/` notes. */
export type BatchConsolidateStore = ConsolidateStore &
  Pick<MemoryStore, "readInternal" | "appendInternal">;

/**
 * One file's consolidation in a batch: the options of `consolidate` but the client and model,
 * which the whole batch shares.
 */
export type BatchConsolidation = Omit<ConsolidateOptions, "client" | "model" | "store"> & {
  store: BatchConsolidateStore;
};

/**
 * A consolidation as `submitWritePasses` returns it: the consolidation given, plus its entry's
 * `custom_id`, the version token of the file its request was built from, and what was done. Give
 * these rows (not the originals) to `applyBatchResults`: the version says whether the file changed
 * since.
 */
export type SubmittedConsolidation = BatchConsolidation & {
  customId: string;
  /** `store.root`. */
  root: string;
  /** Version token of the file when the request was built (`"new"` when it was missing). */
  version: string;
  /**
   * `submitted`; `already_applied` (this file at this version was consolidated by an earlier
   * batch); or `missing_file` / `not_text` (no request: nothing to rewrite).
   */
  code: "submitted" | "already_applied" | "missing_file" | "not_text";
  /** Why there is no request, for `missing_file` and `not_text`. */
  message?: string;
};

/** What became of one consolidation entry; `errored`, `expired`, `canceled`, `missing` and `file_changed` may be resubmitted. */
export type BatchConsolidationOutcome = { customId: string; path: string; root: string } & (
  | { code: "applied"; result: ConsolidateResult }
  | { code: "already_applied" }
  | { code: "not_submitted"; reason: ConsolidateFailureCode | "already_applied" }
  | { code: "file_changed"; message: string }
  | { code: "errored"; message: string }
  | { code: "expired" | "canceled" | "missing" }
  | { code: "invalid_reply"; message: string }
);

/**
 * The `custom_id` of a consolidation (`batchCustomId`): kind `c`, the store, the memory path and
 * the version token its request is built from, e.g. `c-3f2a9c1e-topics-tools-md-9a0b1c2d`.
 */
export function consolidationCustomId(
  consolidation: Pick<BatchConsolidation, "store" | "path">,
  version: string,
): string {
  return batchCustomId("consolidate", consolidation.store.root, consolidation.path, version);
}

/**
 * Builds the batch entries of consolidations (one `buildConsolidateRequest` each, the file read
 * now). An entry this store applied already (same file, same version) is left out.
 */
export async function buildConsolidationEntries(
  consolidations: readonly BatchConsolidation[],
  client: Anthropic,
  model: string,
): Promise<{
  rows: SubmittedConsolidation[];
  requests: Anthropic.Messages.BatchCreateParams.Request[];
}> {
  const rows: SubmittedConsolidation[] = [];
  const requests: Anthropic.Messages.BatchCreateParams.Request[] = [];
  for (const given of consolidations) {
    const consolidation = withoutSubmitFields(given);
    const { root } = consolidation.store;
    const built = await buildConsolidateRequest({ ...consolidation, client, model });
    if (!built.ok) {
      const code = built.result.code === "not_text" ? "not_text" : "missing_file";
      const row = { ...consolidation, root, version: "new", message: built.result.message };
      rows.push({ ...row, customId: consolidationCustomId(consolidation, "new"), code });
      continue;
    }
    const { version } = built.request;
    const customId = consolidationCustomId(consolidation, version);
    if (rows.some((row) => row.customId === customId)) {
      throw new BatchSubmitError(
        `submitWritePasses: ${consolidation.path} of ${root} is listed twice for consolidation (custom_id ${customId}). ` +
          "Give each file once.",
        "duplicate_entry",
      );
    }
    if ((await readAppliedCustomIds(consolidation.store)).has(customId)) {
      rows.push({ ...consolidation, customId, root, version, code: "already_applied" });
      continue;
    }
    requests.push({ custom_id: customId, params: built.params });
    rows.push({ ...consolidation, customId, root, version, code: "submitted" });
  }
  return { rows, requests };
}

/** A submitted row back to the consolidation it was made from (to resubmit it). */
export function withoutSubmitFields(
  consolidation: BatchConsolidation | SubmittedConsolidation,
): BatchConsolidation {
  const {
    customId: _customId,
    root: _root,
    version: _version,
    code: _code,
    message: _message,
    ...rest
  } = consolidation as Partial<SubmittedConsolidation> & BatchConsolidation;
  return rest;
}

/** What applying one consolidation entry needs besides the entry. */
export type ApplyConsolidationContext = {
  batchId: string;
  client: Anthropic;
  model: string;
  onUsage?: OnUsage | undefined;
  onStep?: OnStep | undefined;
};

/**
 * Applies one consolidation entry of an ended batch: a file whose version token changed since the
 * request was built is `file_changed` (nothing written, usage still reported), else the reply goes
 * through `applyConsolidateReply`, guarded by that version token again.
 */
export async function applyConsolidationEntry(
  context: ApplyConsolidationContext,
  row: SubmittedConsolidation,
  results: Map<string, Anthropic.Messages.MessageBatchResult>,
): Promise<BatchConsolidationOutcome> {
  const { customId, path, root, store } = row;
  const base = { customId, path, root };
  if (row.code !== "submitted") return { ...base, code: "not_submitted", reason: row.code };
  if ((await readAppliedCustomIds(store)).has(customId)) {
    return { ...base, code: "already_applied" };
  }
  const result = results.get(customId);
  if (result === undefined) return { ...base, code: "missing" };
  if (result.type === "errored") {
    const detail = result.error.error as { type?: string; message?: string };
    return {
      ...base,
      code: "errored",
      message: `${detail.type ?? "error"}: ${detail.message ?? "no message"}`,
    };
  }
  if (result.type !== "succeeded") return { ...base, code: result.type };

  const onUsage = row.onUsage ?? context.onUsage;
  const onStep = row.onStep ?? context.onStep;
  const options: ConsolidateOptions = {
    ...withoutSubmitFields(row),
    client: context.client,
    model: context.model,
    ...(onUsage === undefined ? {} : { onUsage }),
    ...(onStep === undefined ? {} : { onStep }),
  };
  const current = await store.read(path);
  if (!current.exists || current.version !== row.version) {
    // The reply was paid for: its usage is reported even though nothing is applied.
    await reportUsage(onUsage, {
      sessionId: row.sessionId,
      stage: "consolidate",
      model: context.model,
      read: readUsage(result.message.usage),
      now: row.now ?? new Date(),
    });
    const now = current.exists ? `version ${current.version}` : "deleted";
    return {
      ...base,
      code: "file_changed",
      message:
        `${path} changed after its consolidation request was built (version ${row.version}, now ${now}): ` +
        "the rewrite was made from the older text, so it is not applied and the file is kept as it is. " +
        "Resubmit it to consolidate the file as it is now.",
    };
  }
  let applied: ConsolidateResult;
  try {
    applied = await applyConsolidateReply(
      options,
      { path, before: current.content, version: current.version },
      result.message,
    );
  } catch (error) {
    if (error instanceof ModelReplyError) {
      return { ...base, code: "invalid_reply", message: error.message };
    }
    throw error;
  }
  if (!applied.ok && applied.code === "version_conflict") {
    // Changed between this read and the write: as above, nothing written, may be resubmitted.
    return { ...base, code: "file_changed", message: applied.message };
  }
  await markCustomIdApplied(store, {
    customId,
    batchId: context.batchId,
    appliedAt: new Date().toISOString(),
  });
  return { ...base, code: "applied", result: applied };
}
