import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, textBlock, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import type { MemoryStore } from "../store/memory-store.js";
import { chat } from "./chat.js";

const server = useMessagesApi();

const file = (name: string, lines: string[]) =>
  `---\nname: ${name}\ndescription: ${name} notes.\n---\n${lines.join("\n")}\n`;

async function folder(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(
    "topics/hosting.md",
    file("hosting", ["[stated 2026/09/20] deploys every service on Fly.io"]),
    "new",
  );
  await store.write(
    "topics/food.md",
    file("food", ["[stated 2026/08/02] is vegetarian", "[stated 2026/08/03] loves risotto"]),
    "new",
  );
  return store;
}
const ask = (text: string): Anthropic.MessageParam[] => [{ role: "user", content: text }];

describe("chat with budgeted recall", () => {
  it("adds the best lines within the budget after the cache breakpoints; no model call for recall", async () => {
    const store = await folder();
    const requests = mockMessages(server, [
      { content: [textBlock("fly")] },
      { content: [textBlock("risotto")] },
    ]);
    const options = {
      client: testClient(),
      model: "claude-opus-5-5",
      basePrompt: "BASE",
      rules: "RULES",
      now: new Date("2026-10-02T08:00:00Z"),
      store,
      recall: { strategy: "budget" as const, maxTokens: 300 },
    };
    const first = await chat({ ...options, messages: ask("Where do I deploy a service?") });
    const second = await chat({ ...options, messages: ask("Any risotto idea?") });
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[0]?.system)).toBe(JSON.stringify(requests[1]?.system));
    const last = (index: number) => JSON.stringify(requests[index]?.messages.at(-1)?.content);
    // The note heads each day's lines with one date (the content is JSON here, so the line break
    // shows as \n).
    expect(last(0)).toContain("[2026/09/20]\\ndeploys every service on Fly.io");
    expect(last(0)).not.toContain("vegetarian");
    expect(last(1)).toContain("[2026/08/03]\\nloves risotto");
    expect(first.recall).toMatchObject({ strategy: "budget", files: [] });
    expect(first.recall.budget?.maxTokens).toBe(300);
    expect(second.recall.budget?.lines).toBeGreaterThan(0);
  });
});
