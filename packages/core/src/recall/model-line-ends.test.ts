import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, textBlock, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { memoryBlock } from "../boundary/recall-for-prompt.js";
import { runTool } from "../chat/chat-tools.js";
import { buildWriteRequest, consolidateAll } from "../layouts/index.js";
import type { MemoryStore, StoreLayout } from "../store/index.js";

const NOW = new Date("2026-12-07T10:00:00Z");
const server = useMessagesApi();

// A hand-written file saved with CRLF line ends, in each layout's shape; `profile.md` is a file
// the memory block shows whole.
const CRLF: Record<StoreLayout, string> = {
  subject:
    "---\r\nname: profile\r\ndescription: Who the user is.\r\n---\r\n[stated 2026/12/01] The user edits code in Helix.\r\n[stated 2026/12/02] El usuario prefiere los atajos de Vim.\r\n",
  fact: "---\r\nname: profile\r\ndescription: Who the user is.\r\ntype: user\r\n---\r\nThe user edits code in Helix.\r\nEl usuario prefiere los atajos de Vim.\r\n",
};

// Every place a memory file's text is shown to a model, as the model receives it.
const SURFACES: Record<string, (store: MemoryStore) => Promise<string>> = {
  "write-pass request": async (store) => {
    const params = await buildWriteRequest({
      store,
      transcript: {
        date: "2026-12-07",
        turns: [{ role: "user", content: "I use Zed these days." }],
      },
      client: testClient(),
      model: "claude-haiku-5-5",
      now: NOW,
    });
    return JSON.stringify(params.messages);
  },
  "consolidation request": async (store) => {
    // Every file past the threshold; the model's reply does not matter here, only what it was sent.
    const requests = mockMessages(
      server,
      [0, 1, 2, 3].map(() => ({ content: [textBlock("")] })),
    );
    await consolidateAll({
      store,
      client: testClient(),
      model: "claude-haiku-4-5",
      threshold: 1,
      mergeThreshold: 1,
      now: NOW,
    }).catch(() => undefined);
    expect(requests.length).toBeGreaterThan(0);
    return JSON.stringify(requests.map((request) => request.messages));
  },
  "memory block (SessionStart, buildSystem)": async (store) => (await memoryBlock({ store })).text,
  memory_read: async (store) => {
    const block = {
      type: "tool_use",
      id: "toolu_1",
      name: "memory_read",
      input: { path: "profile.md" },
    } as Anthropic.ToolUseBlock;
    return (await runTool(block, { store, now: NOW })).result;
  },
};

describe("a CRLF memory file is shown to a model with LF line ends, and kept CRLF on disk", () => {
  it.each(
    Object.keys(SURFACES).flatMap((surface) =>
      (["subject", "fact"] as const).map((layout) => ({ surface, layout })),
    ),
  )("$surface, $layout layout", async ({ surface, layout }) => {
    const store = await tempStore(layout);
    await mkdir(store.root, { recursive: true });
    await writeFile(join(store.root, "profile.md"), CRLF[layout]);
    const shown = await (SURFACES[surface] as (store: MemoryStore) => Promise<string>)(store);
    expect(shown).toContain("Helix.");
    expect(shown).not.toMatch(/\r|\\r/);
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(CRLF[layout]);
  });
});
