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

/** A proposal in the layout's shape, from the user's words `said`; `replaces` names the stored fact. */
function proposal(store: MemoryStore, path: string, fact: string, said: string, replaces?: string) {
  if (store.layout === "subject") {
    return { file: path, fact, evidence: said, replaces: replaces ?? null, description: null };
  }
  const name = path.replace(/\.md$/, "").replace(/-/g, " ");
  return {
    action: "save",
    name,
    type: "user",
    description: `The user's ${name}.`,
    body: fact,
    evidence: said,
    replaces: replaces === undefined ? null : path,
  };
}

async function propose(store: MemoryStore, given: ReturnType<typeof proposal>, said: string) {
  const transcript = {
    date: "2026-09-12",
    turns: [{ role: "user", content: `Note this: ${said}.` }],
  };
  const { client, close } = await startInProcess(["--root", store.root, "--layout", store.layout]);
  try {
    const result = await client.callTool({
      name: "propose",
      arguments: { transcript, proposals: [given] },
    });
    const [content] = result.content as Array<{ text: string }>;
    const reply = JSON.parse(content?.text ?? "{}") as {
      applied?: unknown[];
      rejected?: unknown[];
    };
    expect(reply).toMatchObject({ applied: [expect.anything()], rejected: [] });
  } finally {
    await close();
  }
}

// The write pass's tool: the client's proposals checked and applied by the server.
const MCP_PROPOSE: RecallSurface = {
  edit: (store, { path, from, to }) => {
    const said = `I ${to.replace(/^deploys/i, "deploy")} now`;
    return propose(store, proposal(store, path, to, said, from), said);
  },
  add: (store, { path, fact }) => {
    const said = `I ${fact.replace(/^hosts/, "host")}`;
    return propose(store, proposal(store, path, fact, said), said);
  },
};

describe("the recall index after a write through the MCP server", () => {
  it.each([...recallWriteRows(MCP), ...recallWriteRows(MCP_PROPOSE, "propose")])(
    "%s",
    async (_name, layout, write) => {
      await expectRecallAfterWrite(await recallFolder(layout), write);
    },
  );
});
