import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// A line a person typed with a date in another form is found by `replaces` over MCP exactly as
// `forget` finds it (the library's rule, readTypedLine, through the MCP tools).
const TYPED = [
  "[stated 2026-11-20] works at Globex",
  "[stated 12/03/2026] works at Globex",
  "12/03/2026 works at Globex",
];
const OTHER = "[stated 2026/11/01] lives in Lisbon";

async function connect(line: string) {
  const root = await mkdtemp(join(tmpdir(), "memfiles-mcp-typed-"));
  await writeFile(
    join(root, "profile.md"),
    `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/20\n---\n${line}\n${OTHER}\n`,
  );
  const server = createMemfilesMcpServer({ root, now: () => new Date("2026-12-01T12:00:00Z") });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  return { client, profile: () => readFile(join(root, "profile.md"), "utf8") };
}

const textOf = (reply: Awaited<ReturnType<Client["callTool"]>>) =>
  JSON.parse((reply.content as [{ text: string }])[0].text);

describe.each(TYPED)("over MCP, the typed line %j", (line) => {
  it("remember with replaces replaces it", async () => {
    const { client, profile } = await connect(line);
    const reply = await client.callTool({
      name: "remember",
      arguments: { file: "profile.md", fact: "works at Initech", replaces: "works at Globex" },
    });
    expect(reply.isError).toBeFalsy();
    expect(textOf(reply)).toMatchObject({ ok: true, replaced: [line] });
    expect((await profile()).split("---\n")[2]).toBe(
      `[stated 2026/12/01] works at Initech\n${OTHER}\n`,
    );
  });

  it("forget removes it", async () => {
    const { client, profile } = await connect(line);
    const reply = await client.callTool({
      name: "forget",
      arguments: { query: "works at Globex" },
    });
    expect(textOf(reply)).toMatchObject({ ok: true, code: "removed", removed: [{ line }] });
    expect(await profile()).not.toContain("Globex");
  });
});
