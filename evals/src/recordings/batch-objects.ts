import type { JsonValue } from "./normalize.js";

/** A batch result as one line of the results JSONL gives it. */
export type BatchResultLine = { custom_id: string; result: JsonValue };

/** What a recording session keeps of a batch it answered. */
export type AnsweredBatch = { id: string; lines: BatchResultLine[] };

/** The `request_counts` of an ended batch, counted from its result lines. */
function requestCounts(lines: readonly BatchResultLine[]): Record<string, number> {
  const counts: Record<string, number> = {
    processing: 0,
    succeeded: 0,
    errored: 0,
    canceled: 0,
    expired: 0,
  };
  for (const line of lines) {
    const type = (line.result as { type?: string } | null)?.type ?? "";
    if (type in counts) counts[type] = (counts[type] ?? 0) + 1;
  }
  return counts;
}

/**
 * A Message Batch object as the API returns it (Retrieve a Message Batch,
 * https://platform.claude.com/docs/en/api/messages/batches/retrieve), for a batch answered from
 * recordings: `in_progress` right after create, `ended` when retrieved (replay has every result at
 * once). Times are fixed, so two replays answer alike.
 *
 * @param batch - The batch answered.
 * @param status - `in_progress` (create) or `ended` (retrieve).
 * @param origin - Origin of the request (`results_url` points back at it).
 * @returns The batch object.
 * @example batchObject({ id: "msgbatch_replay_1", lines: [] }, "ended", "https://api.anthropic.com")
 */
export function batchObject(
  batch: AnsweredBatch,
  status: "in_progress" | "ended",
  origin: string,
): Record<string, JsonValue> {
  const ended = status === "ended";
  const counts = requestCounts(batch.lines);
  return {
    id: batch.id,
    type: "message_batch",
    processing_status: status,
    request_counts: ended
      ? counts
      : {
          ...counts,
          processing: batch.lines.length,
          succeeded: 0,
          errored: 0,
          canceled: 0,
          expired: 0,
        },
    created_at: "2026-01-01T00:00:00Z",
    expires_at: "2026-01-02T00:00:00Z",
    ended_at: ended ? "2026-01-01T00:00:00Z" : null,
    archived_at: null,
    cancel_initiated_at: null,
    results_url: ended ? `${origin}/v1/messages/batches/${batch.id}/results` : null,
  };
}

/**
 * The results JSONL of a batch: one `{ custom_id, result }` object a line, each line ended by `\n`.
 *
 * @param lines - The result lines.
 * @returns The JSONL text.
 * @example formatResultsJsonl([{ custom_id: "a", result: { type: "expired" } }]) // '{"custom_id":"a","result":{"type":"expired"}}\n'
 */
export function formatResultsJsonl(lines: readonly BatchResultLine[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}

/**
 * Reads a results JSONL text (blank lines skipped).
 *
 * @param text - The JSONL text.
 * @returns The lines, parsed.
 * @throws {SyntaxError} when a line is not JSON.
 * @example parseResultsJsonl('{"custom_id":"a","result":{"type":"expired"}}\n')
 */
export function parseResultsJsonl(text: string): BatchResultLine[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as BatchResultLine);
}
