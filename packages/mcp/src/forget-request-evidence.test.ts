import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FORGET_REQUEST_QUOTES } from "@memfiles/core/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// MCP `propose` in both layouts: a proposal quoting the user's request to forget is refused
// `evidence_contradicts` and writes nothing; "don't forget" is saved (the core rows are
// `layouts/forget-request-evidence.test.ts`).
describe("MCP propose: a quote that asks to forget is not evidence", () => {
  for (const layout of ["subject", "fact"] as const) {
    it.each(FORGET_REQUEST_QUOTES)(`${layout}: "$said" → $code`, async ({ said, fact, code }) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-forget-request-")), "memory");
      const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-12-08") });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "memfiles-test", version: "0.0.0" });
      await client.connect(clientSide);
      const proposal =
        layout === "subject"
          ? { file: "profile.md", fact, evidence: said }
          : {
              name: "about the user",
              type: "user",
              description: "About the user.",
              body: fact,
              evidence: said,
            };
      const reply = await client.callTool({
        name: "propose",
        arguments: {
          transcript: { date: "2026-12-08", turns: [{ role: "user", content: said }] },
          proposals: [proposal],
        },
      });
      const answer = JSON.parse((reply.content as [{ text: string }])[0].text) as {
        rejected: { code: string }[];
      };
      expect(answer.rejected.map((item) => item.code)).toEqual(code === "applied" ? [] : [code]);
      const files = (await readdir(root, { recursive: true }).catch(() => [])).map(String);
      expect(files.filter((name) => name.endsWith(".md") && name !== "MEMORY.md")).toHaveLength(
        code === "applied" ? 1 : 0,
      );
      await client.close();
    });
  }
});
