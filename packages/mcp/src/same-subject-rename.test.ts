import { mkdir, mkdtemp, readdir, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// A file MEMORY.md lists as topics/cooking.md, renamed by hand to food.md, keeps its subject: over
// MCP, with or without a project, `remember` about cooking lands in food.md, as in the library.
// Its `name:` ("kitchen notes") does not name cooking, so only the former path in MEMORY.md
// (read through the boundary) ties the two.
const NOW = new Date("2026-12-01T12:00:00Z");
const PATHS = {
  subject: {
    asked: "topics/cooking.md",
    keeps: "topics/food.md",
    text: "---\nname: kitchen notes\ndescription: What the user cooks.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] cooks Thai food\n",
  },
  fact: {
    asked: "cooking.md",
    keeps: "food.md",
    text: "---\nname: kitchen notes\ndescription: What the user cooks.\ntype: user\nupdated: 2026/11/01\n---\ncooks Thai food\n",
  },
} as const;

async function connect(layout: keyof typeof PATHS, project: string | undefined) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-rename-")), "memory");
  await mkdir(root, { recursive: true });
  const { asked, keeps, text } = PATHS[layout];
  const store = new MemoryStore({ root, layout });
  expect(await store.write(asked, text, "new")).toMatchObject({ ok: true });
  await rename(join(root, asked), join(root, keeps));
  const server = createMemfilesMcpServer({
    root,
    layout,
    ...(project === undefined ? {} : { project }),
    now: () => NOW,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  const files = async () => (await readdir(root, { recursive: true })).map(String);
  return { client, files };
}

const cases = (["subject", "fact"] as const).flatMap((layout) =>
  [undefined, "billing-api"].map((project) => ({ layout, project })),
);

describe.each(cases)(
  "a hand rename over MCP ($layout layout, project $project)",
  ({ layout, project }) => {
    it("remember about the former subject lands in the renamed file; no second file", async () => {
      const { asked, keeps } = PATHS[layout];
      const { client, files } = await connect(layout, project);
      const reply = await client.callTool({
        name: "remember",
        arguments: { file: asked, fact: "bakes sourdough every Sunday" },
      });
      const result = JSON.parse((reply.content as [{ text: string }])[0].text);
      expect(result).toMatchObject({ ok: true, path: keeps });
      expect(await files()).not.toContain(asked);
    });
  },
);
