import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// One subject, one file, through the MCP tools: a new file for a person another file names is
// never made. `remember` adds the fact there; `propose` lands it there (subject) or is refused
// naming that file (fact: one fact a file).
const SAID = "Robert Chen prefers morning meetings, so I book him at nine";
const CASES = {
  subject: {
    keeps: "people/bob.md",
    asked: "people/robert-chen.md",
    header:
      "---\nname: bob\ndescription: Bob (Robert Chen), the user's manager\nupdated: 2026/11/01\n---\n[stated 2026/11/01] is the user's manager\n",
    proposal: { file: "people/robert-chen.md", fact: "prefers morning meetings", evidence: SAID },
    proposed: { applied: ["people/bob.md"], rejected: [] },
  },
  fact: {
    keeps: "bob.md",
    asked: "robert-chen.md",
    header:
      "---\nname: Bob\ndescription: Bob (Robert Chen), the user's manager\ntype: project\nupdated: 2026/11/01\n---\nBob is the user's manager.\n",
    proposal: {
      name: "Robert Chen",
      type: "project",
      description: "Robert Chen's meetings.",
      body: "Robert Chen prefers morning meetings.",
      evidence: SAID,
    },
    proposed: { applied: [], rejected: ["same_subject"] },
  },
} as const;

async function connect(layout: keyof typeof CASES) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-same-subject-")), "memory");
  await mkdir(join(root, "people"), { recursive: true });
  await writeFile(join(root, CASES[layout].keeps), CASES[layout].header);
  const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-12-01") });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  const files = async () => (await readdir(root, { recursive: true })).map(String);
  return { client, files };
}

const textOf = (reply: Awaited<ReturnType<Client["callTool"]>>) =>
  JSON.parse((reply.content as [{ text: string }])[0].text);

describe.each(["subject", "fact"] as const)(
  "one subject, one file over MCP (%s layout)",
  (layout) => {
    const { keeps, asked, proposal, proposed } = CASES[layout];

    it("remember into a new file for a person another file names adds the fact there", async () => {
      const { client, files } = await connect(layout);
      const reply = await client.callTool({
        name: "remember",
        arguments: { file: asked, fact: "prefers morning meetings" },
      });
      expect(textOf(reply)).toMatchObject({ ok: true, path: keeps });
      expect(await files()).not.toContain(asked);
    });

    it("propose never makes the second file", async () => {
      const { client, files } = await connect(layout);
      const reply = await client.callTool({
        name: "propose",
        arguments: {
          transcript: { date: "2026-12-01", turns: [{ role: "user", content: SAID }] },
          proposals: [proposal],
        },
      });
      const result = textOf(reply) as {
        applied: Array<{ path: string }>;
        rejected: Array<{ code: string; message: string }>;
      };
      expect({
        applied: result.applied.map((item) => item.path),
        rejected: result.rejected.map((item) => item.code),
      }).toEqual(proposed);
      for (const item of result.rejected) expect(item.message).toContain(keeps);
      expect(await files()).not.toContain(asked);
    });
  },
);
