import Anthropic from "@anthropic-ai/sdk";
import { HttpResponse, http } from "msw";
import type { SetupServerApi } from "msw/node";

/** A reply the mock API gives: content blocks, stop reason and usage. */
export type MockReply = {
  content:
    | Anthropic.ContentBlock[]
    | ((body: Anthropic.MessageCreateParams) => Anthropic.ContentBlock[]);
  stopReason?: Anthropic.StopReason;
  usage?: Partial<Anthropic.Usage>;
  /** Runs while the request is in flight (e.g. a concurrent write). */
  during?: () => Promise<void>;
};

/** A real SDK client pointed at the msw-mocked API. */
export function testClient(): Anthropic {
  return new Anthropic({ apiKey: "test-key", maxRetries: 0 });
}

/** Text content block, as the API returns it. */
export function textBlock(text: string): Anthropic.TextBlock {
  return { type: "text", text, citations: null };
}

/** Tool-use content block, as the API returns it. */
export function toolUseBlock(id: string, name: string, input: unknown): Anthropic.ToolUseBlock {
  return {
    type: "tool_use",
    id,
    name,
    input,
    caller: { type: "direct" },
  } as Anthropic.ToolUseBlock;
}

/** Thinking block as Opus 5.5 returns it by default (empty text, a signature). */
export function thinkingBlock(signature: string): Anthropic.ThinkingBlock {
  return { type: "thinking", thinking: "", signature };
}

/**
 * Answers `POST /v1/messages` with `replies` in order and records each request body; a request
 * past the last reply gets a 500 so the test fails loudly.
 */
export function mockMessages(
  server: SetupServerApi,
  replies: MockReply[],
): Anthropic.MessageCreateParams[] {
  const requests: Anthropic.MessageCreateParams[] = [];
  server.use(
    http.post("https://api.anthropic.com/v1/messages", async ({ request }) => {
      const body = (await request.json()) as Anthropic.MessageCreateParams;
      requests.push(structuredClone(body));
      const reply = replies[requests.length - 1];
      if (reply === undefined) {
        return HttpResponse.json(
          {
            type: "error",
            error: { type: "api_error", message: `no mock reply #${requests.length}` },
          },
          { status: 500 },
        );
      }
      await reply.during?.();
      const content = typeof reply.content === "function" ? reply.content(body) : reply.content;
      return HttpResponse.json({
        id: `msg_${requests.length}`,
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
      });
    }),
  );
  return requests;
}
