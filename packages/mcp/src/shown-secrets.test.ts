import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  SHOWN_SECRET_CASES,
  shownAfterHandEdit,
  shownSecretFolder,
  shownSecretLine,
  shownUnderClearedFlags,
} from "@memfiles/core/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

async function connect(root: string, layout: "subject" | "fact") {
  const server = createMemfilesMcpServer({ root, layout });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

type Connected = Awaited<ReturnType<typeof connect>>;
const call = async (client: Connected, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  return (result.content as Array<{ text: string }>)[0]?.text ?? "";
};

// The MCP server's tools and resources, each as what it sends; core's surfaces and the `memfiles`
// command run the same cases (`core/src/recall/shown-secret-surfaces.test.ts`,
// `cli/src/commands/shown-secrets.test.ts`).
const SURFACES: Array<
  [string, (client: Connected, path: string, words: string) => Promise<string>]
> = [
  ["list", (client) => call(client, "list", {})],
  ["read", (client, path) => call(client, "read", { path })],
  ["read MEMORY.md", (client) => call(client, "read", { path: "MEMORY.md" })],
  ["search", (client, _path, words) => call(client, "search", { words })],
  ["resources/list", async (client) => JSON.stringify(await client.listResources())],
];

const CASES = (["subject", "fact"] as const).flatMap((layout) =>
  SHOWN_SECRET_CASES.flatMap((testCase) =>
    SURFACES.map(
      ([surface, shown]) =>
        [`${surface}: ${testCase.name} (${layout})`, layout, testCase, shown] as const,
    ),
  ),
);

describe("the MCP server never sends a secret a person wrote into a file or its name", () => {
  it.each(CASES)("%s", async (name, layout, testCase, shown) => {
    const root = await shownSecretFolder(testCase, layout);
    const path = testCase.path(layout);
    const before = await readFile(join(root, path), "utf8");
    const text = await shown(await connect(root, layout), path, testCase.words);
    if (name.startsWith("read MEMORY.md") && /name|description/.test(testCase.name))
      // MEMORY.md lists no file whose name, name: or description: holds a secret, masked or not
      // (decisions 0088, 0100).
      expect(text).not.toContain("[redacted]");
    else expect(text).toMatch(/deploy|\[redacted\]/i);
    for (const secret of testCase.hidden) expect(text).not.toContain(secret);
    if (name.startsWith("read:")) {
      for (const line of testCase.kept ?? []) expect(text).toContain(line);
    }
    if (testCase.clean && (name.startsWith("read:") || name.startsWith("search:"))) {
      expect(text).toContain(JSON.stringify(shownSecretLine(testCase, layout)).slice(1, -1));
      expect(text).not.toContain("[redacted]");
    }
    expect(await readFile(join(root, path), "utf8")).toBe(before);
  });
});

// The stored recall index's "cleared" flags are a shortcut only (`shownUnderClearedFlags`): set,
// dropped, or set by an older build, every tool and resource sends the same.
describe("the recall index's cleared flags change nothing the MCP server sends", () => {
  afterEach(() => vi.useRealTimers());
  it.each(CASES)("%s", async (_name, layout, testCase, shown) => {
    const root = await shownSecretFolder(testCase, layout);
    const path = testCase.path(layout);
    const { flagged, dropped, older } = await shownUnderClearedFlags(root, layout, async () =>
      shown(await connect(root, layout), path, testCase.words),
    );
    for (const secret of testCase.hidden) expect(flagged).not.toContain(secret);
    expect({ dropped, older }).toEqual({ dropped: flagged, older: flagged });
  });
});

// A file the stored index cleared, then edited by hand to hold a secret (`shownAfterHandEdit`):
// `list`, `search` and the resources send what they send of it under this build's flags.
describe("the MCP server screens a cleared file edited by hand again", () => {
  afterEach(() => vi.useRealTimers());
  it.each(CASES.filter(([name]) => /^(list|search|resources)/.test(name)))(
    "%s",
    async (_name, layout, testCase, shown) => {
      const path = testCase.path(layout);
      const { edited, stale } = await shownAfterHandEdit(testCase, layout, async (root) =>
        shown(await connect(root, layout), path, testCase.words),
      );
      for (const secret of testCase.hidden) {
        expect(edited.shown).not.toContain(secret);
        expect(stale.shown).not.toContain(secret);
      }
      expect([edited.shown, stale.shown]).toEqual([edited.flagged, stale.flagged]);
    },
  );
});

// `forget` removes the lines and sends them back: as `read` shows them (core's
// `forgetLinesShown`, the rule `memfiles forget` prints its preview and result with).
describe("the MCP server's forget never sends back a secret a person wrote", () => {
  it.each(
    (["subject", "fact"] as const).flatMap((layout) =>
      SHOWN_SECRET_CASES.map(
        (testCase) => [`${testCase.name} (${layout})`, layout, testCase] as const,
      ),
    ),
  )("%s", async (_name, layout, testCase) => {
    const root = await shownSecretFolder(testCase, layout);
    const text = await call(await connect(root, layout), "forget", { query: testCase.words });
    const result = JSON.parse(text) as { code: string; removed: Array<{ line: string }> };
    expect(result.code).toBe("removed");
    expect(result.removed.map(({ line }) => line).join("\n")).toMatch(/deploy/);
    for (const secret of testCase.hidden) expect(text).not.toContain(secret);
    if (testCase.clean)
      expect(text).toContain(JSON.stringify(shownSecretLine(testCase, layout)).slice(1, -1));
  });
});
