import { describe, expect, it } from "vitest";
import { sideQueryFolder } from "../../test/fixtures/side-query-folder.js";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { selectMemories } from "./side-query.js";

const server = useMessagesApi();

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
      store: await sideQueryFolder(),
      client: testClient(),
      query: "Where should I deploy the new service?",
    });
    expect(result.fallback?.reason).toBe(reason);
    expect(result.rows.map((row) => row.path)).toEqual(paths);
  });
});
