import type Anthropic from "@anthropic-ai/sdk";
import { HttpResponse, http } from "msw";
import type { SetupServerApi } from "msw/node";

const BATCHES_URL = "https://api.anthropic.com/v1/messages/batches";
const BATCH_ID = "msgbatch_013Zva2CMHLNnXjNJJKqJ2EF";

/** A Message Batch object in the shape the API returns (Retrieve a Message Batch reference). */
function batchObject(
  status: Anthropic.Messages.MessageBatch["processing_status"],
  count: number,
): Anthropic.Messages.MessageBatch {
  const ended = status === "ended";
  return {
    id: BATCH_ID,
    type: "message_batch",
    processing_status: status,
    request_counts: {
      processing: ended ? 0 : count,
      succeeded: ended ? count : 0,
      errored: 0,
      canceled: 0,
      expired: 0,
    },
    created_at: "2026-09-12T18:30:00Z",
    expires_at: "2026-09-13T18:30:00Z",
    ended_at: ended ? "2026-09-12T18:40:00Z" : null,
    archived_at: null,
    cancel_initiated_at: null,
    results_url: ended ? `${BATCHES_URL}/${BATCH_ID}/results` : null,
  };
}

/** A succeeded result carrying a tool call (`propose_memories` unless `name`), usage as a batch reports it. */
export function succeeded(
  input: unknown,
  name = "propose_memories",
): Anthropic.Messages.MessageBatchResult {
  return {
    type: "succeeded",
    message: {
      id: "msg_01BatchReply",
      type: "message",
      role: "assistant",
      model: "claude-haiku-5-5",
      content: [
        {
          type: "tool_use",
          id: "toolu_01Batch",
          name,
          input,
          caller: { type: "direct" },
        } as Anthropic.ToolUseBlock,
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: {
        input_tokens: 100,
        output_tokens: 20,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        service_tier: "batch",
      } as Anthropic.Usage,
    } as Anthropic.Message,
  };
}

/** What `mockBatches` answers for each entry of the created batch, by its position and params. */
export type BatchAnswer = (
  request: Anthropic.Messages.BatchCreateParams.Request,
  index: number,
) => Anthropic.Messages.MessageBatchResult | undefined;

/**
 * Serves the batch endpoints (create, retrieve, list, results as JSONL) from `answer`; `statuses`
 * are the processing statuses successive retrieves report (the last one repeats; list reports the
 * current one without moving on). List shows the batch made last, `created_at` the time it was.
 */
export function mockBatches(
  server: SetupServerApi,
  answer: BatchAnswer,
  statuses: Anthropic.Messages.MessageBatch["processing_status"][] = ["ended"],
): { created: Anthropic.Messages.BatchCreateParams[]; retrieves: () => number } {
  const created: Anthropic.Messages.BatchCreateParams[] = [];
  let retrieves = 0;
  let createdAt: string | undefined;
  const count = () => created.at(-1)?.requests.length ?? 0;
  server.use(
    http.post(BATCHES_URL, async ({ request }) => {
      created.push((await request.json()) as Anthropic.Messages.BatchCreateParams);
      createdAt = new Date().toISOString();
      return HttpResponse.json({ ...batchObject("in_progress", count()), created_at: createdAt });
    }),
    http.get(BATCHES_URL, () => {
      const status = statuses[Math.min(retrieves, statuses.length - 1)] ?? "ended";
      const data =
        createdAt === undefined ? [] : [{ ...batchObject(status, count()), created_at: createdAt }];
      return HttpResponse.json({
        data,
        has_more: false,
        first_id: data[0]?.id ?? null,
        last_id: data[0]?.id ?? null,
      });
    }),
    http.get(`${BATCHES_URL}/:id/results`, () => {
      const lines = (created.at(-1)?.requests ?? []).flatMap((request, index) => {
        const result = answer(request, index);
        return result === undefined
          ? []
          : [JSON.stringify({ custom_id: request.custom_id, result })];
      });
      return new HttpResponse(lines.map((line) => `${line}\n`).join(""), {
        headers: { "content-type": "application/binary" },
      });
    }),
    http.get(`${BATCHES_URL}/:id`, () => {
      const status = statuses[Math.min(retrieves, statuses.length - 1)] ?? "ended";
      retrieves += 1;
      return HttpResponse.json(batchObject(status, count()));
    }),
  );
  return { created, retrieves: () => retrieves };
}
