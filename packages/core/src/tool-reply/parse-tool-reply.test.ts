import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseToolReply } from "./parse-tool-reply.js";

const tool = { name: "save", schema: z.object({ content: z.string() }) };

function reply(...content: Anthropic.ContentBlock[]): Anthropic.Message {
  return { content } as Anthropic.Message;
}

function call(name: string, input: unknown): Anthropic.ToolUseBlock {
  return { type: "tool_use", id: "toolu_1", name, input } as Anthropic.ToolUseBlock;
}

const text = { type: "text", text: "Here it is." } as Anthropic.TextBlock;

describe("parseToolReply", () => {
  it.each([
    [
      "one valid call",
      reply(text, call("save", { content: "x" })),
      { success: true, value: { content: "x" } },
    ],
    ["no call (text only)", reply(text), { success: false, code: "no_tool_call", issues: "" }],
    [
      "a call of another tool only",
      reply(call("other", {})),
      { success: false, code: "no_tool_call", issues: "" },
    ],
    [
      "two calls",
      reply(call("save", { content: "x" }), call("save", { content: "y" })),
      { success: false, code: "several_tool_calls", issues: "" },
    ],
    [
      "an invalid input",
      reply(call("save", { content: 3 })),
      {
        success: false,
        code: "invalid_tool_input",
        issues: "✖ Invalid input: expected string, received number\n  → at content",
      },
    ],
  ])("%s", (_name, message, expected) => {
    expect(parseToolReply(message, tool)).toMatchObject(expected);
  });
});
