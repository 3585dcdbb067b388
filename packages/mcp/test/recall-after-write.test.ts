// The recall index after the MCP server's writes: its remember and forget tools called by a client
// in this process, which holds the memory's recall index warm (core's table of write kinds); on a
// folder, and on a tenant of a database.

import type { MemoryStore } from "@memfiles/core";
import {
  expectRecallAfterWrite,
  type RecallSurface,
  recallFolder,
  recallMemory,
  recallWriteRows,
} from "@memfiles/core/test";
import { openDatabase, pgMemoryStore, type SqlClient } from "@memfiles/pg";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, describe, expect, it } from "vitest";
import { connectInProcess, startInProcess } from "./in-process.js";

/** Starts a server over the row's memory; its client, and how to end the session. */
type Serve = (store: MemoryStore) => Promise<{ client: Client; close: () => Promise<void> }>;

/** `memfiles-mcp --root <folder> --layout <layout>`, as its main starts it. */
const onFolder: Serve = (store) => startInProcess(["--root", store.root, "--layout", store.layout]);

// One in-memory PGlite for the file (a start costs seconds of CPU); each row has a tenant of its own.
let database: Promise<SqlClient> | undefined;
const theDatabase = () => {
  database ??= openDatabase();
  return database;
};
afterAll(async () => (await database)?.close());

/**
 * The server over the row's tenant as another app server opens it (its own store of the same
 * tenant), so its writes reach this process's warm index only through the database.
 */
const onDatabase: Serve = async (store) => {
  const tenant = store.root.replace(/^\w+:/, "");
  const sql = await theDatabase();
  return connectInProcess({
    store: pgMemoryStore(sql, tenant, { layout: store.layout }),
    timeZone: "UTC",
  });
};

async function callTool(
  serve: Serve,
  store: MemoryStore,
  name: string,
  input: Record<string, string>,
) {
  const { client, close } = await serve(store);
  try {
    const result = await client.callTool({ name, arguments: input });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  } finally {
    await close();
  }
}

const mcpWrites = (serve: Serve): RecallSurface => ({
  edit: (store, { path, from, to }) =>
    callTool(serve, store, "remember", { file: path, fact: to, replaces: from }),
  add: (store, { path, fact }) => callTool(serve, store, "remember", { file: path, fact }),
  forget: (store, { query }) => callTool(serve, store, "forget", { query }),
});

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

async function propose(
  serve: Serve,
  store: MemoryStore,
  given: ReturnType<typeof proposal>,
  said: string,
) {
  const transcript = {
    date: "2026-09-12",
    turns: [{ role: "user", content: `Note this: ${said}.` }],
  };
  const { client, close } = await serve(store);
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
const mcpProposals = (serve: Serve): RecallSurface => ({
  edit: (store, { path, from, to }) => {
    const said = `I ${to.replace(/^deploys/i, "deploy")} now`;
    return propose(serve, store, proposal(store, path, to, said, from), said);
  },
  add: (store, { path, fact }) => {
    const said = `I ${fact.replace(/^hosts/, "host")}`;
    return propose(serve, store, proposal(store, path, fact, said), said);
  },
});

describe("the recall index after a write through the MCP server", () => {
  it.each([
    ...recallWriteRows(mcpWrites(onFolder)),
    ...recallWriteRows(mcpProposals(onFolder), "propose"),
  ])("%s", async (_name, layout, write) => {
    await expectRecallAfterWrite(await recallFolder(layout), write);
  });

  // The new-process step of each row is another app server reading the tenant's stored index.
  it.each([
    ...recallWriteRows(mcpWrites(onDatabase), "database"),
    ...recallWriteRows(mcpProposals(onDatabase), "database, propose"),
  ])("%s", async (name, layout, write) => {
    const tenant = `recall-writes-${name.replace(/\W+/g, "-")}`;
    const store = pgMemoryStore(await theDatabase(), tenant, { layout });
    await recallMemory(store);
    await expectRecallAfterWrite(store, write);
  });
});
