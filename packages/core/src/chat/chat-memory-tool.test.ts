import { getPrompt } from "@memfiles/prompts";
import { describe, expect, it } from "vitest";
import {
  MESSAGES_URL,
  mockMessages,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { forget } from "../layouts/index.js";
import type { MemoryStore } from "../store/memory-store.js";
import { refuse } from "../write/write-checks.js";
import { chat } from "./chat.js";

const server = useMessagesApi();

const HOSTING = `---
name: hosting
description: Where and how the user deploys services. Read for deployment questions.
---
[stated 2026/09/20] deploys every service on Fly.io
`;
const NOW = new Date("2026-10-02T08:00:00Z");
const fakeAnthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

async function memoryStore(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write("topics/hosting.md", HOSTING, "new");
  return store;
}

const base = () => ({
  client: testClient(),
  model: "claude-opus-5-5",
  basePrompt: "BASE",
  now: NOW,
  tools: "memory-tool" as const,
});

describe("chat with tools: memory-tool", () => {
  it("offers the memory tool with context editing on the beta endpoint, memory block still cached", async () => {
    const store = await memoryStore();
    const seen: Array<{ url: string; beta: string | null }> = [];
    server.events.on("request:start", ({ request }) => {
      seen.push({ url: request.url, beta: request.headers.get("anthropic-beta") });
    });
    const requests = mockMessages(server, [
      {
        content: [
          toolUseBlock({
            id: "toolu_1",
            name: "memory",
            input: { command: "view", path: "/memories/topics/hosting.md" },
          }),
        ],
      },
      { content: [textBlock("Run `fly launch`, then `fly deploy`.")] },
    ]);
    const result = await chat({
      ...base(),
      store,
      messages: [{ role: "user", content: "How do I ship the new billing service?" }],
    });
    server.events.removeAllListeners();
    expect(seen.map((request) => request.url)).toEqual([MESSAGES_URL, MESSAGES_URL]);
    expect(seen.every((request) => request.beta === "context-management-2025-06-27")).toBe(true);
    const first = requests[0] as unknown as Record<string, unknown>;
    expect(first.tools).toEqual([{ type: "memory_20250818", name: "memory" }]);
    expect(first.context_management).toEqual({
      edits: [{ type: "clear_tool_uses_20250919", exclude_tools: ["memory"] }],
    });
    const system = first.system as Array<{ text: string; cache_control?: unknown }>;
    expect(system[1]?.text).toBe(getPrompt("memory-tool-rules").text);
    expect(system[2]?.text).toContain("topics/hosting.md");
    expect(system[2]?.cache_control).toEqual({ type: "ephemeral" });
    expect(result.toolCalls).toEqual([
      {
        name: "memory",
        input: { command: "view", path: "/memories/topics/hosting.md" },
        result: [
          "Here's the content of /memories/topics/hosting.md with line numbers:",
          "     1\t---",
          "     2\tname: hosting",
          "     3\tdescription: Where and how the user deploys services. Read for deployment questions.",
          "     4\t---",
          "     5\t[stated 2026/09/20] deploys every service on Fly.io",
        ].join("\n"),
        isError: false,
      },
    ]);
    expect(result.text).toBe("Run `fly launch`, then `fly deploy`.");
  });

  it("remembers through create and str_replace, refuses a pasted key and a forgotten fact with is_error", async () => {
    const store = await memoryStore();
    await forget({ store, query: "my address", now: NOW });
    await store.write(
      "profile.md",
      "---\nname: profile\ndescription: Who the user is.\n---\n[stated 2026/09/12] home address is 12 Elm Street\n",
      "new",
    );
    await forget({ store, query: "home address", now: NOW });
    mockMessages(server, [
      {
        content: [
          toolUseBlock({
            id: "toolu_1",
            name: "memory",
            input: {
              command: "str_replace",
              path: "/memories/topics/hosting.md",
              old_str: "[stated 2026/09/20] deploys every service on Fly.io",
              new_str: "deploys every service on Render (moved from Fly.io)",
            },
          }),
          toolUseBlock({
            id: "toolu_2",
            name: "memory",
            input: {
              command: "create",
              path: "/memories/topics/keys.md",
              file_text: `anthropic key: ${fakeAnthropicKey}\n`,
            },
          }),
          toolUseBlock({
            id: "toolu_3",
            name: "memory",
            input: {
              command: "insert",
              path: "/memories/topics/hosting.md",
              insert_line: 4,
              insert_text: "home address is 12 Elm Street\n",
            },
          }),
        ],
      },
      { content: [textBlock("Noted: you deploy on Render now.")] },
    ]);
    const result = await chat({
      ...base(),
      store,
      messages: [{ role: "user", content: "I moved everything to Render. Remember that." }],
    });
    expect(result.toolCalls.map((call) => [call.isError, call.result.split("\n")[0]])).toEqual([
      [
        false,
        "The memory file has been edited. Here is the snippet showing the change (with line numbers):",
      ],
      [
        true,
        `Error: ${refuse("secret", { what: "the create of /memories/topics/keys.md", kinds: ["anthropic_api_key"], split: false }).message}`,
      ],
      [
        true,
        `Error: ${refuse("forgotten", { what: '"home address is 12 Elm Street" (the insert of /memories/topics/hosting.md)', date: "2026/10/02", rule: "same_fact" }).message}`,
      ],
    ]);
    const file = await store.read("topics/hosting.md");
    // The edit sets the header's `updated:` to the day of the conversation.
    expect(file.exists && file.content).toBe(
      HOSTING.replace("\n---\n[", "\nupdated: 2026/10/02\n---\n[").replace(
        "[stated 2026/09/20] deploys every service on Fly.io",
        "[stated 2026/10/02] deploys every service on Render (moved from Fly.io)",
      ),
    );
    expect((await store.read("topics/keys.md")).exists).toBe(false);
  });

  it("answers an unknown tool name with an error result", async () => {
    const store = await memoryStore();
    mockMessages(server, [
      { content: [toolUseBlock({ id: "toolu_1", name: "memory_read", input: { path: "x.md" } })] },
      { content: [textBlock("ok")] },
    ]);
    const result = await chat({ ...base(), store, messages: [{ role: "user", content: "hi" }] });
    expect(result.toolCalls.map((call) => [call.name, call.isError])).toEqual([
      ["memory_read", true],
    ]);
  });

  it("with a project, the memory tool neither reads nor changes another project's memory", async () => {
    const store = await memoryStore();
    const other =
      "---\nname: other-app\ndescription: The other app.\n---\n[stated 2026/09/01] ships on Fridays\n";
    await store.write("projects/other-app.md", other, "new");
    mockMessages(server, [
      {
        content: [
          toolUseBlock({
            id: "toolu_1",
            name: "memory",
            input: { command: "view", path: "/memories/projects/other-app.md" },
          }),
          toolUseBlock({
            id: "toolu_2",
            name: "memory",
            input: { command: "delete", path: "/memories/projects/other-app.md" },
          }),
        ],
      },
      { content: [textBlock("Done.")] },
    ]);
    const result = await chat({
      ...base(),
      store,
      recall: { project: "billing-api" },
      messages: [{ role: "user", content: "What do you know about the other app?" }],
    });
    const results = result.toolCalls.map((call) => call.result).join("\n");
    expect(results).not.toContain("ships on Fridays");
    expect(await store.read("projects/other-app.md")).toMatchObject({
      exists: true,
      content: other,
    });
  });
});
