import type Anthropic from "@anthropic-ai/sdk";

/**
 * How far before the import's own clock a batch's `created_at` may be and still be its batch: the
 * API's clock and this machine's may differ.
 */
const CLOCK_SKEW_MS = 10 * 60_000;

/** What {@link findSentBatch} looks for: when the import began sending, and its entries' ids. */
export type SentBatchQuery = {
  /** ISO time written just before the batch was sent. */
  sendingAt: string;
  /** The `custom_id` of every session the import was sending. */
  customIds: readonly string[];
};

/**
 * Finds the batch an import sent but did not note (it stopped between creating the batch and
 * writing its id). The Batches API keeps no caller metadata on a batch and shows an entry's
 * `custom_id` only in the results of an ended batch (Create / List Message Batches,
 * https://platform.claude.com/docs/en/api/messages/batches/list), so: among the batches created
 * since `sendingAt` (less a clock margin) with at most as many entries (an entry applied already is
 * not sent), an ended one whose results' `custom_id`s are all the import's is it; else the
 * earliest still in progress is taken, as applying matches every result by `custom_id` (an
 * unrelated batch would apply nothing, and its sessions stay to import).
 *
 * @param client - The Anthropic client.
 * @param query - `{ sendingAt, customIds }`.
 * @returns The batch id, or `undefined` when no batch was created (the send never reached the API).
 * @throws {Anthropic.APIError} when listing batches or reading results fails.
 * @example const batchId = await findSentBatch(client, { sendingAt, customIds });
 */
export async function findSentBatch(
  client: Anthropic,
  query: SentBatchQuery,
): Promise<string | undefined> {
  const since = Date.parse(query.sendingAt) - CLOCK_SKEW_MS;
  const ours = new Set(query.customIds);
  let running: string | undefined;
  // Newest first: stop at the first batch older than the send.
  for await (const batch of client.messages.batches.list({ limit: 100 })) {
    if (Date.parse(batch.created_at) < since) break;
    const counts = batch.request_counts;
    const entries =
      counts.processing + counts.succeeded + counts.errored + counts.canceled + counts.expired;
    if (entries === 0 || entries > ours.size) continue;
    if (batch.processing_status !== "ended") {
      running = batch.id;
      continue;
    }
    let all = true;
    for await (const line of await client.messages.batches.results(batch.id)) {
      if (!ours.has(line.custom_id)) all = false;
    }
    if (all) return batch.id;
  }
  return running;
}
