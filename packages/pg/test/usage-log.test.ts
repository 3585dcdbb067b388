import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { chat, createUsageLog, type MemoryStore, readUsageLog, writePass } from "@memfiles/core";
import { costOfRecord, type Stage } from "@memfiles/core/internal";
import {
  mockMessages,
  tempStore,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "@memfiles/core/test";
import { InvalidArgumentError } from "@memfiles/errors";
import { describe, expect, it } from "vitest";
import { pgMemoryStore } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";

const server = useMessagesApi();
const MODEL = "claude-haiku-4-5";

// Every kind of store: the log goes where the store keeps its internal files, never to a folder
// named after the store's root in the working folder.
const STORES: Record<
  string,
  { open: () => Promise<MemoryStore>; logText: (store: MemoryStore) => Promise<string | undefined> }
> = {
  folder: {
    open: () => tempStore(),
    logText: (store) => readFile(join(store.root, ".memfiles/usage.jsonl"), "utf8"),
  },
  "PostgreSQL (PGlite)": {
    open: async () => pgMemoryStore(await sharedPglite(), `usage-${Date.now()}`),
    logText: async (store) => {
      const sql = await sharedPglite();
      const tenant = store.root.slice(store.root.indexOf(":") + 1);
      const { rows } = await sql.query<{ content: string }>(
        "SELECT content FROM memory_internal WHERE tenant = $1 AND name = 'usage.jsonl'",
        [tenant],
      );
      return rows[0]?.content;
    },
  },
};

describe("the usage log goes through the store", () => {
  it.each(Object.entries(STORES))(
    "%s: a write pass and a chat are logged there and read back",
    async (_name, { open, logText }) => {
      const store = await open();
      const onUsage = createUsageLog({ store });
      mockMessages(server, [
        { content: [toolUseBlock({ name: "propose_memories", input: { memories: [] } })] },
        { content: [textBlock("ok")] },
      ]);
      await writePass({
        store,
        client: testClient(),
        model: MODEL,
        onUsage,
        sessionId: "s1",
        transcript: {
          date: "2026-09-12",
          sessionId: "s1",
          turns: [{ role: "user", content: "I deploy on Fly.io." }],
        },
      });
      await chat({
        store,
        client: testClient(),
        model: MODEL,
        basePrompt: "BASE",
        onUsage,
        sessionId: "s1",
        messages: [{ role: "user", content: "Where do I deploy?" }],
      });

      const { records, problems } = await readUsageLog(store);
      expect(problems).toEqual([]);
      expect(records.map((record) => [record.stage, record.sessionId])).toEqual([
        ["write", "s1"],
        ["chat", "s1"],
      ] satisfies Array<[Stage, string]>);
      expect(records.every((record) => costOfRecord(record).usd > 0)).toBe(true);
      expect((await logText(store))?.trim().split("\n")).toHaveLength(2);
      expect(existsSync(join(process.cwd(), store.root))).toBe(false);
    },
  );

  it.each(["pglite:alice", "postgres:alice"])(
    "refuses the root %s, a store's label, and names the store way",
    async (root) => {
      expect(() => createUsageLog({ root })).toThrow(InvalidArgumentError);
      expect(() => createUsageLog({ root })).toThrow(/Pass the store itself, e.g. createUsageLog/);
      await expect(readUsageLog(root)).rejects.toThrow(/Pass the store itself, e.g. readUsageLog/);
      expect(existsSync(join(process.cwd(), root))).toBe(false);
    },
  );
});
