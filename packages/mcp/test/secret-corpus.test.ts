import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { expect, it } from "vitest";
import {
  type CorpusChannel,
  type CorpusWrite,
  type CorpusWriteResult,
  expectedFigures,
  figuresLine,
  folderTexts,
  runSecretCorpus,
  SPLIT_ALLOWANCE,
  SPLIT_SAMPLE,
} from "../../core/test/fixtures/secret-corpus-runner.js";
import { createMemfilesMcpServer } from "../src/server.js";

const NOW = new Date("2026-10-02T08:00:00Z");
const FILE = "topics/accounts.md";

/** A server on a folder of its own and a client talking to it in process: one session. */
type Session = {
  root: string;
  call: (
    name: string,
    args: Record<string, unknown>,
  ) => Promise<{ isError: boolean; text: string }>;
  close: () => Promise<void>;
};

function opener(layout: "subject" | "fact") {
  return async (): Promise<Session> => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-secrets-")), "memory");
    const server = createMemfilesMcpServer({ root, layout, now: () => NOW });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "memfiles-test", version: "0.0.0" });
    await client.connect(clientSide);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as Array<{ text?: string }>)[0]?.text ?? "";
      return { isError: result.isError === true, text };
    };
    return { root, call, close: () => client.close() };
  };
}

const transcript = (writes: readonly CorpusWrite[]) => ({
  date: "2026-10-02",
  turns: [{ role: "user", content: writes.map((write) => write.texts.join("")).join("\n") }],
});

/** `propose` answers `{ applied, rejected }`; a write is refused when only secret rejections name it. */
function proposeResult(writes: readonly CorpusWrite[], text: string): CorpusWriteResult {
  const { applied = [], rejected = [] } = JSON.parse(text) as {
    applied?: Array<{ proposal: unknown }>;
    rejected?: Array<{ code: string; proposal: unknown }>;
  };
  const indexOf = (item: { proposal: unknown }) =>
    Number(/account(?:s-|[ -]note[ -])(\d+)/.exec(JSON.stringify(item.proposal))?.[1]);
  const kept = new Set([
    ...applied.map(indexOf),
    ...rejected.filter((item) => item.code !== "secret").map(indexOf),
  ]);
  const secret = new Set(rejected.filter((item) => item.code === "secret").map(indexOf));
  return {
    refused: writes.map((write) => secret.has(write.index) && !kept.has(write.index)),
    reported: [text],
  };
}

function channel(
  name: string,
  layout: "subject" | "fact",
  write: (session: Session, writes: readonly CorpusWrite[]) => Promise<CorpusWriteResult>,
): CorpusChannel<Session> {
  return {
    name,
    open: opener(layout),
    write,
    disk: (session) => folderTexts(session.root),
    close: (session) => session.close(),
  };
}

const CHANNELS = [
  // One connection is one session; remember refuses with a tool error.
  channel("MCP remember", "subject", async (session, writes) => {
    const refused: boolean[] = [];
    const reported: string[] = [];
    for (const write of writes) {
      const results = [];
      for (const fact of write.texts)
        results.push(await session.call("remember", { file: FILE, fact }));
      refused.push(results.every((result) => result.isError));
      reported.push(...results.map((result) => result.text));
    }
    return { refused, reported };
  }),
  // One propose call carries every whole fact, a file per write.
  channel("MCP propose", "subject", async (session, writes) => {
    const proposals = writes.flatMap((write) =>
      write.texts.map((fact) => ({
        file: `topics/accounts-${write.index}.md`,
        fact,
        evidence: write.texts.join(""),
      })),
    );
    const result = await session.call("propose", { transcript: transcript(writes), proposals });
    return proposeResult(writes, result.text);
  }),
  channel("MCP propose (fact layout)", "fact", async (session, writes) => {
    const proposals = writes.flatMap((write) =>
      write.texts.map((body, at) => ({
        name:
          write.texts.length === 1
            ? `account note ${write.index}`
            : `account note ${write.index} part ${at + 1}`,
        type: "user",
        description: "An account note.",
        body,
        evidence: write.texts.join(""),
      })),
    );
    const result = await session.call("propose", { transcript: transcript(writes), proposals });
    return proposeResult(writes, result.text);
  }),
];

it.each(CHANNELS.map((corpusChannel) => [corpusChannel.name, corpusChannel] as const))(
  "the secret corpus through %s: every format refused, 0 on disk whole, at most 10 split in two, 0 raw secrets in results",
  // Every format whole in one session, then a quarter of them split, each in a session and folder of its own.
  { timeout: 120_000 },
  async (_, corpusChannel) => {
    // Every format whole; a fixed quarter split (core's channels split every format).
    const figures = await runSecretCorpus(corpusChannel, undefined, SPLIT_SAMPLE);
    console.log(figuresLine(figures));
    expect(figures.splitOnDisk.length).toBeLessThanOrEqual(SPLIT_ALLOWANCE);
    expect(figures).toEqual(expectedFigures(figures));
  },
);
