import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { describedFile, sideQueryFolder } from "../../test/fixtures/side-query-folder.js";
import {
  commonJsClient,
  MESSAGES_URL,
  mockMessages,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import type { UsageRecord } from "../usage/types.js";
import { selectMemories } from "./side-query.js";

const server = useMessagesApi();

const select = (files: unknown) => ({
  content: [toolUseBlock({ name: "select_memories", input: { files } })],
});
const QUERY = "Where should I deploy the new service?";

describe("selectMemories", () => {
  it("maps the picked catalog numbers to files and reports its usage as stage recall", async () => {
    const requests = mockMessages(server, [select([2, 1])]);
    const usages: UsageRecord[] = [];
    const result = await selectMemories({
      store: await sideQueryFolder(),
      client: testClient(),
      query: QUERY,
      onUsage: (record) => {
        usages.push(record);
      },
      now: new Date("2026-10-01T12:00:00Z"),
    });
    expect(result.rows.map((row) => row.path)).toEqual(["topics/food.md", "people/sam.md"]);
    expect(result.fallback).toBeUndefined();
    expect(usages.map((record) => [record.stage, record.model])).toEqual([
      ["recall", "claude-haiku-5-5"],
    ]);
    const sent = requests[0];
    expect(sent?.model).toBe("claude-haiku-5-5");
    // Numbered by path; profile (always loaded) is not in the catalog.
    expect(sent?.messages[0]?.content).toContain(
      '<catalog files="3">\n1. sam: Sam, the user\'s manager.\n2. food: Diet and favourite dishes.\n3. hosting: Where the user deploys services.\n</catalog>',
    );
  });

  it("never returns more than 5 files", async () => {
    const store = await sideQueryFolder();
    for (const name of ["a", "b", "c", "d"]) {
      await store.write(`topics/${name}.md`, describedFile(name, `About ${name}.`), "new");
    }
    mockMessages(server, [select([1, 2, 3, 4, 5, 6, 7])]);
    const result = await selectMemories({ store, client: testClient(), query: QUERY });
    expect(result.rows).toHaveLength(5);
  });

  it.each([
    [
      "a reply without the tool call",
      { content: [textBlock("hosting, I think")] },
      "unparsable_reply",
    ],
    ["a reply with a bad input", select("2"), "unparsable_reply"],
    ["a number outside the catalog", select([2, 9]), "unknown_index"],
    ["number zero", select([0]), "unknown_index"],
  ])("falls back to keyword matching on %s", async (_name, reply, reason) => {
    mockMessages(server, [reply]);
    const result = await selectMemories({
      store: await sideQueryFolder(),
      client: testClient(),
      query: QUERY,
    });
    expect(result.fallback?.reason).toBe(reason);
    expect(result.rows.map((row) => row.path)).toEqual(["topics/hosting.md"]);
    expect(result.usage).toBeDefined();
  });

  it.each([
    ["the ESM import", testClient],
    ["require()", commonJsClient],
  ])(
    "falls back to keyword matching when the API fails (a client from %s)",
    async (_name, client) => {
      server.use(
        http.post(MESSAGES_URL, () =>
          HttpResponse.json(
            { type: "error", error: { type: "invalid_request_error", message: "bad model" } },
            { status: 400 },
          ),
        ),
      );
      const result = await selectMemories({
        store: await sideQueryFolder(),
        client: client(),
        query: QUERY,
      });
      expect(result.fallback?.reason).toBe("api_error");
      expect(result.fallback?.message).toContain("bad model");
      expect(result.rows.map((row) => row.path)).toEqual(["topics/hosting.md"]);
      expect(result.usage).toBeUndefined();
    },
  );

  it("makes no call for an empty catalog", async () => {
    const store = await tempStore();
    const requests = mockMessages(server, []);
    expect(await selectMemories({ store, client: testClient(), query: QUERY })).toEqual({
      rows: [],
      model: "claude-haiku-5-5",
    });
    expect(requests).toEqual([]);
  });
});
