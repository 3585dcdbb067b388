import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FORGET_NOTHING_MATCHED, FORGET_QUERY_WITHOUT_WORDS } from "@memfiles/core/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

const DOTS =
  'Refused memory path "../outside.md": it contains "..". Use a relative path inside the memory folder that ends in ".md", with "/" between folders, such as "topics/tools.md".';

async function connect() {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-refusal-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(
    join(root, "topics/tools.md"),
    "---\nname: tools\n---\n[stated 2026/09/01] uses Neovim\n",
  );
  const server = createMemfilesMcpServer({ root });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("MCP refusals say what happened, once", () => {
  it("a refused read is the path guard's message, without saying nothing was written", async () => {
    const client = await connect();
    const result = await client.callTool({ name: "read", arguments: { path: "../outside.md" } });
    expect(result).toEqual({ content: [{ type: "text", text: DOTS }], isError: true });
  });

  it.each(["🍣", "the my"])(
    "forget of %j says why it matched nothing, in the library's words",
    async (query) => {
      const client = await connect();
      const result = await client.callTool({ name: "forget", arguments: { query } });
      expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual({
        ok: true,
        code: "nothing_matched",
        removed: [],
        message: FORGET_QUERY_WITHOUT_WORDS,
      });
    },
  );

  it("forget of words no line holds says nothing matched and that they were tombstoned", async () => {
    const client = await connect();
    const result = await client.callTool({ name: "forget", arguments: { query: "my cello" } });
    expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual({
      ok: true,
      code: "nothing_matched",
      removed: [],
      message: FORGET_NOTHING_MATCHED,
    });
  });

  it.each([
    ["a path outside the folder", "memfiles://memory/..%2Foutside.md", `MCP error -32602: ${DOTS}`],
    [
      "a missing file",
      "memfiles://memory/topics/none.md",
      "MCP error -32602: No memory file at topics/none.md.",
    ],
  ])(
    "reading %s as a resource is one JSON-RPC error with its code once",
    async (_, uri, message) => {
      const client = await connect();
      const error = await client.readResource({ uri }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect({
        message: (error as Error).message,
        code: (error as { code?: number }).code,
      }).toEqual({
        message,
        code: -32602,
      });
    },
  );
});
