import { createRequire } from "node:module";
import Anthropic from "@anthropic-ai/sdk";
import { HttpResponse, http } from "msw";
import { type SetupServerApi, setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/** The Messages API endpoint the real SDK calls. */
export const MESSAGES_URL = "https://api.anthropic.com/v1/messages";

/** A real SDK client aimed at the msw-mocked API; `maxRetries` (default 0) keeps the SDK's own retry logic. */
export function testClient(options: { maxRetries?: number } = {}): Anthropic {
  return new Anthropic({
    apiKey: "test-key",
    baseURL: "https://api.anthropic.com",
    maxRetries: options.maxRetries ?? 0,
  });
}

/**
 * The same client built from the SDK's CommonJS entry, as an application that loads it with
 * `require()` does: its error classes are other objects than those of the ESM import memfiles uses.
 */
export function commonJsClient(options: { maxRetries?: number } = {}): Anthropic {
  const required = createRequire(import.meta.url)("@anthropic-ai/sdk") as {
    default: typeof Anthropic;
  };
  return new required.default({
    apiKey: "test-key",
    baseURL: "https://api.anthropic.com",
    maxRetries: options.maxRetries ?? 0,
  });
}

/** The error classes of the SDK's CommonJS entry (see {@link commonJsClient}). */
export function commonJsSdk(): typeof Anthropic {
  return (createRequire(import.meta.url)("@anthropic-ai/sdk") as { default: typeof Anthropic })
    .default;
}

/** A text block, as the API returns it. */
export function textBlock(text: string): Anthropic.TextBlock {
  return { type: "text", text, citations: null };
}

/** A `tool_use` block calling tool `name` with `input`, as the API returns it. */
export function toolUseBlock(options: {
  name: string;
  input: unknown;
  id?: string;
}): Anthropic.ToolUseBlock {
  return {
    type: "tool_use",
    id: options.id ?? "toolu_01A09q90qw90lq917835lq9",
    name: options.name,
    input: options.input,
    caller: { type: "direct" },
  } as Anthropic.ToolUseBlock;
}

/**
 * A whole reply calling tool `name` with `input` (100 input, 20 output tokens), for code that takes
 * a reply rather than a request (`applyWriteReply`).
 */
export function toolUseMessage(name: string, input: unknown): Anthropic.Message {
  return {
    id: "msg_01",
    type: "message",
    role: "assistant",
    model: "claude-haiku-5-5",
    content: [toolUseBlock({ name, input })],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  } as Anthropic.Message;
}

/** A `thinking` block as Opus 5.5 returns it by default: empty text and a signature. */
export function thinkingBlock(
  signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds",
): Anthropic.ThinkingBlock {
  return { type: "thinking", thinking: "", signature };
}

/**
 * What the mock API answers to one request: a message (content blocks, stop reason, usage), or a
 * 529 overloaded error (see `overloaded`).
 */
export type MockReply =
  | {
      content:
        | Anthropic.ContentBlock[]
        | ((body: Anthropic.MessageCreateParams) => Anthropic.ContentBlock[]);
      /** Defaults to `tool_use` when the content has a `tool_use` block, else `end_turn`. */
      stopReason?: Anthropic.StopReason;
      /** Laid over the default usage (100 input, 20 output tokens, no cache). */
      usage?: Partial<Anthropic.Usage>;
      /** Runs while the request is in flight (e.g. a concurrent write). */
      during?: () => Promise<void>;
    }
  | { overloaded: { body: boolean } };

/**
 * A 529 `overloaded_error` as the API sends it, asking the SDK to retry after 1 ms (`retry-after-ms`).
 * `body: false` sends it without its JSON body: before a retry the SDK cancels the unread error
 * body, and cancelling the body of an msw-made response never resolves
 * (https://github.com/mswjs/interceptors/issues/799), so a retried 529 must have none. The SDK
 * reads the body only when it gives up, which `body: true` covers.
 */
export function overloaded(options: { body: boolean }): MockReply {
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
 * Answers `POST /v1/messages` with `replies` in order, in the API's response format, and records a
 * copy of each request body. A request past the last reply gets a 500 naming it, so the test fails.
 */
export function mockMessages(
  server: SetupServerApi,
  replies: MockReply[],
): Anthropic.MessageCreateParamsNonStreaming[] {
  const requests: Anthropic.MessageCreateParamsNonStreaming[] = [];
  server.use(
    http.post(MESSAGES_URL, async ({ request }) => {
      const body = (await request.json()) as Anthropic.MessageCreateParamsNonStreaming;
      requests.push(structuredClone(body));
      const reply = replies[requests.length - 1];
      if (reply === undefined) {
        return HttpResponse.json(
          {
            type: "error",
            error: { type: "api_error", message: `no mock reply for request #${requests.length}` },
          },
          { status: 500 },
        );
      }
      if ("overloaded" in reply) return overloadedResponse(reply.overloaded.body);
      await reply.during?.();
      const content = typeof reply.content === "function" ? reply.content(body) : reply.content;
      return HttpResponse.json(
        {
          id: `msg_01XFDUDYJgAACzvnptvVoYE${requests.length}`,
          type: "message",
          role: "assistant",
          model: body.model,
          content,
          stop_reason:
            reply.stopReason ??
            (content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn"),
          stop_sequence: null,
          usage: {
            input_tokens: 100,
            output_tokens: 20,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            ...reply.usage,
          },
        },
        { headers: { "request-id": `req_${requests.length}` } },
      );
    }),
  );
  return requests;
}

/**
 * The mocked Messages API of one test file: an msw server that fails on any request it has no
 * handler for, its handlers reset after each test. Call once at the top level of a test file.
 *
 * @returns The server, for `server.use(...)` or `mockMessages(server, ...)`.
 * @example const server = useMessagesApi();
 */
export function useMessagesApi(): SetupServerApi {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
