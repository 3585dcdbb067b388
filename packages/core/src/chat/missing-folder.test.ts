import { readdir } from "node:fs/promises";
import { dirname } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockMessages, testClient, textBlock, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { boundaryStore } from "../boundary/boundary-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { rankRecallUnits } from "../recall/budgeted-recall.js";
import { flushRecallIndexes, forgetOpenRecallIndexes } from "../recall/recall-index.js";
import type { MemoryStore } from "../store/memory-store.js";
import { createUsageLog } from "../usage/usage-log.js";
import { chat } from "./chat.js";

const server = useMessagesApi();
const QUERY = "Where do I deploy a service?";

// Every way a request reads the memory: each opens the recall index, whose save must not start
// the folder (a typo in an app's path, or a folder moved away while a process runs).
const SURFACES: Record<string, (store: MemoryStore) => Promise<unknown>> = {
  recallForPrompt: (store) => recallForPrompt({ root: store.root, query: QUERY }),
  "recallForPrompt on an open store": (store) => recallForPrompt({ store, query: QUERY }),
  "budgeted recall through the boundary": (store) =>
    rankRecallUnits({ store: boundaryStore(store, { project: undefined }), query: QUERY }),
  "chat with budgeted recall": async (store) => {
    mockMessages(server, [{ content: [textBlock("ok")] }]);
    return chat({
      client: testClient(),
      model: "claude-opus-5-5",
      basePrompt: "BASE",
      store,
      recall: { strategy: "budget" },
      messages: [{ role: "user", content: QUERY }],
    });
  },
  // The README's usage log: a request's record has no folder to go to, so it is dropped.
  "chat with the usage log": async (store) => {
    vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    mockMessages(server, [{ content: [textBlock("ok")] }]);
    return chat({
      client: testClient(),
      model: "claude-opus-5-5",
      basePrompt: "BASE",
      store,
      onUsage: createUsageLog({ root: store.root }),
      messages: [{ role: "user", content: QUERY }],
    });
  },
};

describe("a request on a memory folder that does not exist", () => {
  afterEach(async () => {
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    vi.restoreAllMocks();
  });

  it.each(Object.entries(SURFACES))("%s writes nothing", async (_name, request) => {
    const store = await tempStore();
    await request(store);
    await request(store);
    await flushRecallIndexes();
    expect(await readdir(dirname(store.root))).toEqual([]);
  });
});
