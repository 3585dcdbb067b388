import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SAID_NO_SECRETS, SAID_SECRETS } from "@memfiles/core/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// Decision 0096's secrets through MCP `remember` in both layouts: refused, nothing written, the
// answer without the secret. The library, the memory tool, `memfiles remember` (folder and
// PGlite), `memfiles import` and the PreToolUse hook run the same rows
// (`cli/src/commands/said-secret-surfaces.test.ts`).
const CASES = (["subject", "fact"] as const).flatMap((layout) =>
  SAID_SECRETS.map(
    ({ name, fact, secret }) => [`${name} (${layout})`, layout, fact, secret] as const,
  ),
);

describe("MCP remember refuses a secret said in markdown, another language or words", () => {
  it.each(CASES)("%s", async (_, layout, fact, secret) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-said-")), "memory");
    const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-12-07") });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "memfiles-test", version: "0.0.0" });
    await client.connect(clientSide);
    const reply = await client.callTool({
      name: "remember",
      arguments: { file: "topics/accounts.md", fact },
    });
    const text = (reply.content as [{ text: string }])[0].text;
    expect(text).toContain("secret");
    expect(text).not.toContain(secret);
    const files = await readdir(root, { recursive: true }).catch(() => []);
    expect(files.map(String).filter((name) => name.endsWith("accounts.md"))).toEqual([]);
  });
});

// Decision 0106's sentences that hold no secret: saved by MCP `remember` in order into one file,
// in both layouts (a label ending one fact and the next fact, two calls of one connection).
const SAVED_CASES = (["subject", "fact"] as const).flatMap((layout) =>
  SAID_NO_SECRETS.map(({ name, facts }) => [`${name} (${layout})`, layout, facts] as const),
);

describe("MCP remember saves a sentence that holds no secret", () => {
  it.each(SAVED_CASES)("%s", async (_, layout, facts) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-said-")), "memory");
    const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-12-07") });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "memfiles-test", version: "0.0.0" });
    await client.connect(clientSide);
    for (const fact of facts) {
      const reply = await client.callTool({
        name: "remember",
        arguments: { file: "topics/accounts.md", fact },
      });
      const text = (reply.content as [{ text: string }])[0].text;
      expect({ fact, secret: text.includes("secret") }).toEqual({ fact, secret: false });
    }
    const files = (await readdir(root, { recursive: true })).map(String);
    const written = await Promise.all(
      files
        .filter((name) => name.endsWith(".md"))
        .map((name) => readFile(join(root, name), "utf8")),
    );
    for (const fact of facts) expect(written.join("\n")).toContain(fact);
  });
});
