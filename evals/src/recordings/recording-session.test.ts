import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeAnthropicApi, startFakeAnthropicApi } from "../../test/fake-anthropic-api.js";
import { attachRecordingSession, RECORDING_RUN_HEADER } from "./interceptor.js";
import { MissingRecordingError } from "./missing-recording-error.js";
import { RecordingSession, type RecordingSessionOptions } from "./recording-session.js";

const request = {
  model: "claude-haiku-4-5",
  max_tokens: 256,
  system: [{ type: "text" as const, text: "You are a helpful assistant. Answer in one line." }],
  messages: [{ role: "user" as const, content: "How should I deploy this new service?" }],
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openSession(
  options: Partial<RecordingSessionOptions> &
    Pick<RecordingSessionOptions, "mode" | "recordingsDir">,
) {
  const session = await RecordingSession.open({
    scenarioId: "remember",
    model: "claude-haiku-4-5",
    extractionPrompt: "extraction@1",
    dropHeaders: [RECORDING_RUN_HEADER],
    ...options,
  });
  const attached = attachRecordingSession(session);
  cleanups.push(attached.detach);
  const client = new Anthropic({
    apiKey: "test-key",
    baseURL: options.mode === "record" ? api?.url : "https://api.anthropic.com",
    maxRetries: 0,
    defaultHeaders: attached.defaultHeaders,
  });
  return { session, client };
}

let api: FakeAnthropicApi | undefined;

async function recordOnce(recordingsDir: string, calls: number) {
  api = await startFakeAnthropicApi((_body, index) => [
    { type: "text", text: `Deploy it on Fly.io (${index + 1}).` },
  ]);
  const { session, client } = await openSession({ mode: "record", recordingsDir });
  session.step = "question: chat";
  const replies = [];
  for (let call = 0; call < calls; call += 1) replies.push(await client.messages.create(request));
  const file = await session.save("2026-11-29");
  await api.close();
  api = undefined;
  return { replies, file };
}

describe("RecordingSession", () => {
  it("records through a local API, then replays the same replies without it", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const { replies, file } = await recordOnce(recordingsDir, 2);
    expect(file).toBe(join(recordingsDir, "claude-haiku-4-5", "extraction@1", "remember.json"));
    const saved = JSON.parse(await readFile(file ?? "", "utf8"));
    expect(saved).toMatchObject({
      provenance: "recorded",
      model: "claude-haiku-4-5",
      date: "2026-11-29",
      scenario: "remember",
      extractionPrompt: "extraction@1",
    });
    expect(
      saved.entries.map((entry: { occurrence: number; step: string }) => [
        entry.occurrence,
        entry.step,
      ]),
    ).toEqual([
      [1, "question: chat"],
      [2, "question: chat"],
    ]);

    const { session, client } = await openSession({ mode: "replay", recordingsDir });
    session.step = "question: chat";
    const replayed = [await client.messages.create(request), await client.messages.create(request)];
    expect(replayed).toEqual(replies);
    expect(replayed.map((message) => message.content)).toEqual([
      [{ type: "text", text: "Deploy it on Fly.io (1)." }],
      [{ type: "text", text: "Deploy it on Fly.io (2)." }],
    ]);
    expect(session.failure).toBeUndefined();
  });

  it("does not forward the routing header to the API", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    api = await startFakeAnthropicApi(() => [{ type: "text", text: "ok" }]);
    const fake = api;
    const { client } = await openSession({ mode: "record", recordingsDir });
    await client.messages.create(request);
    await fake.close();
    api = undefined;
    expect(fake.headers[0]?.[RECORDING_RUN_HEADER]).toBeUndefined();
    expect(fake.headers[0]?.authorization).toBe("Bearer test-key");
  });

  it("fails at once, naming scenario, step, file and the differing path, when one word changes", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const { file } = await recordOnce(recordingsDir, 1);
    const { session, client } = await openSession({ mode: "replay", recordingsDir });
    session.step = "session 2: write";
    const changed = {
      ...request,
      system: [
        { type: "text" as const, text: "You are a helpful assistant. Answer in one sentence." },
      ],
    };
    await expect(client.messages.create(changed)).rejects.toThrow(Anthropic.NotFoundError);
    expect(session.failure).toBeInstanceOf(MissingRecordingError);
    const error = session.failure as MissingRecordingError;
    expect({ scenarioId: error.scenarioId, step: error.step, file: error.file }).toEqual({
      scenarioId: "remember",
      step: "session 2: write",
      file,
    });
    expect(error.difference).toEqual([
      'system[0].text: recorded "… are a helpful assistant. Answer in one line.", ' +
        'request "… are a helpful assistant. Answer in one sentence."',
    ]);
    expect(error.message).toContain(
      'No recording for scenario "remember" at step "session 2: write"',
    );
    expect(error.message).toContain('nearest recorded request (step "question: chat") differs at:');
  });

  it("tells the same request sent more often than recorded apart by its occurrence", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    await recordOnce(recordingsDir, 1);
    const { session, client } = await openSession({ mode: "replay", recordingsDir });
    await client.messages.create(request);
    await expect(client.messages.create(request)).rejects.toThrow();
    expect(session.failure?.message).toContain(
      "this exact request was recorded 1 time(s), and this is occurrence 2.",
    );
  });

  it("reports a missing recording file as a missing recording", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const { session, client } = await openSession({ mode: "replay", recordingsDir });
    session.step = "session 1: write";
    await expect(client.messages.create(request)).rejects.toThrow();
    expect(session.failure?.message).toContain("the recording file does not exist.");
  });

  it("runs an in-flight hook before the request is answered", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    await recordOnce(recordingsDir, 1);
    const { session, client } = await openSession({ mode: "replay", recordingsDir });
    const order: string[] = [];
    session.step = "session 3: consolidate topics/tools.md";
    session.duringNextRequest(async (step) => {
      order.push(`hook at ${step}`);
    });
    await client.messages.create(request).then(() => order.push("answered"));
    expect(order).toEqual(["hook at session 3: consolidate topics/tools.md", "answered"]);
  });

  it("answers from authored replies in the API's format and saves them as authored", async () => {
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const { session, client } = await openSession({
      mode: "author",
      recordingsDir,
      model: "claude-opus-5-5",
      authoredReplies: [
        {
          step: "session 1: write",
          content: [{ type: "tool_use", name: "propose_memories", input: { proposals: [] } }],
        },
        { step: "question: chat", content: [{ type: "text", text: "Use Fly.io." }] },
      ],
    });
    session.step = "session 1: write";
    const written = await client.messages.create({ ...request, model: "claude-opus-5-5" });
    session.step = "question: chat";
    const answered = await client.messages.create({
      ...request,
      model: "claude-opus-5-5",
      max_tokens: 300,
    });
    expect(written.content.map((block) => block.type)).toEqual(["thinking", "tool_use"]);
    expect(written).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-opus-5-5",
      stop_reason: "tool_use",
      stop_sequence: null,
      content: [
        { type: "thinking", thinking: "" },
        {
          type: "tool_use",
          id: "toolu_authored_1",
          name: "propose_memories",
          input: { proposals: [] },
        },
      ],
    });
    expect(written.id).toMatch(/^msg_authored_[0-9a-f]{24}$/);
    expect(answered.stop_reason).toBe("end_turn");
    session.step = "question: chat";
    await expect(client.messages.create(request)).rejects.toThrow();
    expect(session.failure?.message).toContain(
      "no authored reply is left for this step (1 written for it",
    );
    expect(session.recordingMade()).toMatchObject({
      provenance: "authored",
      model: "claude-opus-5-5",
    });
    expect(session.recordingMade()?.entries).toHaveLength(2);
  });
});
