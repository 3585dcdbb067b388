import type Anthropic from "@anthropic-ai/sdk";
import { buildWriteRequest } from "../layouts/index.js";
import type { MemoryStore } from "../store/index.js";
import type { WritePassOptions, WriteStore } from "../write/index.js";
import { readAppliedCustomIds } from "./applied-custom-ids.js";
import {
  type BatchConsolidation,
  buildConsolidationEntries,
  type SubmittedConsolidation,
} from "./batch-consolidations.js";
import { BatchSubmitError } from "./batch-submit-error.js";
import { batchCustomId } from "./custom-id.js";

/** A store a batch writes to: a write-pass store that can also append to `.memfiles/`. */
export type BatchStore = WriteStore & Pick<MemoryStore, "appendInternal">;

/**
 * One session's write pass in a batch: the options of `writePass` but the client and model, which
 * the whole batch shares. Give the same object to `submitWritePasses` and `applyBatchResults`.
 */
export type BatchWriteSession = Omit<WritePassOptions, "client" | "model" | "store"> & {
  store: BatchStore;
};

/** Options of {@link submitWritePasses}. */
export type SubmitWritePassesOptions = {
  sessions: readonly BatchWriteSession[];
  /**
   * Consolidations to send in the same batch (one entry per file, `custom_id` `c-…`): the options
   * of `consolidate` but client and model. Default none.
   */
  consolidations?: readonly BatchConsolidation[];
  client: Anthropic;
  /** Model id, e.g. `claude-haiku-5-5`. */
  model: string;
};

/** A session sent in the batch, or left out because its entry was applied already. */
export type SubmittedWritePass = {
  customId: string;
  /** `batchSessionId(session)`. */
  sessionId: string;
  /** `store.root`. */
  root: string;
  code: "submitted" | "already_applied";
};

/** Result of {@link submitWritePasses}. */
export type SubmitWritePassesResult = {
  /** The Message Batch id; `undefined` when every session was applied already (no batch made). */
  batchId: string | undefined;
  sessions: SubmittedWritePass[];
  /**
   * One row per consolidation given (present when `consolidations` was given): give these rows
   * to `applyBatchResults` as `consolidations`.
   */
  consolidations?: SubmittedConsolidation[];
};

/** The `custom_id` of a session's write pass (see `batchCustomId`). */
export function writePassCustomId(session: BatchWriteSession): string {
  return batchCustomId("write", session.store.root, batchSessionId(session));
}

/**
 * The session id a batch names a session by: `sessionId`, else `transcript.sessionId`.
 *
 * @throws {BatchSubmitError} `missing_session_id` when the session has neither.
 */
export function batchSessionId(session: BatchWriteSession): string {
  const id = session.sessionId ?? session.transcript.sessionId;
  if (id === undefined || id === "") {
    throw new BatchSubmitError(
      `A batched write pass needs a session id (store ${session.store.root}, session dated ${session.transcript.date}): ` +
        "set transcript.sessionId or sessionId; the batch entry's custom_id is made from it.",
      "missing_session_id",
    );
  }
  return id;
}

/**
 * Sends the write passes of many sessions, and any consolidations, as one Message Batch (half the
 * price, results within 24 hours: https://platform.claude.com/docs/en/build-with-claude/batch-processing).
 * Each entry's `params` is the request `writePass` (or `consolidate`) would send, built now; its
 * `custom_id` names the store and session (or path and version token). An entry this store has
 * applied already is left out, so resubmitting after a partial failure sends only what is left.
 * Nothing is written here: `applyBatchResults` applies the replies (decisions 0019, 0026).
 *
 * @param options - `{ sessions, consolidations?, client, model }`: each session the options of
 *   `writePass` but client and model; each consolidation those of `consolidate`.
 * @returns `{ batchId, sessions, consolidations? }`: a row per session (`submitted`,
 *   `already_applied`) and per consolidation (also `missing_file`, `not_text`).
 * @throws {BatchSubmitError} when two entries share a `custom_id` or a session has no id.
 * @throws {Anthropic.APIError} when the batch cannot be created.
 * @example
 * const { batchId } = await submitWritePasses({ sessions: [{ store, transcript }], client, model: "claude-haiku-5-5" });
 */
export async function submitWritePasses(
  options: SubmitWritePassesOptions,
): Promise<SubmitWritePassesResult> {
  const { client, model } = options;
  const rows: SubmittedWritePass[] = [];
  const requests: Anthropic.Messages.BatchCreateParams.Request[] = [];
  const appliedByRoot = new Map<string, Set<string>>();
  for (const session of options.sessions) {
    const customId = writePassCustomId(session);
    const sessionId = batchSessionId(session);
    const { root } = session.store;
    if (rows.some((row) => row.customId === customId)) {
      throw new BatchSubmitError(
        `submitWritePasses: session "${sessionId}" of ${root} is listed twice (custom_id ${customId}). ` +
          "Give each session once; its write pass reads the whole transcript.",
        "duplicate_entry",
      );
    }
    const applied = appliedByRoot.get(root) ?? (await readAppliedCustomIds(session.store));
    appliedByRoot.set(root, applied);
    if (applied.has(customId)) {
      rows.push({ customId, sessionId, root, code: "already_applied" });
      continue;
    }
    const params = await buildWriteRequest({ ...session, client, model });
    requests.push({ custom_id: customId, params });
    rows.push({ customId, sessionId, root, code: "submitted" });
  }
  const consolidations =
    options.consolidations === undefined
      ? undefined
      : await buildConsolidationEntries(options.consolidations, client, model);
  requests.push(...(consolidations?.requests ?? []));
  const result = consolidations === undefined ? {} : { consolidations: consolidations.rows };
  if (requests.length === 0) return { batchId: undefined, sessions: rows, ...result };
  const batch = await client.messages.batches.create({ requests });
  return { batchId: batch.id, sessions: rows, ...result };
}
