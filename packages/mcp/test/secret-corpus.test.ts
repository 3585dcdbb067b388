import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { expect, it } from "vitest";
import { SECRET_CORPUS, type SecretSample } from "../../core/test/fixtures/secret-corpus.js";
import { createMemfilesMcpServer } from "../src/server.js";

const NOW = new Date("2026-10-02T08:00:00Z");
const FILE = "topics/accounts.md";

async function everyText(folder: string): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const texts: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) texts.push(await readFile(join(entry.parentPath, entry.name), "utf8"));
  }
  return texts;
}

/** A server on a folder of its own and a client talking to it in process: one session. */
async function connect() {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-secrets-")), "memory");
  const server = createMemfilesMcpServer({ root, now: () => NOW });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as Array<{ text?: string }>)[0]?.text ?? "";
    let applied = 0;
    try {
      applied = (JSON.parse(text) as { applied?: unknown[] }).applied?.length ?? 0;
    } catch {
      // A refusal's text is a sentence, not JSON.
    }
    return { isError: result.isError === true, text: JSON.stringify(result.content), applied };
  };
  return { root, call, close: () => client.close() };
}

function halves(sample: SecretSample): [string, string] {
  const at = sample.fact.indexOf(sample.value) + Math.floor(sample.value.length / 2);
  return [sample.fact.slice(0, at), sample.fact.slice(at)];
}

// Both parts of a secret said in two halves on disk: the secret reached disk.
function bothParts(sample: SecretSample, texts: readonly string[]): boolean {
  const at = Math.floor(sample.value.length / 2);
  const parts = [sample.value.slice(0, at), sample.value.slice(at)];
  return parts.every((part) => texts.some((text) => text.includes(part)));
}

const name = (calls: (texts: readonly string[]) => Array<[string, unknown]>) =>
  calls(["x"])[0]?.[0];
const transcript = (text: string) => ({
  date: "2026-10-02",
  turns: [{ role: "user", content: text }],
});
const proposal = (fact: string, evidence: string) => ({ file: FILE, fact, evidence });

const TOOLS: Array<
  [string, (texts: readonly string[]) => Array<[string, Record<string, unknown>]>]
> = [
  ["remember", (texts) => texts.map((fact) => ["remember", { file: FILE, fact }])],
  [
    "propose",
    (texts) => [
      [
        "propose",
        {
          transcript: transcript(texts.join("")),
          proposals: texts.map((text) => proposal(text, texts.join(""))),
        },
      ],
    ],
  ],
];

it.each(TOOLS)(
  "the secret corpus through MCP %s: 0 on disk whole or split in two, 0 raw secrets in results",
  // Two sessions per format (whole, split) over 160 formats, each an in-process server and client.
  { timeout: 120_000 },
  async (_, calls) => {
    const onDisk: string[] = [];
    const splitOnDisk: string[] = [];
    const inResults: string[] = [];
    const accepted: string[] = [];
    for (const sample of SECRET_CORPUS) {
      for (const [mode, texts] of [
        ["whole", [sample.fact]],
        ["split", halves(sample)],
      ] as const) {
        const session = await connect();
        const results = [];
        for (const [name, args] of calls(texts)) results.push(await session.call(name, args));
        await session.close();
        const disk = await everyText(session.root);
        if (mode === "whole") {
          if (disk.some((text) => text.includes(sample.value))) onDisk.push(sample.name);
          // remember refuses with a tool error; propose answers `{ applied, rejected }`.
          if (
            results.some((result) =>
              name(calls) === "remember" ? !result.isError : result.applied > 0,
            )
          ) {
            accepted.push(sample.name);
          }
        } else if (bothParts(sample, disk)) splitOnDisk.push(sample.name);
        if (results.some((result) => result.text.includes(sample.value))) {
          inResults.push(sample.name);
        }
      }
    }
    console.log(
      `secret corpus through MCP: ${onDisk.length} of ${SECRET_CORPUS.length} on disk whole, ${splitOnDisk.length} split (${splitOnDisk.join(", ")}), ${inResults.length} raw in results`,
    );
    expect(splitOnDisk.length).toBeLessThanOrEqual(10);
    expect({ onDisk, accepted, inResults }).toEqual({ onDisk: [], accepted: [], inResults: [] });
  },
);
