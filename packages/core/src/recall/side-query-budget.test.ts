import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { estimateTokens } from "../cost/cache-minimum.js";
import type { MemoryRow } from "../store/types.js";
import { formatSelectRequest, selectMemories } from "./side-query.js";
import { DEFAULT_SIDE_QUERY_MAX_TOKENS } from "./side-query-budget.js";

const server = useMessagesApi();

// A folder of `count` one-fact files whose descriptions are ~140 chars, as a store recall reads.
function bigStore(count: number) {
  const rows: MemoryRow[] = Array.from({ length: count }, (_, index) => ({
    path: `topics/note-${String(index).padStart(5, "0")}.md`,
    name: `note ${index}`,
    description: `Note number ${index} about project ${index % 97}, its deadline, the people on it, and what the user decided about the release plan.`,
    chars: 300,
  }));
  rows.push({
    path: "topics/hosting.md",
    name: "hosting",
    description: "Where the user deploys services: Fly.io.",
    chars: 200,
  });
  return {
    list: () => rows,
    read: (path: string) => ({ path, exists: false as const, version: "new" as const }),
  };
}

describe("the side query within a token budget", () => {
  it.each([
    [10_000, DEFAULT_SIDE_QUERY_MAX_TOKENS],
    [10_000, 5_000],
  ])("sends at most the budget's tokens at %i files (budget %i)", async (files, budget) => {
    const store = bigStore(files);
    const requests = mockMessages(server, [
      { content: [toolUseBlock({ name: "select_memories", input: { files: [1] } })] },
    ]);
    const unbudgeted = estimateTokens(formatSelectRequest("Where do I deploy?", store.list()));
    expect(unbudgeted).toBeGreaterThan(budget);
    await selectMemories({
      store,
      client: testClient(),
      query: "Where do I deploy?",
      maxRequestTokens: budget,
    });
    const sent = String(requests[0]?.messages[0]?.content);
    expect(estimateTokens(sent)).toBeLessThanOrEqual(budget);
    // The file that answers the request is kept.
    expect(sent).toContain("hosting: Where the user deploys services: Fly.io.");
  });

  it("sends the whole catalog when it fits", async () => {
    const store = bigStore(10);
    const requests = mockMessages(server, [
      { content: [toolUseBlock({ name: "select_memories", input: { files: [1] } })] },
    ]);
    await selectMemories({ store, client: testClient(), query: "Where do I deploy?" });
    expect(String(requests[0]?.messages[0]?.content)).toContain('<catalog files="11">');
  });
});
