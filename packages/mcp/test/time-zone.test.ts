import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "../src/server.js";

// 07:00 on 11/30 at UTC+8 is still 11/29 in UTC; 20:00 on 11/30 at UTC-8 is already 12/01.
const ZONES = [
  ["Asia/Shanghai", "2026-11-29T23:00:00Z"],
  ["America/Los_Angeles", "2026-12-01T04:00:00Z"],
] as const;

async function connect(timeZone: string, instant: string) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-zone-")), "memory");
  const server = createMemfilesMcpServer({ root, timeZone, now: () => new Date(instant) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, root };
}

describe("memfiles-mcp dates facts in the server's time zone", () => {
  it.each(ZONES)(
    "remember in %s: stated 2026/11/30, tomorrow is 2026/12/01",
    async (timeZone, instant) => {
      const { client, root } = await connect(timeZone, instant);
      await client.callTool({
        name: "remember",
        arguments: { file: "profile.md", fact: "my dentist appointment is tomorrow" },
      });
      const text = await readFile(join(root, "profile.md"), "utf8");
      expect(text).toContain("[stated 2026/11/30] my dentist appointment is on 2026/12/01\n");
      await client.close();
    },
  );

  it.each(ZONES)('proposals from a session dated "" in %s', async (timeZone, instant) => {
    const { client, root } = await connect(timeZone, instant);
    const transcript = {
      date: "",
      turns: [{ role: "user", content: "my dentist appointment is tomorrow" }],
    };
    const proposals = [
      {
        file: "profile.md",
        fact: "dentist appointment is tomorrow",
        evidence: "my dentist appointment is tomorrow",
        replaces: null,
        description: null,
      },
    ];
    await client.callTool({ name: "propose", arguments: { transcript, proposals } });
    const text = await readFile(join(root, "profile.md"), "utf8");
    expect(text).toContain("[stated 2026/11/30] dentist appointment is on 2026/12/01\n");
    await client.close();
  });
});
