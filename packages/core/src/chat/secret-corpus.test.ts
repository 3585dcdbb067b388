import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { SECRET_CORPUS, type SecretSample } from "../../test/fixtures/secret-corpus.js";
import { mockMessages, testClient, textBlock, toolUseBlock } from "../../test/messages-api.js";
import { WriteSession } from "../guards/index.js";
import { applyFactProposals, remember, writePass } from "../layouts/index.js";
import { memfilesMemoryTool } from "../memory-tool/index.js";
import { MemoryStore } from "../store/memory-store.js";
import { applyProposals } from "../write/apply-proposals.js";
import { chat } from "./chat.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NOW = new Date("2026-10-02T08:00:00Z");
const FILE = "topics/accounts.md";

// Every file under the folder, hidden ones and git objects (inflated) included.
async function everyText(folder: string): Promise<string[]> {
  const texts: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(join(entry.parentPath, entry.name));
    texts.push(bytes.toString("utf8"));
    if (entry.parentPath.includes(`${join(".git", "objects")}`)) {
      try {
        texts.push(inflateSync(bytes).toString("utf8"));
      } catch {
        // A pack file or index, not a loose object: its raw bytes were kept above.
      }
    }
  }
  return texts;
}

/** The fact cut in two in the middle of its secret: each half alone holds no secret. */
function halves(sample: SecretSample): [string, string] {
  const at = sample.fact.indexOf(sample.value) + Math.floor(sample.value.length / 2);
  return [sample.fact.slice(0, at), sample.fact.slice(at)];
}

const transcript = (text: string) => ({
  date: "2026-10-02",
  turns: [{ role: "user" as const, content: text }],
});
const proposal = (fact: string, evidence: string) => ({
  file: FILE,
  fact,
  evidence,
  replaces: null,
  description: null,
});
const factProposal = (body: string, evidence: string, index: number) => ({
  action: "save" as const,
  name: `account note ${index}`,
  type: "user",
  description: "An account note.",
  body,
  evidence,
  replaces: null,
});

type Outcome = { refused: boolean; reported: string };
/** One way a text reaches memory: `write` sends the texts one after another, in one session. */
type Channel = {
  name: string;
  layout: "subject" | "fact";
  write: (store: MemoryStore, texts: readonly string[], index: number) => Promise<Outcome[]>;
};

