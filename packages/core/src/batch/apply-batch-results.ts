import { setTimeout as sleepFor } from "node:timers/promises";
import type Anthropic from "@anthropic-ai/sdk";
import { applyWriteReply } from "../layouts/index.js";
import { ModelReplyError } from "../tool-reply/index.js";
import type { OnStep, OnUsage } from "../usage/index.js";
import type { WritePassResult } from "../write/index.js";
import { markCustomIdApplied, readAppliedCustomIds } from "./applied-custom-ids.js";
import {
  applyConsolidationEntry,
  type BatchConsolidation,
  type BatchConsolidationOutcome,
  type SubmittedConsolidation,
  withoutSubmitFields,
} from "./batch-consolidations.js";
import {
  type BatchWriteSession,
  batchSessionId,
  writePassCustomId,
} from "./submit-write-passes.js";

/** How {@link applyBatchResults} waits for a batch still processing. */
export type BatchWait = {
  /** Give up after this long, ms; default 86,400,000 (24 h, when a batch expires). */
  timeoutMs?: number;
  /** First pause between two polls, ms; default 5,000. Each next pause doubles. */
  firstDelayMs?: number;
  /** Longest pause, ms; default 300,000 (5 min). */
  maxDelayMs?: number;
  /** Sleeps `ms`; default `setTimeout` of `node:timers/promises` (tests pass a fake). */
  sleep?: (ms: number) => Promise<unknown>;
  /** Called after each poll that finds the batch not ended, with the time waited so far (ms). */
  onPoll?: (batch: Anthropic.Messages.MessageBatch, waitedMs: number) => void;
};

/** Options of {@link applyBatchResults}. */
export type ApplyBatchResultsOptions = {
  /** The id `submitWritePasses` returned. */
  batchId: string;
  /** The sessions given to `submitWritePasses` (matched to results by `custom_id`). */
  sessions: readonly BatchWriteSession[];
  /** The `consolidations` rows `submitWritePasses` returned (default none). */
  consolidations?: readonly SubmittedConsolidation[] | undefined;
  client: Anthropic;
  model: string;
  /** Polls until the batch ends (backoff, see {@link BatchWait}); `false` (default) polls once. */
  wait?: BatchWait | false;
  /** Usage of every applied reply (stage `write`, modifiers `{ serviceTier: "batch" }`); a session's own `onUsage` wins. */
  onUsage?: OnUsage;
  onStep?: OnStep;
};

/** What became of one session's entry; `errored`, `expired`, `canceled` and `missing` may be resubmitted. */
export type BatchSessionOutcome = { customId: string; sessionId: string; root: string } & (
  | { code: "applied"; result: WritePassResult }
  | { code: "already_applied" }
  | { code: "errored"; message: string }
  | { code: "expired" | "canceled" | "missing" }
  | { code: "invalid_reply"; message: string }
);

/** Result of {@link applyBatchResults}. */
export type ApplyBatchResultsResult =
  | {
      status: "ended";
      /** One per session given, in the order given. */
      outcomes: BatchSessionOutcome[];
      /** The sessions to give `submitWritePasses` again (errored, expired, canceled, missing). */
      resubmit: BatchWriteSession[];
      /** One per consolidation row given, in order (present when `consolidations` was given). */
      consolidations?: BatchConsolidationOutcome[];
      /**
       * The consolidations to give `submitWritePasses` again (errored, expired, canceled, missing,
       * file_changed); present when `consolidations` was given.
       */
      resubmitConsolidations?: BatchConsolidation[];
    }
  | {
      status: "in_progress" | "canceling";
      requestCounts: Anthropic.Messages.MessageBatchRequestCounts;
    };

const RESUBMIT = new Set<BatchSessionOutcome["code"]>([
  "errored",
  "expired",
  "canceled",
  "missing",
]);

/**
 * Applies the results of a write-pass batch (`submitWritePasses`) to memory, once the batch has
 * ended (with `wait`, polled after 5 s, 10 s, 20 s… up to 5 min a pause). A succeeded reply goes
 * through `applyWriteReply`, every check of `writePass`, against the files as they are now, and
 * its `custom_id` is noted in `.memfiles/batch-applied.jsonl` so applying twice is a no-op. A
 * consolidation entry is applied only to the file version its request was built from
 * (`file_changed` otherwise). Usage is reported at the batch's service tier (decisions 0019, 0026).
 *
 * @param options - `{ batchId, sessions, consolidations?, client, model, wait?, onUsage?, onStep? }`.
 * @returns `{ status: "ended", outcomes, resubmit, consolidations?, resubmitConsolidations? }`
 *   (outcomes `applied`, `invalid_reply`, `already_applied`, `errored`, `expired`, `canceled`,
 *   `missing`; the last four are listed in `resubmit`), or `{ status, requestCounts }` when the
 *   batch has not ended.
 * @throws {Anthropic.APIError} when retrieving the batch or its results fails.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * const outcome = await applyBatchResults({ batchId, sessions, client, model, wait: {} });
 * if (outcome.status === "ended" && outcome.resubmit.length > 0) await submitWritePasses({ sessions: outcome.resubmit, client, model });
 */
