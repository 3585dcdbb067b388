import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

const TRANSCRIPT = {
  date: "2026-11-20",
  turns: [{ role: "user", content: "I deploy on Fly.io." }],
};

// The proposal a client sends in each layout's shape, the fields the tool asks for, and the file
// the applied proposal writes.
const CASES = {
  subject: {
    proposal: {
      file: "topics/hosting.md",
      fact: "deploys on Fly.io",
      evidence: "I deploy on Fly.io",
    },
    fields: ["description", "evidence", "fact", "file", "replaces"],
    path: "topics/hosting.md",
  },
  fact: {
    proposal: {
      name: "deploy host",
      type: "project",
      description: "Where the user deploys.",
      body: "Deploys on Fly.io.",
      evidence: "I deploy on Fly.io",
    },
    fields: ["action", "body", "description", "evidence", "name", "replaces", "type"],
    path: "deploy-host.md",
  },
} as const;

describe("the MCP propose tool", () => {
  it.each(LAYOUT_NAMES)(
    "takes and applies proposals in the store's layout's shape (%s)",
    async (layout) => {
      const root = await mkdtemp(join(tmpdir(), "memfiles-propose-"));
      const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-11-20") });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(clientSide);
      const { tools } = await client.listTools();
      const schema = tools.find((tool) => tool.name === "propose")?.inputSchema as unknown as {
        properties: { proposals: { items: { properties: Record<string, unknown> } } };
      };
      expect(Object.keys(schema.properties.proposals.items.properties).sort()).toEqual(
        CASES[layout].fields,
      );
      const reply = await client.callTool({
        name: "propose",
        arguments: { transcript: TRANSCRIPT, proposals: [CASES[layout].proposal] },
      });
      const [content] = reply.content as Array<{ text: string }>;
      const result = JSON.parse(content?.text ?? "{}") as {
        applied: Array<{ path: string }>;
        rejected: unknown[];
      };
      expect({
        applied: result.applied.map((item) => item.path),
        rejected: result.rejected,
      }).toEqual({ applied: [CASES[layout].path], rejected: [] });
      expect(await readFile(join(root, CASES[layout].path), "utf8")).toMatch(/Fly\.io/);
      await client.close();
    },
  );
});

// A date that is no calendar day would tag the facts with another day (today): refused as bad
// input, naming the form wanted, in both layouts; nothing written.
const BAD_DATES = ["08/05/2023", "2023-02-30", "yesterday"];
const badDates = LAYOUT_NAMES.flatMap((layout) => BAD_DATES.map((date) => ({ layout, date })));

describe("the MCP propose tool with a bad transcript date", () => {
  it.each(badDates)("refuses $date ($layout layout), nothing written", async ({ layout, date }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-propose-date-"));
    const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-11-20") });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    const reply = await client.callTool({
      name: "propose",
      arguments: { transcript: { ...TRANSCRIPT, date }, proposals: [CASES[layout].proposal] },
    });
    const [content] = reply.content as Array<{ text: string }>;
    expect({ isError: reply.isError, text: content?.text }).toEqual({
      isError: true,
      text: `The transcript's date ${JSON.stringify(date)} is not a calendar day written YYYY-MM-DD. Give the day the session took place, such as "2023-05-08", or "" for today. Nothing was written.`,
    });
    await expect(readFile(join(root, CASES[layout].path), "utf8")).rejects.toThrow(/ENOENT/);
    await client.close();
  });
});
