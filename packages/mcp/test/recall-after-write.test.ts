// The recall index after the MCP server's writes: its remember and forget tools called by a client
// in this process, which holds the memory's recall index warm (core's table of write kinds).

import type { MemoryStore } from "@memfiles/core";
import {
  expectRecallAfterWrite,
  type RecallSurface,
  recallFolder,
  recallWriteRows,
} from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

async function callTool(store: MemoryStore, name: string, input: Record<string, string>) {
  const { client, close } = await startInProcess(["--root", store.root, "--layout", store.layout]);
  try {
    const result = await client.callTool({ name, arguments: input });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  } finally {
    await close();
  }
}

const MCP: RecallSurface = {
  edit: (store, { path, from, to }) =>
    callTool(store, "remember", { file: path, fact: to, replaces: from }),
  add: (store, { path, fact }) => callTool(store, "remember", { file: path, fact }),
  forget: (store, { query }) => callTool(store, "forget", { query }),
};

describe("the recall index after a write through the MCP server", () => {
  it.each(recallWriteRows(MCP))("%s", async (_name, layout, write) => {
    await expectRecallAfterWrite(await recallFolder(layout), write);
  });
});
