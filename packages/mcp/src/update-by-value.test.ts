import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// MCP has no memory-tool surface: its writes are `remember` and `propose`. A fact that differs from
// a line of its file only by a value updates that line there (the library's one rule, updatesLine),
// so the two values are never both kept.
const CASES = {
  subject: {
    file: "profile.md",
    text: "---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/20\n---\n[stated 2026/11/20] takes 50 mg of sertraline every morning\n",
  },
  fact: {
    file: "medication.md",
    text: "---\nname: medication\ndescription: The user's medication.\ntype: user\nupdated: 2026/11/20\n---\ntakes 50 mg of sertraline every morning\n",
  },
} as const;

async function connect(layout: keyof typeof CASES) {
  const root = await mkdtemp(join(tmpdir(), "memfiles-mcp-update-by-value-"));
  const { file, text } = CASES[layout];
  await writeFile(join(root, file), text);
  const server = createMemfilesMcpServer({
    root,
    layout,
    now: () => new Date("2026-12-01T12:00:00Z"),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  return { client, read: () => readFile(join(root, file), "utf8") };
}

const textOf = (reply: Awaited<ReturnType<Client["callTool"]>>) =>
  JSON.parse((reply.content as [{ text: string }])[0].text);

describe.each(["subject", "fact"] as const)("over MCP (%s layout)", (layout) => {
  it("remember of a new dose replaces the old dose's line", async () => {
    const { client, read } = await connect(layout);
    const reply = await client.callTool({
      name: "remember",
      arguments: { file: CASES[layout].file, fact: "takes 100 mg of sertraline every morning" },
    });
    expect(reply.isError).toBeFalsy();
    expect(textOf(reply)).toMatchObject({ ok: true });
    const text = await read();
    expect(text).toContain("takes 100 mg of sertraline every morning");
    expect(text).not.toContain("50 mg");
  });
});
