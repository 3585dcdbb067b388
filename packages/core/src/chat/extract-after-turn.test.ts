import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { MemoryStore } from "../store/index.js";
import { extractAfterTurn } from "./extract-after-turn.js";

const server = useMessagesApi();

const MESSAGES: Anthropic.MessageParam[] = [
  { role: "user", content: "Old question, long ago." },
  { role: "assistant", content: "Old answer." },
  {
    role: "user",
    content: [{ type: "text", text: "I deploy everything on Fly.io. How do I add a secret?" }],
  },
  { role: "assistant", content: [{ type: "text", text: "Run fly secrets set NAME=value." }] },
];

async function factStore(): Promise<MemoryStore> {
  return new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-after-")), "memory"),
    layout: "fact",
  });
}

// The client is made per test, after msw is listening (the SDK keeps the fetch it was made with).
function base() {
  return {
    client: testClient(),
    model: "claude-haiku-4-5",
    date: "2026-09-12",
    now: new Date("2026-09-12T12:00:00Z"),
  };
}

describe("extractAfterTurn", () => {
  it("runs the write pass over the last N messages after a turn that ended without a tool call", async () => {
    const store = await factStore();
    const requests = mockMessages(server, [
      {
        content: [
          toolUseBlock({
            name: "propose_facts",
            input: {
              memories: [
                {
                  action: "save",
                  name: "deploy host",
                  type: "project",
                  description: "Where the user deploys.",
                  body: "Deploys everything on Fly.io.",
                  evidence: "I deploy everything on Fly.io",
                  replaces: null,
                },
              ],
            },
          }),
        ],
      },
    ]);
    const outcome = await extractAfterTurn({
      ...base(),
      store,
      lastMessages: 2,
      result: { stopReason: "end_turn", messages: MESSAGES, toolCalls: [] },
    });
    expect(outcome.ran && outcome.result.applied.map((item) => item.path)).toEqual([
      "deploy-host.md",
    ]);
    const sent = JSON.stringify(requests[0]?.messages);
    expect(sent).toContain("How do I add a secret?");
    expect(sent).not.toContain("Old question");
  });

  it.each([
    ["a turn cut off", { stopReason: "max_tokens" as const, toolCalls: [] }, "turn_not_ended"],
    [
      "a turn that wrote memory itself",
      {
        stopReason: "end_turn" as const,
        toolCalls: [{ name: "memory_write", input: {}, result: "", isError: false }],
      },
      "memory_written_in_turn",
    ],
  ])("does not run after %s", async (_name, result, reason) => {
    const store = await factStore();
    const requests = mockMessages(server, []);
    const outcome = await extractAfterTurn({
      ...base(),
      store,
      result: { ...result, messages: MESSAGES },
    });
    expect(outcome).toEqual({ ran: false, reason });
    expect(requests).toEqual([]);
  });
});
