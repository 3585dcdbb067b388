import type Anthropic from "@anthropic-ai/sdk";
import type { MemoryStore } from "../store/index.js";
import { buildWriteRequest, type WritePassOptions, type WriteStore } from "../write/index.js";
import { readAppliedCustomIds } from "./applied-custom-ids.js";
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
};

/**
 * The `custom_id` of a session's write pass (see `batchCustomId`).
 *
 * @param session - The session as given to {@link submitWritePasses}.
 * @returns The id.
 * @example writePassCustomId({ store, transcript })
 */
export function writePassCustomId(session: BatchWriteSession): string {
  return batchCustomId("write", session.store.root, batchSessionId(session));
}

/**
 * The session id a batch names a session by: `sessionId`, else `transcript.sessionId`.
 *
 * @param session - The session as given to {@link submitWritePasses}.
 * @returns The id.
 * @throws {Error} when the session has neither (a batch result could not be matched to it).
 * @example batchSessionId({ store, transcript: { sessionId: "s1", date, turns } }) // "s1"
 */
export function batchSessionId(session: BatchWriteSession): string {
  const id = session.sessionId ?? session.transcript.sessionId;
  if (id === undefined || id === "") {
    throw new Error(
      `A batched write pass needs a session id (store ${session.store.root}, session dated ${session.transcript.date}): ` +
        "set transcript.sessionId or sessionId; the batch entry's custom_id is made from it.",
    );
  }
  return id;
}

/**
 * Sends the write passes of many sessions as ONE Message Batch (half the price of input and output,
 * results within 24 hours: https://platform.claude.com/docs/en/build-with-claude/batch-processing).
 * Each entry's `params` is the request `writePass` would send (`buildWriteRequest`, memory read
 * now), its `custom_id` names the store and session (`writePassCustomId`). A session whose entry
 * this store has applied already (`.memfiles/batch-applied.jsonl`) is left out, so resubmitting a
 * list after a partial failure sends only what is left. Nothing is written to memory here:
 * `applyBatchResults` applies the replies.
 *
 * @param options - `{ sessions, client, model }`: each session `{ store, transcript, prompt?, now?, … }`
 *   (the options of `writePass` but client and model).
 * @returns `{ batchId, sessions }`: one row per session, `submitted` or `already_applied`.
 * @throws {Error} when two sessions share a `custom_id` (the same store and session id twice), or a
 *   session has no id.
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
      throw new Error(
        `submitWritePasses: session "${sessionId}" of ${root} is listed twice (custom_id ${customId}). ` +
          "Give each session once; its write pass reads the whole transcript.",
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
  if (requests.length === 0) return { batchId: undefined, sessions: rows };
  const batch = await client.messages.batches.create({ requests });
  return { batchId: batch.id, sessions: rows };
}