async function memoryTool(store: MemoryStore, session: WriteSession) {
  const tool = memfilesMemoryTool({ store, now: NOW, session });
  return async (command: Anthropic.Beta.BetaMemoryTool20250818Command): Promise<Outcome> => {
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
    const outcome = await runRunnableTool(tool, command, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    return { refused: outcome.isError, reported: String(outcome.content) };
  };
}

const CHANNELS: Channel[] = [
  {
    name: "write pass",
    layout: "subject",
    write: async (store, texts) => {
      mockMessages(server, [
        {
          content: [
            toolUseBlock({
              name: "propose_memories",
              input: { memories: texts.map((text) => proposal(text, texts.join(""))) },
            }),
          ],
        },
      ]);
      const pass = await writePass({
        store,
        transcript: transcript(texts.join("")),
        client: testClient(),
        model: "claude-haiku-4-5",
        now: NOW,
        onTooLong: false,
      });
      return [
        ...pass.applied.map((item) => ({ refused: false, reported: JSON.stringify(item) })),
        ...pass.rejected.map((item) => ({
          refused: item.code === "secret",
          reported: JSON.stringify(item),
        })),
      ];
    },
  },
  {
    name: "write pass (fact layout)",
    layout: "fact",
    write: async (store, texts, index) => {
      mockMessages(server, [
        {
          content: [
            toolUseBlock({
              name: "propose_facts",
              input: {
                memories: texts.map((text, at) =>
                  factProposal(text, texts.join(""), index * 2 + at),
                ),
              },
            }),
          ],
        },
      ]);
      const pass = await writePass({
        store,
        transcript: transcript(texts.join("")),
        client: testClient(),
        model: "claude-haiku-4-5",
        now: NOW,
        onTooLong: false,
      });
      return [
        ...pass.applied.map((item) => ({ refused: false, reported: JSON.stringify(item) })),
        ...pass.rejected.map((item) => ({
          refused: item.code === "secret",
          reported: JSON.stringify(item),
        })),
      ];
    },
  },
  {
    name: "remember",
    layout: "subject",
    write: async (store, texts) => {
      const session = new WriteSession();
      const outcomes: Outcome[] = [];
      for (const fact of texts) {
        const result = await remember({ store, path: FILE, fact, now: NOW, session });
        outcomes.push({ refused: result.code === "secret", reported: JSON.stringify(result) });
      }
      return outcomes;
    },
  },
  {
    name: "remember (fact layout)",
    layout: "fact",
    write: async (store, texts, index) => {
      const session = new WriteSession();
      const outcomes: Outcome[] = [];
      for (const [at, fact] of texts.entries()) {
        const path = `account-note-${index}-${at}.md`;
        const result = await remember({ store, path, fact, now: NOW, session });
        outcomes.push({ refused: result.code === "secret", reported: JSON.stringify(result) });
      }
      return outcomes;
    },
  },
  {
    name: "chat memory_write",
    layout: "subject",
    write: async (store, texts) => {
      mockMessages(server, [
        {
          content: texts.map((fact) =>
            toolUseBlock({ name: "memory_write", input: { action: "remember", file: FILE, fact } }),
          ),
        },
        { content: [textBlock("Saved what I may.")] },
      ]);
      const talk = await chat({
        store,
        client: testClient(),
        model: "claude-opus-5-5",
        basePrompt: "BASE",
        messages: [{ role: "user", content: `Remember this: ${texts.join("")}` }],
        now: NOW,
      });
      return talk.toolCalls.map((call) => ({
        refused: JSON.parse(call.result).code === "secret",
        reported: call.result,
      }));
    },
  },
  {
    name: "memory tool create",
    layout: "subject",
    write: async (store, texts, index) => {
      const run = await memoryTool(store, new WriteSession());
      const outcome = await run({
        command: "create",
        path: `/memories/topics/accounts-${index}.md`,
        file_text: `${texts.join("\n")}\n`,
      });
      return [outcome];
    },
  },
  {
    name: "memory tool insert",
    layout: "subject",
    write: async (store, texts, index) => {
      const run = await memoryTool(store, new WriteSession());
      const path = `/memories/topics/accounts-${index}.md`;
      await run({ command: "create", path, file_text: "keeps accounts in a password manager\n" });
      const outcomes: Outcome[] = [];
      for (const [at, text] of texts.entries()) {
        outcomes.push(
          await run({ command: "insert", path, insert_line: 1 + at, insert_text: text }),
        );
      }
      return outcomes;
    },
  },
  {
    name: "memory tool str_replace",
    layout: "subject",
    write: async (store, texts, index) => {
      const run = await memoryTool(store, new WriteSession());
      const path = `/memories/topics/accounts-${index}.md`;
      await run({ command: "create", path, file_text: "keeps accounts in a password manager\n" });
      // The first text goes in as a line with a marker after it; the last replaces the marker,
      // so the edit completes the line: "<first>" + "<second>".
      const outcomes: Outcome[] = [];
      const marker = "(to be continued)";
      const [first, ...rest] = texts;
      if (rest.length === 0) {
        outcomes.push(
          await run({
            command: "str_replace",
            path,
            old_str: "in a password manager",
            new_str: `in a password manager; ${first}`,
          }),
        );
        return outcomes;
      }
      outcomes.push(
        await run({ command: "insert", path, insert_line: 1, insert_text: `${first}${marker}` }),
      );
      outcomes.push(
        await run({ command: "str_replace", path, old_str: marker, new_str: rest.join("") }),
      );
      return outcomes;
    },
  },
  {
    name: "proposals (MCP propose)",
    layout: "subject",
    write: async (store, texts) => {
      const result = await applyProposals({
        store,
        transcript: transcript(texts.join("")),
        proposals: texts.map((text) => proposal(text, texts.join(""))),
        now: NOW,
      });
      return [
        ...result.applied.map((item) => ({ refused: false, reported: JSON.stringify(item) })),
        ...result.rejected.map((item) => ({
          refused: item.code === "secret",
          reported: JSON.stringify(item),
        })),
      ];
    },
  },
  {
    name: "fact proposals (MCP propose, fact layout)",
    layout: "fact",
    write: async (store, texts, index) => {
      const result = await applyFactProposals({
        store,
        transcript: transcript(texts.join("")),
        proposals: texts.map((text, at) => factProposal(text, texts.join(""), index * 2 + at)),
        now: NOW,
      });
      return [
        ...result.applied.map((item) => ({ refused: false, reported: JSON.stringify(item) })),
        ...result.rejected.map((item) => ({
          refused: item.code === "secret",
          reported: JSON.stringify(item),
        })),
      ];
    },
  },
];

type ChannelFigures = {
  channel: string;
  notRefused: string[];
  onDisk: string[];
  splitOnDisk: string[];
  inRefusals: string[];
  inResults: string[];
};

// Both parts of a secret said in two halves on disk, in any files or lines: the secret reached disk.
function bothParts(sample: SecretSample, texts: readonly string[]): boolean {
  const at = Math.floor(sample.value.length / 2);
  const parts = [sample.value.slice(0, at), sample.value.slice(at)];
  return parts.every((part) => texts.some((text) => text.includes(part)));
}

async function runChannel(channel: Channel): Promise<ChannelFigures> {
  const base = await mkdtemp(join(tmpdir(), "memfiles-secret-corpus-"));
  const root = join(base, "whole");
  const store = new MemoryStore({ root, layout: channel.layout });
  const notRefused: string[] = [];
  const splitOnDisk: string[] = [];
  const reported: string[] = [];
  const refusals: string[] = [];
  for (const [index, sample] of SECRET_CORPUS.entries()) {
    const whole = await channel.write(store, [sample.fact], index);
    if (whole.length === 0 || whole.some((outcome) => !outcome.refused)) {
      notRefused.push(sample.name);
    }
    // Each split in a folder of its own, so no other format's parts are found there.
    const splitRoot = join(base, "split", String(index));
    const split = await channel.write(
      new MemoryStore({ root: splitRoot, layout: channel.layout }),
      halves(sample),
      index,
    );
    await mkdir(splitRoot, { recursive: true });
    if (bothParts(sample, await everyText(splitRoot))) splitOnDisk.push(sample.name);
    const outcomes = [...whole, ...split];
    reported.push(...outcomes.map((outcome) => outcome.reported));
    refusals.push(...outcomes.filter((outcome) => outcome.refused).map((o) => o.reported));
  }
  await mkdir(root, { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: root });
  execFileSync("git", ["add", "-A"], { cwd: root });
  execFileSync(
    "git",
    ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "memory"].concat(
      "--allow-empty",
    ),
    { cwd: root },
  );
  const texts = await everyText(root);
  const holding = (found: readonly string[]) =>
    SECRET_CORPUS.filter((sample) => found.some((text) => text.includes(sample.value))).map(
      (sample) => sample.name,
    );
  return {
    channel: channel.name,
    notRefused,
    onDisk: holding(texts),
    splitOnDisk,
    inRefusals: holding(refusals),
    inResults: holding(reported),
  };
}