export async function applyBatchResults(
  options: ApplyBatchResultsOptions,
): Promise<ApplyBatchResultsResult> {
  const { client, batchId } = options;
  const batch = await waitForBatch(client, batchId, options.wait ?? false);
  if (batch.processing_status !== "ended") {
    return { status: batch.processing_status, requestCounts: batch.request_counts };
  }
  const results = new Map<string, Anthropic.Messages.MessageBatchResult>();
  for await (const line of await client.messages.batches.results(batchId)) {
    results.set(line.custom_id, line.result);
  }
  const outcomes: BatchSessionOutcome[] = [];
  const resubmit: BatchWriteSession[] = [];
  for (const session of options.sessions) {
    const outcome = await applyOne(options, session, results);
    outcomes.push(outcome);
    if (RESUBMIT.has(outcome.code)) resubmit.push(session);
  }
  if (options.consolidations === undefined) return { status: "ended", outcomes, resubmit };
  const consolidations: BatchConsolidationOutcome[] = [];
  const resubmitConsolidations: BatchConsolidation[] = [];
  for (const row of options.consolidations) {
    const outcome = await applyConsolidationEntry(options, row, results);
    consolidations.push(outcome);
    if (RESUBMIT_CONSOLIDATION.has(outcome.code)) {
      resubmitConsolidations.push(withoutSubmitFields(row));
    }
  }
  return { status: "ended", outcomes, resubmit, consolidations, resubmitConsolidations };
}

const RESUBMIT_CONSOLIDATION = new Set<BatchConsolidationOutcome["code"]>([
  ...RESUBMIT,
  "file_changed",
] as BatchConsolidationOutcome["code"][]);

async function waitForBatch(
  client: Anthropic,
  batchId: string,
  wait: BatchWait | false,
): Promise<Anthropic.Messages.MessageBatch> {
  let batch = await client.messages.batches.retrieve(batchId);
  if (wait === false) return batch;
  const sleep = wait.sleep ?? sleepFor;
  const maxDelay = wait.maxDelayMs ?? 300_000;
  let delay = wait.firstDelayMs ?? 5_000;
  let waited = 0;
  const timeout = wait.timeoutMs ?? 86_400_000;
  while (batch.processing_status !== "ended" && waited < timeout) {
    wait.onPoll?.(batch, waited);
    const pause = Math.min(delay, maxDelay, timeout - waited);
    await sleep(pause);
    waited += pause;
    delay *= 2;
    batch = await client.messages.batches.retrieve(batchId);
  }
  return batch;
}

async function applyOne(
  options: ApplyBatchResultsOptions,
  session: BatchWriteSession,
  results: Map<string, Anthropic.Messages.MessageBatchResult>,
): Promise<BatchSessionOutcome> {
  const customId = writePassCustomId(session);
  const base = {
    customId,
    sessionId: batchSessionId(session),
    root: session.store.root,
  };
  // Read per entry, not once per batch: another applier may have noted it meanwhile.
  if ((await readAppliedCustomIds(session.store)).has(customId)) {
    return { ...base, code: "already_applied" };
  }
  const result = results.get(customId);
  if (result === undefined) return { ...base, code: "missing" };
  switch (result.type) {
    case "errored":
      return { ...base, code: "errored", message: describeError(result.error) };
    case "expired":
    case "canceled":
      return { ...base, code: result.type };
    case "succeeded":
      break;
  }
  const onUsage = session.onUsage ?? options.onUsage;
  const onStep = session.onStep ?? options.onStep;
  let applied: WritePassResult;
  try {
    applied = await applyWriteReply(
      {
        ...session,
        client: options.client,
        model: options.model,
        ...(onUsage === undefined ? {} : { onUsage }),
        ...(onStep === undefined ? {} : { onStep }),
      },
      result.message,
    );
  } catch (error) {
    if (error instanceof ModelReplyError) {
      return { ...base, code: "invalid_reply", message: error.message };
    }
    throw error;
  }
  await markCustomIdApplied(session.store, {
    customId,
    batchId: options.batchId,
    appliedAt: new Date().toISOString(),
  });
  return { ...base, code: "applied", result: applied };
}

function describeError(error: Anthropic.ErrorResponse): string {
  const detail = error.error as { type?: string; message?: string };
  return `${detail.type ?? "error"}: ${detail.message ?? "no message"}`;
}
