import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import type { MemoryStore } from "../store/memory-store.js";
import { selectMemories } from "./side-query.js";

const server = useMessagesApi();

const file = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n[stated 2026/08/01] something about ${name}\n`;

// A catalog of three (sam, food, hosting: numbered by path; profile is always loaded, not listed).
async function folder(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(
    "topics/hosting.md",
    file("hosting", "Where the user deploys services."),
    "new",
  );
  await store.write("topics/food.md", file("food", "Diet and favourite dishes."), "new");
  await store.write("people/sam.md", file("sam", "Sam, the user's manager."), "new");
  await store.write("profile.md", file("profile", "Who the user is."), "new");
  return store;
}

describe("selectMemories at the catalog's edges", () => {
  it.each([
    ["the last number (3 of 3) is a pick", [3], undefined, ["topics/hosting.md"]],
    ["one past the last (4 of 3) falls back", [4], "unknown_index", ["topics/hosting.md"]],
    [
      "a valid pick beside one past the last falls back",
      [1, 4],
      "unknown_index",
      ["topics/hosting.md"],
    ],
  ])("%s", async (_name, files, reason, paths) => {
    mockMessages(server, [
      { content: [toolUseBlock({ name: "select_memories", input: { files } })] },
    ]);
    const result = await selectMemories({
      store: await folder(),
      client: testClient(),
      query: "Where should I deploy the new service?",
    });
    expect(result.fallback?.reason).toBe(reason);
    expect(result.rows.map((row) => row.path)).toEqual(paths);
  });
});
