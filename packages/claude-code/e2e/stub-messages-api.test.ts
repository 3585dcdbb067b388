import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  proposalsFor,
  type StubMessagesApi,
  startStubMessagesApi,
  userTurns,
} from "./stub-messages-api.js";

// The stub's own rules, so an e2e failure can be told apart from a stub that proposes the wrong
// thing. The request texts follow the layout of memfiles' write-pass message.

function factRequest(index: string, turns: ReadonlyArray<[string, string]>): string {
  return [
    "Today is 2026/12/06 (UTC).",
    "",
    "<memory_index>",
    "Every memory file (one fact each), with its name, type and when to open it.",
    index,
    "</memory_index>",
    "",
    '<transcript date="2026-12-06">',
    ...turns.map(([role, content]) => `<turn role="${role}">\n${content}\n</turn>`),
    "</transcript>",
  ].join("\n");
}

describe("proposalsFor", () => {
  it.each([
    {
      name: "a user sentence, quoted exactly as evidence",
      turns: [["user", "Hi there. I deploy on Fly.io. Thanks!"]] as Array<[string, string]>,
      expected: [{ body: "The user deploys on Fly.io.", evidence: "I deploy on Fly.io." }],
    },
    {
      name: "nothing from an assistant turn",
      turns: [["assistant", "I deploy on Fly.io."]] as Array<[string, string]>,
      expected: [],
    },
    {
      name: "the last statement of a topic",
      turns: [
        ["user", "I deploy on Heroku."],
        ["user", "Actually I now deploy on Render."],
      ] as Array<[string, string]>,
      expected: [
        { body: "The user deploys on Render.", evidence: "Actually I now deploy on Render." },
      ],
    },
    {
      name: "a credential, as a credulous model would",
      turns: [["user", "my API key is sk-ant-api03-abc"]] as Array<[string, string]>,
      expected: [
        { body: "The user's key is sk-ant-api03-abc.", evidence: "my API key is sk-ant-api03-abc" },
      ],
    },
    {
      name: "nothing from noise",
      turns: [["user", "Error: listen EADDRINUSE :::5173 at /home/me/app/server.ts:12"]] as Array<
        [string, string]
      >,
      expected: [],
    },
  ])("proposes $name", ({ turns, expected }) => {
    const proposals = proposalsFor("propose_facts", factRequest("(no memory files yet)", turns));
    expect(proposals.map(({ body, evidence }) => ({ body, evidence }))).toEqual(expected);
  });

  it("names the fact file that already holds the topic in replaces", () => {
    const request = factRequest("- deploy-host.md — Deploy host (user): Where the user deploys", [
      ["user", "I deploy on Render."],
    ]);
    expect(proposalsFor("propose_facts", request)).toEqual([
      {
        action: "save",
        name: "Deploy host",
        type: "user",
        description: "Where the user deploys their apps.",
        body: "The user deploys on Render.",
        evidence: "I deploy on Render.",
        replaces: "deploy-host.md",
      },
    ]);
  });

  it("names the subject line it replaces and no description for a file that exists", () => {
    const request = [
      "<memory_index>",
      "- topics/hosting.md: Where the user deploys.",
      "</memory_index>",
      "<memory_lines>",
      '<file path="topics/hosting.md">',
      "[stated 2026/11/01] The user deploys on Heroku",
      "</file>",
      "</memory_lines>",
      '<transcript date="2026-12-06">',
      '<turn role="user">\nI deploy on Render.\n</turn>',
      "</transcript>",
    ].join("\n");
    expect(proposalsFor("propose_memories", request)).toEqual([
      {
        file: "topics/hosting.md",
        fact: "The user deploys on Render",
        evidence: "I deploy on Render.",
        replaces: "The user deploys on Heroku",
        description: null,
      },
    ]);
  });

  it("reads user turns with the request's fence undone", () => {
    expect(userTurns('<turn role="user">\n&lt;b> I deploy on Fly.io\n</turn>')).toEqual([
      "<b> I deploy on Fly.io",
    ]);
  });
});

describe("the stub over HTTP", () => {
  let api: StubMessagesApi;
  beforeAll(async () => {
    api = await startStubMessagesApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it("streams a conversation reply as server-sent events", async () => {
    const response = await fetch(`${api.url}/v1/messages?beta=true`, {
      method: "POST",
      body: JSON.stringify({
        model: "claude-opus-5-5",
        stream: true,
        messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
      }),
    });
    const events = (await response.text())
      .split("\n")
      .filter((line) => line.startsWith("event: "))
      .map((line) => line.slice("event: ".length));
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(events).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(api.requests.at(-1)?.kind).toBe("conversation");
  });

  it("answers a write pass with one tool call and records unknown paths", async () => {
    const response = await fetch(`${api.url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({
        model: "claude-haiku-5-5",
        tools: [{ name: "propose_facts" }],
        messages: [{ role: "user", content: factRequest("", [["user", "I'm vegetarian."]]) }],
      }),
    });
    const message = (await response.json()) as { content: Array<Record<string, unknown>> };
    expect(message.content).toMatchObject([
      {
        type: "tool_use",
        name: "propose_facts",
        input: { memories: [{ evidence: "I'm vegetarian." }] },
      },
    ]);
    const unknown = await fetch(`${api.url}/api/hello`);
    expect(unknown.status).toBe(404);
    expect(api.unknownPaths).toEqual(["GET /api/hello"]);
    expect(api.requestsOf("write_pass")).toHaveLength(1);
  });
});
