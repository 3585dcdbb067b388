import type Anthropic from "@anthropic-ai/sdk";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import {
  MESSAGES_URL,
  mockMessages,
  testClient,
  textBlock,
  thinkingBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { ModelReplyShapeError } from "../cost/model-reply-shape-error.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { UsageRecord } from "../usage/types.js";
import { chat } from "./chat.js";
import { ChatLoopLimitError } from "./chat-loop-limit-error.js";
import { ChatReplyError } from "./chat-reply-error.js";

const server = useMessagesApi();

const HOSTING = `---
name: hosting
description: Where and how the user deploys services. Read for deployment questions.
---
[stated 2026/09/20] deploys every service on Fly.io
`;
const NOW = new Date("2026-10-02T08:00:00Z");
const QUESTION: Anthropic.MessageParam = {
  role: "user",
  content: "How do I ship the new billing service?",
};

async function memoryStore(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write("topics/hosting.md", HOSTING, "new");
  await store.write(
    "profile.md",
    "---\nname: profile\ndescription: Who the user is.\n---\n[stated 2026/09/12] is a backend developer\n",
    "new",
  );
  return store;
}

// A client per test: the SDK keeps the fetch it finds at construction, so build it after listen().
const base = () => ({
  client: testClient(),
  model: "claude-opus-5-5",
  basePrompt: "BASE",
  rules: "RULES",
  now: NOW,
});

describe("chat", () => {
  it("reads a file, then answers; passes thinking blocks back unchanged and sums usage", async () => {
    const store = await memoryStore();
    const firstTurn = [
      thinkingBlock("sig-1"),
      toolUseBlock({ id: "toolu_1", name: "memory_read", input: { path: "topics/hosting.md" } }),
    ];
    const requests = mockMessages(server, [
      { content: firstTurn, usage: { cache_creation_input_tokens: 900 } },
      {
        content: [thinkingBlock("sig-2"), textBlock("Run `fly launch` in the service folder.")],
        usage: { cache_read_input_tokens: 900 },
      },
    ]);
    const records: UsageRecord[] = [];
    const result = await chat({
      ...base(),
      store,
      messages: [QUESTION],
      sessionId: "s1",
      onUsage: (record) => {
        records.push(record);
      },
    });

    expect(result.text).toEqual("Run `fly launch` in the service folder.");
    expect(result.toolCalls).toEqual([
      {
        name: "memory_read",
        input: { path: "topics/hosting.md" },
        result: `<memory_file path="topics/hosting.md">\n${HOSTING.trimEnd()}\n</memory_file>`,
        isError: false,
      },
    ]);
    expect(result.usage).toEqual({
      input: 200,
      output: 40,
      cacheWrite5m: 900,
      cacheWrite1h: 0,
      cacheRead: 900,
    });
    expect(records.map((record) => [record.sessionId, record.stage, record.date])).toEqual([
      ["s1", "chat", "2026-10-02T08:00:00.000Z"],
      ["s1", "chat", "2026-10-02T08:00:00.000Z"],
    ]);
    expect(requests[1]?.messages).toEqual([
      QUESTION,
      { role: "assistant", content: firstTurn },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: result.toolCalls[0]?.result },
        ],
      },
    ]);
    expect(result.messages).toHaveLength(4);
    const system = requests[0]?.system as Anthropic.TextBlockParam[];
    expect(system.map((block) => [block.text.slice(0, 8), block.cache_control])).toEqual([
      ["BASE", undefined],
      ["RULES", { type: "ephemeral" }],
      ["<memory>", { type: "ephemeral" }],
    ]);
    expect(requests[0]?.tool_choice).toBeUndefined();
  });

  it("tells the model when a file does not exist", async () => {
    const store = await memoryStore();
    mockMessages(server, [
      {
        content: [
          toolUseBlock({ id: "toolu_1", name: "memory_read", input: { path: "people/sam.md" } }),
        ],
      },
      { content: [textBlock("I have nothing stored about Sam.")] },
    ]);
    const result = await chat({ ...base(), store, messages: [QUESTION] });
    expect(result.toolCalls).toEqual([
      {
        name: "memory_read",
        input: { path: "people/sam.md" },
        result:
          "No such file: people/sam.md. Nothing is stored there; the memory index lists every file that exists.",
        isError: false,
      },
    ]);
  });

  it.each([
    {
      name: "an unknown tool",
      call: toolUseBlock({ id: "toolu_1", name: "web_search", input: { query: "fly.io" } }),
      result: 'Unknown tool "web_search". The tools are: memory_read, memory_write.',
    },
    {
      name: "a path outside the folder",
      call: toolUseBlock({ id: "toolu_1", name: "memory_read", input: { path: "../secrets.md" } }),
      result: expect.stringMatching(/^Cannot read \.\.\/secrets\.md: MemoryPathError: /),
    },
    {
      name: "bad tool input",
      call: toolUseBlock({
        id: "toolu_1",
        name: "memory_read",
        input: { file: "topics/hosting.md" },
      }),
      result: expect.stringMatching(/^Invalid input for memory_read:\n✖ .+\n {2}→ at path$/),
    },
  ])("answers $name with an error tool result, not a crash", async ({ call, result }) => {
    const store = await memoryStore();
    const requests = mockMessages(server, [{ content: [call] }, { content: [textBlock("Done.")] }]);
    const chatResult = await chat({ ...base(), store, messages: [QUESTION] });
    expect(chatResult.toolCalls).toEqual([
      { name: call.name, input: call.input, result, isError: true },
    ]);
    expect(requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: chatResult.toolCalls[0]?.result,
          is_error: true,
        },
      ],
    });
  });

  it("remembers and forgets through memory_write, with is_error on a refused write", async () => {
    const store = await memoryStore();
    mockMessages(server, [
      {
        content: [
          toolUseBlock({
            id: "toolu_1",
            name: "memory_write",
            input: {
              action: "remember",
              file: "topics/hosting.md",
              fact: "keeps staging on Render",
            },
          }),
          toolUseBlock({
            id: "toolu_2",
            name: "memory_write",
            input: {
              action: "remember",
              file: "topics/hosting.md",
              fact: "pays with card 4111 1111 1111 1111",
            },
          }),
          toolUseBlock({
            id: "toolu_3",
            name: "memory_write",
            input: { action: "forget", query: "Fly.io" },
          }),
        ],
      },
      { content: [textBlock("Done: staging on Render noted, Fly.io forgotten.")] },
    ]);
    const result = await chat({
      ...base(),
      store,
      messages: [{ role: "user", content: "Remember I keep staging on Render. Forget Fly.io." }],
    });
    expect(
      result.toolCalls.map((call) => [call.name, JSON.parse(call.result).code, call.isError]),
    ).toEqual([
      ["memory_write", "applied", false],
      ["memory_write", "secret", true],
      ["memory_write", "removed", false],
    ]);
    const file = await store.read("topics/hosting.md");
    expect(
      file.exists && file.content.split("\n").filter((line) => line.startsWith("[stated")),
    ).toEqual(["[stated 2026/10/02] keeps staging on Render"]);
  });

  it.each(["undefined", "null", "N/A"])(
    "refuses memory_write of the placeholder %j as a fact (issue 10, item 9)",
    async (fact) => {
      const store = await memoryStore();
      const before = await store.read("profile.md");
      mockMessages(server, [
        {
          content: [
            toolUseBlock({
              id: "toolu_1",
              name: "memory_write",
              input: { action: "remember", file: "profile.md", fact },
            }),
          ],
        },
        { content: [textBlock("I could not save that.")] },
      ]);
      const result = await chat({
        ...base(),
        store,
        messages: [{ role: "user", content: "Remember that." }],
      });
      expect(result.toolCalls.map((call) => [JSON.parse(call.result).code, call.isError])).toEqual([
        ["invalid_fact", true],
      ]);
      expect(await store.read("profile.md")).toEqual(before);
    },
  );

  it("stops with ChatLoopLimitError after maxRounds requests", async () => {
    const store = await memoryStore();
    const again = {
      content: [
        toolUseBlock({ id: "toolu_x", name: "memory_read", input: { path: "profile.md" } }),
      ],
    };
    const requests = mockMessages(server, [again, again, again, again]);
    const error = await chat({ ...base(), store, messages: [QUESTION], maxRounds: 3 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ChatLoopLimitError);
    expect(error).toMatchObject({ name: "ChatLoopLimitError", maxRounds: 3 });
    expect((error as ChatLoopLimitError).toolCalls).toHaveLength(3);
    expect(requests).toHaveLength(3);
  });

  it("runs no tool from a reply cut off at max_tokens and throws ChatReplyError", async () => {
    const store = await memoryStore();
    const before = await store.read("topics/hosting.md");
    const requests = mockMessages(server, [
      {
        content: [
          thinkingBlock("sig-1"),
          toolUseBlock({
            id: "toolu_1",
            name: "memory_write",
            input: { action: "forget", query: "Fly.io" },
          }),
          toolUseBlock({
            id: "toolu_2",
            name: "memory_write",
            input: {
              action: "remember",
              file: "topics/hosting.md",
              fact: "keeps staging on Ren",
            },
          }),
        ],
        stopReason: "max_tokens",
      },
      { content: [textBlock("Done.")] },
    ]);
    const records: UsageRecord[] = [];
    const error = await chat({
      ...base(),
      store,
      maxTokens: 256,
      messages: [{ role: "user", content: "Forget Fly.io. Remember I keep staging on Render." }],
      onUsage: (record) => {
        records.push(record);
      },
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatReplyError);
    expect(error).toMatchObject({
      name: "ChatReplyError",
      code: "truncated_tool_call",
      stopReason: "max_tokens",
      maxTokens: 256,
      toolCalls: [],
      messages: [{ role: "user", content: "Forget Fly.io. Remember I keep staging on Render." }],
    });
    expect((error as Error).message).toEqual(
      "chat refused a reply from claude-opus-5-5: it was cut off at max_tokens (256 tokens) in a " +
        "reply that calls memory_write, memory_write, so a tool input may be incomplete. None of " +
        "its tool calls was run and nothing was written. Raise maxTokens (thinking counts toward " +
        "it) and send the conversation again.",
    );
    expect(await store.read("topics/hosting.md")).toEqual(before);
    expect(requests).toHaveLength(1);
    expect(records).toHaveLength(1);
  });

  it("runs no tool from a reply that calls tools but stopped with a refusal", async () => {
    const store = await memoryStore();
    const before = await store.read("topics/hosting.md");
    const requests = mockMessages(server, [
      {
        content: [
          toolUseBlock({
            id: "toolu_1",
            name: "memory_write",
            input: { action: "forget", query: "Fly.io" },
          }),
        ],
        stopReason: "refusal",
      },
      { content: [textBlock("Done.")] },
    ]);
    const error = await chat({
      ...base(),
      store,
      messages: [{ role: "user", content: "Forget Fly.io." }],
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatReplyError);
    expect(error).toMatchObject({
      name: "ChatReplyError",
      code: "unrequested_tool_call",
      stopReason: "refusal",
      toolCalls: [],
    });
    expect((error as Error).message).toContain(
      'stopped with stop_reason "refusal", not "tool_use"',
    );
    expect(await store.read("topics/hosting.md")).toEqual(before);
    expect(requests).toHaveLength(1);
  });

  it.each([
    {
      name: "a complete answer",
      content: [thinkingBlock("sig-1"), textBlock("Use `fly deploy`.")],
      stopReason: "end_turn",
      text: "Use `fly deploy`.",
    },
    {
      name: "a thinking block only",
      content: [thinkingBlock("sig-1")],
      stopReason: "end_turn",
      text: "",
    },
    { name: "a refusal", content: [], stopReason: "refusal", text: "" },
    {
      name: "text cut off at max_tokens",
      content: [thinkingBlock("sig-1"), textBlock("First, run `fly la")],
      stopReason: "max_tokens",
      text: "First, run `fly la",
    },
  ] as const)("returns the API's stopReason with the text: $name", async (reply) => {
    const store = await memoryStore();
    mockMessages(server, [{ content: [...reply.content], stopReason: reply.stopReason }]);
    const result = await chat({ ...base(), store, messages: [QUESTION] });
    expect({ text: result.text, stopReason: result.stopReason }).toEqual({
      text: reply.text,
      stopReason: reply.stopReason,
    });
  });

  it.each(["MEMORY.md", "memory.md", "./MEMORY.md"])(
    "answers memory_read(%j) with where the index is, not a message about writing",
    async (path) => {
      const store = await memoryStore();
      mockMessages(server, [
        { content: [toolUseBlock({ id: "toolu_1", name: "memory_read", input: { path } })] },
        { content: [textBlock("Done.")] },
      ]);
      const result = await chat({ ...base(), store, messages: [QUESTION] });
      expect(result.toolCalls).toEqual([
        {
          name: "memory_read",
          input: { path },
          result:
            "MEMORY.md is the generated index of the memory files; it is already in your system " +
            "prompt (the memory index, path and description of each file). Read one of the files it lists instead.",
          isError: false,
        },
      ]);
    },
  );

  it("shows bidi controls in a read file as visible escapes", async () => {
    const store = await memoryStore();
    await store.write(
      "topics/pets.md",
      "---\nname: pets\ndescription: Pets.\n---\n[stated 2026/09/20] has a cat named \u202Eeznerol\u202C\n",
      "new",
    );
    mockMessages(server, [
      {
        content: [
          toolUseBlock({ id: "toolu_1", name: "memory_read", input: { path: "topics/pets.md" } }),
        ],
      },
      { content: [textBlock("Done.")] },
    ]);
    const result = await chat({ ...base(), store, messages: [QUESTION] });
    expect(result.toolCalls[0]?.result).toEqual(
      '<memory_file path="topics/pets.md">\n---\nname: pets\ndescription: Pets.\n---\n' +
        "[stated 2026/09/20] has a cat named \\u202Eeznerol\\u202C\n</memory_file>",
    );
  });

  it.each([
    { name: "no usage", body: { hello: "world" }, field: "usage" },
    {
      name: "usage without content",
      body: { type: "message", usage: { input_tokens: 1, output_tokens: 1 } },
      field: "content",
    },
  ])("throws ModelReplyShapeError on a 200 reply with $name", async ({ body, field }) => {
    const store = await memoryStore();
    server.use(http.post(MESSAGES_URL, () => HttpResponse.json(body)));
    const error = await chat({ ...base(), store, messages: [QUESTION] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ModelReplyShapeError);
    expect(error).toMatchObject({ name: "ModelReplyShapeError", field });
  });
});

describe("chat: one conversation over several user turns", () => {
  it("resends the first system and effort, and brings memory saved between turns as a note on the new message", async () => {
    const store = await memoryStore();
    const requests = mockMessages(server, [
      { content: [thinkingBlock("sig-1"), textBlock("Use your CI's secret store.")] },
      { content: [thinkingBlock("sig-2"), textBlock("flyctl deploy --remote-only")] },
    ]);
    const first = await chat({ ...base(), store, messages: [QUESTION], effort: "low" });
    await store.write(
      "preferences.md",
      "---\nname: preferences\ndescription: How the user wants answers.\n---\n[stated 2026/10/02] wants Fly.io examples\n",
      "new",
    );
    const next: Anthropic.MessageParam = { role: "user", content: "And the deploy step?" };
    const second = await chat({
      ...base(),
      store,
      messages: [...first.messages, next],
      conversation: first.conversation,
      effort: "high",
    });

    const [one, two] = requests;
    expect(two?.system).toEqual(one?.system);
    expect(two?.tools).toEqual(one?.tools);
    // the conversation's effort, not the later call's
    expect([one?.output_config, two?.output_config]).toEqual([
      { effort: "low" },
      { effort: "low" },
    ]);
    expect(two?.messages.slice(0, 2)).toEqual([
      QUESTION,
      {
        role: "assistant",
        content: [thinkingBlock("sig-1"), textBlock("Use your CI's secret store.")],
      },
    ]);
    const note = two?.messages[2];
    expect(note?.role).toEqual("user");
    expect(Array.isArray(note?.content) ? note.content.map((block) => block.type) : []).toEqual([
      "text",
      "text",
    ]);
    const [asked, update] = Array.isArray(note?.content) ? note.content : [];
    expect(asked).toEqual({ type: "text", text: "And the deploy step?" });
    expect(update?.type === "text" ? update.text : "").toMatch(
      /^<memory_update date="2026-10-02">\n[\s\S]*wants Fly\.io examples[\s\S]*<\/memory_update>$/,
    );
    expect(second.conversation.system).toBe(first.conversation.system);
    expect(second.conversation.memorySeen).toContain("wants Fly.io examples");
  });

  it("adds no note when memory did not change between turns", async () => {
    const store = await memoryStore();
    const requests = mockMessages(server, [
      { content: [textBlock("one")] },
      { content: [textBlock("two")] },
    ]);
    const first = await chat({ ...base(), store, messages: [QUESTION] });
    const next: Anthropic.MessageParam = { role: "user", content: "And then?" };
    await chat({
      ...base(),
      store,
      messages: [...first.messages, next],
      conversation: first.conversation,
    });
    expect(requests[1]?.messages.at(-1)).toEqual(next);
    expect(requests[1]?.output_config).toEqual({ effort: "medium" });
  });
});
