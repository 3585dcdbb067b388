import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import {
  type CorpusChannel,
  type CorpusWrite,
  type CorpusWriteResult,
  expectedFigures,
  figuresLine,
  folderTexts,
  runSecretCorpus,
  SPLIT_ALLOWANCE,
} from "../../test/fixtures/secret-corpus-runner.js";
import {
  mockMessages,
  testClient,
  textBlock,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { WriteSession } from "../guards/index.js";
import { remember, writePass } from "../layouts/index.js";
import { memfilesMemoryTool } from "../memory-tool/index.js";
import { MemoryStore } from "../store/memory-store.js";
import { chat } from "./chat.js";

const server = useMessagesApi();

const NOW = new Date("2026-10-02T08:00:00Z");
const FILE = "topics/accounts.md";

/** A memory folder of one channel: all the whole facts, or one split fact. */
type Memory = { root: string; store: MemoryStore; use: "whole" | "split" };

const transcript = (writes: readonly CorpusWrite[]) => ({
  date: "2026-10-02",
  turns: [
    { role: "user" as const, content: writes.map((write) => write.texts.join("")).join("\n") },
  ],
});
// Each write's proposals go to a file named by its index, so a rejection names its write.
const proposal = (write: CorpusWrite, fact: string) => ({
  file: `topics/accounts-${write.index}.md`,
  fact,
  evidence: write.texts.join(""),
  replaces: null,
  description: null,
});
const factProposal = (write: CorpusWrite, body: string, at: number) => ({
  action: "save" as const,
  name:
    write.texts.length === 1
      ? `account note ${write.index}`
      : `account note ${write.index} part ${at + 1}`,
  type: "user",
  description: "An account note.",
  body,
  evidence: write.texts.join(""),
  replaces: null,
});

/** A write pass's result per write: refused when every proposal of it was rejected as a secret. */
function byWrite(
  writes: readonly CorpusWrite[],
  pass: {
    applied: Array<{ proposal: { file: string } }>;
    rejected: Array<{ code: string; proposal: { file: string } }>;
  },
): CorpusWriteResult {
  const indexOf = (file: string) => Number(/\d+/.exec(file)?.[0]);
  const kept = new Set([
    ...pass.applied.map((item) => indexOf(item.proposal.file)),
    ...pass.rejected
      .filter((item) => item.code !== "secret")
      .map((item) => indexOf(item.proposal.file)),
  ]);
  const secret = new Set(
    pass.rejected
      .filter((item) => item.code === "secret")
      .map((item) => indexOf(item.proposal.file)),
  );
  return {
    refused: writes.map((write) => secret.has(write.index) && !kept.has(write.index)),
    reported: [...pass.applied, ...pass.rejected].map((item) => JSON.stringify(item)),
  };
}

/** Outcomes of one call per text, in order, back to the writes they belong to. */
function perText(
  writes: readonly CorpusWrite[],
  outcomes: ReadonlyArray<{ refused: boolean; reported: string }>,
): CorpusWriteResult {
  let next = 0;
  const refused = writes.map((write) => {
    const own = outcomes.slice(next, next + write.texts.length);
    next += write.texts.length;
    return own.length === write.texts.length && own.every((outcome) => outcome.refused);
  });
  return { refused, reported: outcomes.map((outcome) => outcome.reported) };
}

type MemoryCommand = Anthropic.Beta.BetaMemoryTool20250818Command;
function memoryTool(store: MemoryStore) {
  const tool = memfilesMemoryTool({ store, now: NOW, session: new WriteSession() });
  return async (command: MemoryCommand) => {
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
    const outcome = await runRunnableTool(tool, command, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    return { refused: outcome.isError, reported: String(outcome.content) };
  };
}

// The date of the whole facts' commit (git writes it as "1000000000 +0000").
const GIT_DATE = "2001-09-09T01:46:40Z";

function channel(
  name: string,
  layout: "subject" | "fact",
  write: (memory: Memory, writes: readonly CorpusWrite[]) => Promise<CorpusWriteResult>,
): CorpusChannel<Memory> {
  return {
    name,
    open: async (use) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-corpus-")), "memory");
      return { root, store: new MemoryStore({ root, layout }), use };
    },
    write,
    disk: async ({ root, use }) => {
      await mkdir(root, { recursive: true });
      // The whole facts' folder also goes into git: no secret in its objects either. The commit
      // is dated by a fixed clock: a commit made at 12:56:5x UTC on 7 Dec 2026 holds
      // "17966482xx" in its header and log, "4821" of the PIN sample, and the run failed by the
      // clock (the same content and date give the same objects, so the figures are the same on
      // every run).
      if (use === "whole") {
        const env = { ...process.env, GIT_AUTHOR_DATE: GIT_DATE, GIT_COMMITTER_DATE: GIT_DATE };
        execFileSync("git", ["init", "-q"], { cwd: root, env });
        execFileSync("git", ["add", "-A"], { cwd: root, env });
        execFileSync(
          "git",
          [
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.com",
            "commit",
            "-qm",
            "memory",
            "--allow-empty",
          ],
          { cwd: root, env },
        );
      }
      return folderTexts(root);
    },
  };
}

async function writePassOf(memory: Memory, writes: readonly CorpusWrite[]) {
  mockMessages(server, [
    {
      content: [
        memory.store.layout === "fact"
          ? toolUseBlock({
              name: "propose_facts",
              input: {
                memories: writes.flatMap((write) =>
                  write.texts.map((text, at) => factProposal(write, text, at)),
                ),
              },
            })
          : toolUseBlock({
              name: "propose_memories",
              input: {
                memories: writes.flatMap((write) =>
                  write.texts.map((text) => proposal(write, text)),
                ),
              },
            }),
      ],
    },
  ]);
  const pass = await writePass({
    store: memory.store,
    transcript: transcript(writes),
    client: testClient(),
    model: "claude-haiku-4-5",
    now: NOW,
    onTooLong: false,
  });
  return byWrite(writes, pass);
}

// Every write path of core that takes text from a model or a person.
const CHANNELS: CorpusChannel<Memory>[] = [
  // One pass proposes every whole fact at once; each proposal is checked on its own.
  channel("write pass", "subject", writePassOf),
  channel("write pass (fact layout)", "fact", writePassOf),
  channel("remember", "subject", async ({ store }, writes) => {
    const outcomes = [];
    for (const write of writes) {
      const session = new WriteSession();
      for (const fact of write.texts) {
        const result = await remember({ store, path: FILE, fact, now: NOW, session });
        outcomes.push({ refused: result.code === "secret", reported: JSON.stringify(result) });
      }
    }
    return perText(writes, outcomes);
  }),
  channel("remember (fact layout)", "fact", async ({ store }, writes) => {
    const outcomes = [];
    for (const write of writes) {
      const session = new WriteSession();
      for (const [at, fact] of write.texts.entries()) {
        const path = `account-note-${write.index}-${at}.md`;
        const result = await remember({ store, path, fact, now: NOW, session });
        outcomes.push({ refused: result.code === "secret", reported: JSON.stringify(result) });
      }
    }
    return perText(writes, outcomes);
  }),
  // One model turn calls memory_write for every text; the chat answers each call.
  channel("chat memory_write", "subject", async ({ store }, writes) => {
    const texts = writes.flatMap((write) => write.texts);
    mockMessages(server, [
      {
        content: texts.map((fact, at) =>
          toolUseBlock({
            id: `toolu_${at}`,
            name: "memory_write",
            input: { action: "remember", file: FILE, fact },
          }),
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
    return perText(
      writes,
      talk.toolCalls.map((call) => ({
        refused: JSON.parse(call.result).code === "secret",
        reported: call.result,
      })),
    );
  }),
  channel("memory tool create", "subject", async ({ store }, writes) => {
    const run = memoryTool(store);
    const outcomes = [];
    for (const write of writes) {
      const outcome = await run({
        command: "create",
        path: `/memories/topics/accounts-${write.index}.md`,
        file_text: `${write.texts.join("\n")}\n`,
      });
      // One create carries the write's every text: its outcome stands for each.
      outcomes.push(...write.texts.map(() => outcome));
    }
    return perText(writes, outcomes);
  }),
  channel("memory tool insert", "subject", async ({ store }, writes) => {
    const run = memoryTool(store);
    const path = `/memories/${FILE}`;
    await run({ command: "create", path, file_text: "keeps accounts in a password manager\n" });
    const outcomes = [];
    for (const write of writes) {
      for (const [at, text] of write.texts.entries()) {
        outcomes.push(
          await run({ command: "insert", path, insert_line: 1 + at, insert_text: text }),
        );
      }
    }
    return perText(writes, outcomes);
  }),
  channel("memory tool str_replace", "subject", async ({ store }, writes) => {
    const run = memoryTool(store);
    const path = `/memories/${FILE}`;
    await run({ command: "create", path, file_text: "keeps accounts in a password manager\n" });
    const outcomes = [];
    for (const write of writes) {
      const [first, ...rest] = write.texts;
      if (rest.length === 0) {
        outcomes.push(
          await run({
            command: "str_replace",
            path,
            old_str: "in a password manager",
            new_str: `in a password manager; ${first}`,
          }),
        );
        continue;
      }
      // The first half goes in as a line with a marker after it; the second replaces the marker,
      // so the edit completes the line: "<first>" + "<second>".
      const marker = "(to be continued)";
      outcomes.push(
        await run({ command: "insert", path, insert_line: 1, insert_text: `${first}${marker}` }),
      );
      outcomes.push(
        await run({ command: "str_replace", path, old_str: marker, new_str: rest.join("") }),
      );
    }
    return perText(writes, outcomes);
  }),
];

it.each(CHANNELS.map((corpusChannel) => [corpusChannel.name, corpusChannel] as const))(
  "the secret corpus through %s: every format refused, 0 on disk whole, at most 10 split, 0 raw secrets in results",
  // 160 formats whole in one memory, then 160 split ones each in a folder of its own, some through
  // the mocked API: a few seconds alone, slower with the whole suite on a 2-core machine.
  { timeout: 120_000 },
  async (_, corpusChannel) => {
    expect(SECRET_CORPUS.length).toBeGreaterThanOrEqual(90);
    const figures = await runSecretCorpus(corpusChannel);
    console.log(figuresLine(figures));
    expect(figures.splitOnDisk.length).toBeLessThanOrEqual(SPLIT_ALLOWANCE);
    expect(figures).toEqual(expectedFigures(figures));
  },
);
