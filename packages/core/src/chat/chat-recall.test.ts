import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { UsageRecord } from "../usage/types.js";
import { chat } from "./chat.js";

const server = useMessagesApi();

const NOW = new Date("2026-10-02T08:00:00Z");
const HOSTING = `---
name: hosting
description: Where and how the user deploys services. Read for deployment questions.
---
[stated 2026/09/20] deploys every service on Fly.io
`;
const FOOD = `---
name: food
description: Diet and favourite dishes. Read for food and dinner questions.
---
[stated 2026/09/20] is vegetarian
`;
const BILLING = `name: billing
description: The billing API. Read for billing code questions.
scope: billing
updated: 2026/08/01
[stated 2026/08/01] invoices are built in src/billing/invoice.ts
`;

async function folder(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write("topics/hosting.md", HOSTING, "new");
  await store.write("topics/food.md", FOOD, "new");
  await store.write("projects/billing.md", BILLING, "new");
  return store;
}
const base = () => ({
  client: testClient(),
  model: "claude-opus-5-5",
  basePrompt: "BASE",
  rules: "RULES",
  now: NOW,
});
const ask = (text: string): Anthropic.MessageParam[] => [{ role: "user", content: text }];
const select = (files: number[]) => ({
  content: [toolUseBlock({ name: "select_memories", input: { files } })],
});

describe("chat with side-query recall", () => {
  it("adds the picked files after the cache breakpoints: the system prompt is byte-identical whichever files are picked", async () => {
    const store = await folder();
    // Catalog by path, project "billing": 1 projects/billing.md, 2 topics/food.md, 3 topics/hosting.md.
    const requests = mockMessages(server, [
      select([3]),
      { content: [textBlock("fly deploy")] },
      select([2]),
      { content: [textBlock("a risotto")] },
    ]);
    const usages: UsageRecord[] = [];
    const options = {
      ...base(),
      store,
      recall: { strategy: "side-query" as const, project: "billing" },
      onUsage: (record: UsageRecord) => {
        usages.push(record);
      },
    };
    const first = await chat({ ...options, messages: ask("How do I ship it?") });
    const second = await chat({ ...options, messages: ask("Dinner idea?") });
    const [, firstAnswer, , secondAnswer] = requests;
    expect(JSON.stringify(firstAnswer?.system)).toBe(JSON.stringify(secondAnswer?.system));
    const lastBlock = (request: typeof firstAnswer) => {
      const content = request?.messages.at(-1)?.content;
      return Array.isArray(content) ? JSON.stringify(content.at(-1)) : "";
    };
    expect(lastBlock(firstAnswer)).toContain("deploys every service on Fly.io");
    expect(lastBlock(firstAnswer)).not.toContain("vegetarian");
    expect(lastBlock(secondAnswer)).toContain("is vegetarian");
    expect(first.recall.files.map((file) => file.path)).toEqual(["topics/hosting.md"]);
    expect(second.recall.files.map((file) => file.path)).toEqual(["topics/food.md"]);
    expect(first.recall.sideQuery?.model).toBe("claude-haiku-5-5");
    expect(usages.map((record) => record.stage)).toEqual(["recall", "chat", "recall", "chat"]);
  });

  it("marks a picked memory whose named path is gone as possibly stale, with its date, and still shows it", async () => {
    const store = await folder();
    const requests = mockMessages(server, [select([1]), { content: [textBlock("ok")] }]);
    const result = await chat({
      ...base(),
      store,
      messages: ask("Where are invoices built?"),
      recall: { strategy: "side-query", project: "billing", verify: () => false },
    });
    const note = JSON.stringify(requests[1]?.messages.at(-1)?.content);
    expect(note).toContain("invoices are built in src/billing/invoice.ts");
    expect(note).toContain('possibly_stale=\\"true\\"');
    expect(note).toContain(
      "possibly stale: line 5 (stated 2026/08/01) names the path src/billing/invoice.ts, which was not found when checked",
    );
    expect(result.recall.files[0]?.possiblyStale).toBe(true);
  });

  it("says so in the result when the side query fails and keyword matching picked the files", async () => {
    const requests = mockMessages(server, [
      { content: [textBlock("I would pick hosting")] },
      { content: [textBlock("fly deploy")] },
    ]);
    const result = await chat({
      ...base(),
      store: await folder(),
      messages: ask("How do I deploy the new service?"),
      recall: { strategy: "side-query" },
    });
    expect(result.recall.fallback?.reason).toBe("unparsable_reply");
    expect(result.recall.files.map((file) => file.path)).toEqual(["topics/hosting.md"]);
    expect(JSON.stringify(requests[1]?.messages)).toContain("deploys every service on Fly.io");
  });
});

describe("chat with a project scope", () => {
  it("never lists or opens another project's memory", async () => {
    const requests = mockMessages(server, [
      { content: [toolUseBlock({ name: "memory_read", input: { path: "projects/billing.md" } })] },
      { content: [textBlock("no idea")] },
    ]);
    const result = await chat({
      ...base(),
      store: await folder(),
      messages: ask("Where are invoices built?"),
      recall: { project: "website" },
    });
    expect(JSON.stringify(requests[0]?.system)).not.toContain("billing");
    expect(result.toolCalls[0]?.result).toBe(
      'projects/billing.md is a memory of another project (scope: billing), and this conversation is in project "website"; it is not opened here. Answer without it.',
    );
    expect(JSON.stringify(requests[1])).not.toContain("invoice.ts");
  });

  it("opens it in its own project, with a staleness hint when no verify hook is given", async () => {
    mockMessages(server, [
      { content: [toolUseBlock({ name: "memory_read", input: { path: "projects/billing.md" } })] },
      { content: [textBlock("src/billing/invoice.ts")] },
    ]);
    const result = await chat({
      ...base(),
      store: await folder(),
      messages: ask("Where are invoices built?"),
      recall: { project: "billing" },
    });
    expect(result.toolCalls[0]?.result).toContain("invoices are built in src/billing/invoice.ts");
    expect(result.toolCalls[0]?.result).toContain(
      "a hint, not checked: line 5 (stated 2026/08/01) names the path src/billing/invoice.ts",
    );
    expect(result.recall).toEqual({ strategy: "index", project: "billing", files: [] });
  });
});