it.each(CHANNELS.map((channel) => [channel.name, channel] as const))(
  `the secret corpus through %s: every format refused, 0 on disk whole, at most 10 split, 0 raw secrets in results`,
  // Two writes per format (whole, then split in two) over 160 formats, some through the mocked
  // API: a few seconds alone, slower with the whole suite on a 2-core machine.
  { timeout: 120_000 },
  async (_, channel) => {
    expect(SECRET_CORPUS.length).toBeGreaterThanOrEqual(90);
    const figures = await runChannel(channel);
    console.log(
      `secret corpus, ${channel.name}: ${SECRET_CORPUS.length - figures.notRefused.length} of ${SECRET_CORPUS.length} refused; on disk ${figures.onDisk.length} whole, ${figures.splitOnDisk.length} split in two (${figures.splitOnDisk.join(", ")}); raw secrets in ${figures.inRefusals.length} refusals (${figures.inRefusals.join(", ")}), in ${figures.inResults.length} results`,
    );
    expect(figures.splitOnDisk.length).toBeLessThanOrEqual(10);
    expect({ ...figures, splitOnDisk: [] }).toEqual({
      channel: channel.name,
      notRefused: [],
      onDisk: [],
      splitOnDisk: [],
      inRefusals: [],
      inResults: [],
    });
  },
);
