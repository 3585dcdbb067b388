import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A content block the fake API answers with. */
export type FakeBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id?: string; name: string; input: Record<string, unknown> };

/** Decides the fake model's reply to one request body. */
export type FakeReply = (body: Record<string, unknown>, index: number) => FakeBlock[];

/** An error answer of the fake API: status, extra headers, and the body (JSON-encoded). */
export type FakeFailure = { status: number; headers?: Record<string, string>; body?: unknown };

/** Decides whether the fake API fails the request numbered `attempt` (0-based, every request). */
export type FakeFail = (attempt: number) => FakeFailure | undefined;

/** Options of the fake API: the input tokens it reports per answered request (default 100 + n). */
export type FakeApiOptions = { inputTokens?: (index: number) => number };

/** A running fake Messages API. */
export type FakeAnthropicApi = {
  /** Base URL to give the SDK (`ANTHROPIC_BASE_URL`), e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Request bodies received, in order. */
  requests: Record<string, unknown>[];
  /** Request headers received, in order. */
  headers: IncomingMessage["headers"][];
  /** Requests answered with an error by `fail`, in order (their bodies). */
  failed: Record<string, unknown>[];
  /** Message Batches API calls, in order (`POST /v1/messages/batches`, `GET …/:id`, `GET …/:id/results`). */
  batchCalls: string[];
  /** Token-counting requests (`POST /v1/messages/count_tokens`), in order (their bodies). */
  countTokens: Record<string, unknown>[];
  close: () => Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * Starts a fake Anthropic Messages API on 127.0.0.1 (random port) that answers `POST /v1/messages`
 * in the API's format with the blocks `reply` returns, and fixed usage figures; the Message Batches
 * endpoints answer each entry the same way.
 *
 * @param reply - The fake model.
 * @param fail - Optional: answers a request with an error instead (429, 529...); failed requests
 *   go to `failed`, not `requests`.
 * @param options - Optional: `{ inputTokens(index) }`, the usage the fake reports (budget tests).
 * @returns `{ url, requests, batchCalls, headers, failed, countTokens, close }`; `POST /v1/messages/count_tokens`
 *   answers `{ input_tokens: ceil(body chars / 4) }`.
 * @example const api = await startFakeAnthropicApi(() => [{ type: "text", text: "Hello" }]);
 */
export async function startFakeAnthropicApi(
  reply: FakeReply,
  fail?: FakeFail,
  options: FakeApiOptions = {},
): Promise<FakeAnthropicApi> {
  const requests: Record<string, unknown>[] = [];
  const failed: Record<string, unknown>[] = [];
  const countTokens: Record<string, unknown>[] = [];
  const headers: IncomingMessage["headers"][] = [];
  let toolCount = 0;
  const batches = new Map<string, unknown[]>();
  const batchCalls: string[] = [];
  let url = "";
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    if (request.method === "POST" && request.url?.startsWith("/v1/messages/count_tokens")) {
      countTokens.push(JSON.parse(text) as Record<string, unknown>);
      // A stand-in count: the body's length / 4, so a test can check what was stored.
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ input_tokens: Math.ceil(text.length / 4) }));
      return;
    }
    if (request.url?.startsWith("/v1/messages/batches")) {
      answerBatch(request, text, response);
      return;
    }
    if (request.method !== "POST" || !request.url?.startsWith("/v1/messages")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ type: "error", error: { type: "not_found_error", message: "no" } }),
      );
      return;
    }
    const body = JSON.parse(text) as Record<string, unknown>;
    const failure = fail?.(requests.length + failed.length);
    if (failure !== undefined) {
      failed.push(body);
      response.writeHead(failure.status, {
        "content-type": "application/json",
        ...failure.headers,
      });
      response.end(JSON.stringify(failure.body ?? {}));
      return;
    }
    requests.push(body);
    headers.push(request.headers);
    const content = withIds(reply(body, requests.length - 1));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(message(body, content, "standard")));
  });

  // A tool_use block the reply gave an id keeps it (a reply replayed from a recording, whose next
  // request quotes that id); the others get the fake's own.
  function withIds(blocks: FakeBlock[]): FakeBlock[] {
    return blocks.map((block) =>
      block.type === "tool_use" ? { id: `toolu_fake_${++toolCount}`, ...block } : block,
    );
  }

  function message(body: Record<string, unknown>, content: unknown[], serviceTier: string) {
    return {
      id: `msg_fake_${requests.length}`,
      type: "message",
      role: "assistant",
      model: body.model,
      content,
      stop_reason: content.some((block) => (block as FakeBlock).type === "tool_use")
        ? "tool_use"
        : "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: options.inputTokens?.(requests.length) ?? 100 + requests.length,
        output_tokens: 20,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        service_tier: serviceTier,
      },
    };
  }

  // The Message Batches API: a created batch has ended by its first retrieve; each entry is
  // answered by `reply` (its params count as a request), usage with `service_tier: "batch"`.
  function answerBatch(request: IncomingMessage, text: string, response: ServerResponse): void {
    const path = request.url ?? "";
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    const object = (id: string, ended: boolean) => ({
      id,
      type: "message_batch",
      processing_status: ended ? "ended" : "in_progress",
      request_counts: {
        processing: ended ? 0 : 1,
        succeeded: 0,
        errored: 0,
        canceled: 0,
        expired: 0,
      },
      created_at: "2026-09-12T18:30:00Z",
      expires_at: "2026-09-13T18:30:00Z",
      ended_at: ended ? "2026-09-12T18:31:00Z" : null,
      archived_at: null,
      cancel_initiated_at: null,
      results_url: ended ? `${url}/v1/messages/batches/${id}/results` : null,
    });
    if (request.method === "POST" && path === "/v1/messages/batches") {
      const id = `msgbatch_fake_${batches.size + 1}`;
      const lines = (
        JSON.parse(text) as { requests: { custom_id: string; params: Record<string, unknown> }[] }
      ).requests.map(({ custom_id, params }) => {
        requests.push(params);
        headers.push(request.headers);
        const content = withIds(reply(params, requests.length - 1));
        return {
          custom_id,
          result: { type: "succeeded", message: message(params, content, "batch") },
        };
      });
      batches.set(id, lines);
      batchCalls.push(`POST ${path}`);
      json(200, object(id, false));
      return;
    }
    const match = /^\/v1\/messages\/batches\/([^/]+)(\/results)?$/.exec(path);
    const lines = match === null ? undefined : batches.get(match[1] as string);
    if (request.method !== "GET" || match === null || lines === undefined) {
      json(404, {
        type: "error",
        error: { type: "not_found_error", message: `no batch at ${path}` },
      });
      return;
    }
    batchCalls.push(
      `GET ${match[2] === undefined ? "/v1/messages/batches/:id" : "/v1/messages/batches/:id/results"}`,
    );
    if (match[2] === undefined) {
      json(200, object(match[1] as string, true));
      return;
    }
    response.writeHead(200, { "content-type": "application/binary" });
    response.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    batchCalls,
    requests,
    headers,
    failed,
    countTokens,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
