import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { attachRecordingSession, guardedFetch, RECORDING_RUN_HEADER } from "./interceptor.js";
import { RecordingSession } from "./recording-session.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function openReplaySession() {
  const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
  return RecordingSession.open({
    mode: "replay",
    scenarioId: "remember",
    model: "claude-haiku-4-5",
    extractionPrompt: "extraction@1",
    recordingsDir,
    dropHeaders: [RECORDING_RUN_HEADER],
  });
}

const request = {
  model: "claude-haiku-4-5",
  max_tokens: 64,
  messages: [{ role: "user" as const, content: "hi" }],
};

describe("guardedFetch", () => {
  it("rejects a call msw never answers once its session has failed", async () => {
    const session = await openReplaySession();
    session.step = "session 1: write";
    const never: typeof fetch = () => new Promise<Response>(() => {});
    const pending = guardedFetch(session, never, 1)("https://api.anthropic.com/v1/messages");
    session.markFailed(new Error("the in-flight hook threw"));
    await expect(pending).rejects.toThrow(
      'memfiles recordings: a Messages API request at step "session 1: write" was still ' +
        "unanswered 1 ms after the recording session failed (the in-flight hook threw).",
    );
  });

  it("hands the SDK a plain copy of the answer, even after the session failed", async () => {
    const session = await openReplaySession();
    session.markFailed(new Error("earlier failure"));
    const inner: typeof fetch = async () =>
      Response.json({ ok: true }, { status: 529, headers: { "x-should-retry": "false" } });
    const response = await guardedFetch(session, inner, 1)("https://api.anthropic.com/v1/messages");
    expect({
      status: response.status,
      retry: response.headers.get("x-should-retry"),
      body: await response.json(),
    }).toEqual({ status: 529, retry: "false", body: { ok: true } });
  });
});

describe("attachRecordingSession", () => {
  it("turns an in-flight hook's error into the session's failure and an answer the SDK does not retry", async () => {
    const session = await openReplaySession();
    const attached = attachRecordingSession(session);
    cleanups.push(attached.detach);
    // maxRetries 2: the answer's x-should-retry: false must still stop the SDK's retries.
    const client = new Anthropic({
      apiKey: "replay",
      maxRetries: 2,
      defaultHeaders: attached.defaultHeaders,
      fetch: attached.fetch,
    });
    const hookError = new Error("remember() failed: disk full");
    session.duringNextRequest(async () => {
      throw hookError;
    });
    await expect(client.messages.create(request)).rejects.toThrow("disk full");
    expect(session.failure).toBe(hookError);
    await expect(session.failed()).resolves.toBe(hookError);
  });
});
