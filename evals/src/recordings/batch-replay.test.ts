import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { applyBatchResults, MemoryStore, submitWritePasses } from "@memfiles/core";
import { type BatchWriteSession, buildWriteRequest } from "@memfiles/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { AUTHORED_USAGE_METHOD } from "./authored-usage.js";
import { attachRecordingSession, RECORDING_RUN_HEADER } from "./interceptor.js";
import { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";
import { type RecordingEntry, recordingPath, writeRecordingFile } from "./recording-file.js";
import { RecordingSession } from "./recording-session.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const MODEL = "claude-haiku-5-5";
const NOW = new Date("2026-09-12T18:30:00Z");
const FLY = "We deploy everything on Fly.io.";

const replyMessage = {
  id: "msg_authored_1",
  type: "message",
  role: "assistant",
  model: MODEL,
  content: [
    {
      type: "tool_use",
      id: "toolu_authored_1",
      name: "propose_memories",
      input: {
        memories: [
          {
            file: "topics/tools.md",
            fact: "deploys on Fly.io",
            evidence: FLY,
            replaces: null,
            description: null,
          },
        ],
      },
    },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 900, output_tokens: 60 },
};

/** Three sessions, and an authored recording answering one succeeded, one expired, one errored. */
async function setUp(): Promise<{
  sessions: BatchWriteSession[];
  client: Anthropic;
  store: MemoryStore;
}> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-batch-replay-")), "memory"),
  });
  const sessions: BatchWriteSession[] = ["session 1", "session 2", "session 3"].map(
    (sessionId) => ({
      store,
      transcript: {
        sessionId,
        date: "2026-09-12",
        turns: [{ role: "user", content: `${FLY} (${sessionId})` }],
      },
      now: NOW,
    }),
  );
  const client0 = new Anthropic({ apiKey: "replay" });
  const bodies = await Promise.all(
    sessions.map(
      async (session) =>
        (await buildWriteRequest({
          ...session,
          client: client0,
          model: MODEL,
        })) as unknown as JsonValue,
    ),
  );
  const results: Pick<RecordingEntry, "response" | "batchResult">[] = [
    { response: { status: 200, body: replyMessage as unknown as JsonValue } },
    { response: { status: 200, body: null }, batchResult: { type: "expired" } },
    {
      response: { status: 200, body: null },
      batchResult: {
        type: "errored",
        error: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      },
    },
  ];
  const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
  await writeRecordingFile(recordingPath(recordingsDir, MODEL, "extraction@1", "batch"), {
    provenance: "authored",
    usageMethod: AUTHORED_USAGE_METHOD,
    model: MODEL,
    scenario: "batch",
    extractionPrompt: "extraction@1",
    entries: bodies.map((body, index) => ({
      key: recordingKey(body),
      occurrence: 1,
      step: `session ${index + 1}: write`,
      request: normalizeJson(body),
      ...(results[index] as Pick<RecordingEntry, "response">),
    })),
  });
  const session = await RecordingSession.open({
    mode: "replay",
    scenarioId: "batch",
    model: MODEL,
    extractionPrompt: "extraction@1",
    recordingsDir,
    dropHeaders: [RECORDING_RUN_HEADER],
  });
  const attached = attachRecordingSession(session);
  cleanups.push(attached.detach);
  const client = new Anthropic({
    apiKey: "replay",
    maxRetries: 0,
    defaultHeaders: attached.defaultHeaders,
    fetch: attached.fetch,
  });
  return { sessions, client, store };
}

describe("a write-pass batch answered from a recording", () => {
  it("applies the succeeded entry and reports the expired and errored ones for resubmission", async () => {
    const { sessions, client, store } = await setUp();
    const { batchId } = await submitWritePasses({ sessions, client, model: MODEL });
    const applied = await applyBatchResults({
      batchId: batchId as string,
      sessions,
      client,
      model: MODEL,
    });
    expect(applied.status).toBe("ended");
    if (applied.status !== "ended") return;
    expect(
      applied.outcomes.map((outcome) => [
        outcome.sessionId,
        outcome.code,
        "message" in outcome ? outcome.message : undefined,
      ]),
    ).toEqual([
      ["session 1", "applied", undefined],
      ["session 2", "expired", undefined],
      ["session 3", "errored", "overloaded_error: Overloaded"],
    ]);
    expect(applied.resubmit).toEqual([sessions[1], sessions[2]]);
    const read = await store.read("topics/tools.md");
    expect(read.exists && read.content).toContain("[stated 2026/09/12] deploys on Fly.io");
  });
});
