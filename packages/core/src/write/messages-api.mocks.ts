import Anthropic from "@anthropic-ai/sdk";
import { HttpResponse, http } from "msw";
import type { SetupServerApi } from "msw/node";

/** The Messages API endpoint the real SDK calls. */
export const MESSAGES_URL = "https://api.anthropic.com/v1/messages";

/** A real SDK client aimed at the mocked API; the SDK's own retry logic stays on. */
export function testClient(maxRetries = 0): Anthropic {
  return new Anthropic({ apiKey: "test-key", baseURL: "https://api.anthropic.com", maxRetries });
}

/** Usage as the API reports it, cache fields included. */
export function apiUsage(input = 1840, output = 212): Anthropic.Usage {
  return {
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    server_tool_use: null,
    service_tier: "standard",
  } as Anthropic.Usage;
}

/** A `tool_use` block calling `propose_memories` (or another tool) with `input`. */
export function toolUseBlock(input: unknown, name = "propose_memories"): Anthropic.ToolUseBlock {
  return {
    type: "tool_use",
    id: "toolu_01A09q90qw90lq917835lq9",
    name,
    input,
  } as Anthropic.ToolUseBlock;
}

/** The empty `thinking` block Opus 5.5 puts first by default. */
export function emptyThinkingBlock(): Anthropic.ThinkingBlock {
  return {
    type: "thinking",
    thinking: "",
    signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds",
  };
}

/** A text block. */
export function textBlock(text: string): Anthropic.TextBlock {
  return { type: "text", text, citations: null };
}

/** What the mock answers to one request: a message, or a 529 overloaded error. */
export type MockAnswer =
  | { content: Anthropic.ContentBlock[]; stopReason?: Anthropic.StopReason }
  | { overloaded: { body: boolean } };

/**
 * A 529 `overloaded_error` as the API sends it, asking the SDK to retry after 1 ms (`retry-after-ms`).
 * `body: false` sends it without its JSON body: before a retry the SDK cancels the unread error
 * body, and cancelling the body of an msw-made response never resolves
 * (https://github.com/mswjs/interceptors/issues/799), so a retried 529 must have none. The SDK
 * reads the body only when it gives up, which `body: true` covers.
 */
export function overloaded(options: { body: boolean }): MockAnswer {
  return { overloaded: options };
}

function overloadedResponse(body: boolean): Response {
  const headers = { "retry-after-ms": "1", "request-id": "req_011CSHoEeqs5C35K2UUqR7Fy" };
  if (!body) return new HttpResponse(null, { status: 529, headers });
  return HttpResponse.json(
    {
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
      request_id: headers["request-id"],
    },
    { status: 529, headers },
  );
}

/**
 * Answers `POST /v1/messages` with `answers` in order, in the API's response format, and records
 * each request body. A request past the last answer gets a 500 naming it, so the test fails.
 */
export function answerMessages(
  server: SetupServerApi,
  answers: MockAnswer[],
): Anthropic.MessageCreateParamsNonStreaming[] {
  const requests: Anthropic.MessageCreateParamsNonStreaming[] = [];
  server.use(
    http.post(MESSAGES_URL, async ({ request }) => {
      const body = (await request.json()) as Anthropic.MessageCreateParamsNonStreaming;
      requests.push(body);
      const answer = answers[requests.length - 1];
      if (answer === undefined) {
        return HttpResponse.json(
          {
            type: "error",
            error: { type: "api_error", message: `no mock answer for request #${requests.length}` },
          },
          { status: 500 },
        );
      }
      if ("overloaded" in answer) return overloadedResponse(answer.overloaded.body);
      return HttpResponse.json(
        {
          id: `msg_01XFDUDYJgAACzvnptvVoYE${requests.length}`,
          type: "message",
          role: "assistant",
          model: body.model,
          content: answer.content,
          stop_reason: answer.stopReason ?? "tool_use",
          stop_sequence: null,
          usage: apiUsage(),
        },
        { headers: { "request-id": `req_${requests.length}` } },
      );
    }),
  );
  return requests;
}
