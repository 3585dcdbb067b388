import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { evalMain } from "../src/cli/eval.js";
import { runScenario } from "../src/runner/index.js";
import type { ScenarioResult } from "../src/runner/types.js";
import { capture } from "./capture-output.js";
import { type FakeFail, type FakeFailure, startFakeAnthropicApi } from "./fake-anthropic-api.js";
import { tinyModel, writeTinyScenario } from "./scenario-fixture.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What record and replay must agree on (not the wall time, nor where the recording came from). */
function outcome(result: ScenarioResult) {
  const { durationMs: _durationMs, provenance: _provenance, ...rest } = result;
  return rest;
}

/** The API's error answers, with `retry-after-ms: 1` so the retries stay fast. */
const FAILURES = {
  529: {
    status: 529,
    headers: { "retry-after-ms": "1", "request-id": "req_fake_529" },
    body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
  },
  429: {
    status: 429,
    headers: { "retry-after-ms": "1" },
    body: { type: "error", error: { type: "rate_limit_error", message: "Rate limited" } },
  },
  500: {
    status: 500,
    headers: { "retry-after-ms": "1" },
    body: { type: "error", error: { type: "api_error", message: "Internal server error" } },
  },
} satisfies Record<number, FakeFailure>;

async function recordTiny(fail: FakeFail) {
  const scenariosDir = await writeTinyScenario();
  const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
  const options = {
    scenarioId: "tiny",
    model: "claude-haiku-4-5",
    extractionPrompt: "extraction@1",
    recordingsDir,
    scenariosDir,
  };
  const api = await startFakeAnthropicApi(tinyModel, fail);
  vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
  vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
  const recorded = await runScenario({ ...options, mode: "record" });
  await api.close();
  vi.unstubAllEnvs();
  return { options, recorded, api };
}

// Whole scenarios through a local HTTP server that fails first, with real retry waits: ~1.4 s
// alone; 30 s leaves room for a busy 2-core machine.
describe("record mode retries the API's retryable errors itself", { timeout: 30_000 }, () => {
  it.each([529, 429, 500] as const)(
    "records each call once when the API answers %i then succeeds, and replays the same",
    async (status) => {
      // The first request fails, and so does the first try of the consolidation (request 4).
      const { options, recorded, api } = await recordTiny((attempt) =>
        attempt === 0 || attempt === 4 ? FAILURES[status] : undefined,
      );
      expect(recorded.error).toBeUndefined();
      expect(recorded.pass).toBe(true);
      expect(api.failed.length).toBe(2);
      expect(api.requests.length).toBe(6);
      const file = join(options.recordingsDir, "claude-haiku-4-5", "extraction@1", "tiny.json");
      const saved = JSON.parse(await readFile(file, "utf8"));
      expect(
        saved.entries.map((entry: { occurrence: number; step: string }) => [
          entry.occurrence,
          entry.step,
        ]),
      ).toEqual([
        [1, "session 1: write"],
        [1, "session 2: chat"],
        [1, "session 2: chat"],
        [1, "session 2: consolidate topics/tools.md"],
        [1, "question: chat"],
        [1, "question: chat"],
      ]);
      const replayed = await runScenario({ ...options, mode: "replay" });
      expect(outcome(replayed)).toEqual(outcome(recorded));
    },
  );

  it.each([
    [529, "answered 529 overloaded_error: Overloaded (request-id req_fake_529), 3 tries in all"],
    [429, "answered 429 rate_limit_error: Rate limited, 3 tries in all"],
    [500, "answered 500 api_error: Internal server error, 3 tries in all"],
  ] as const)(
    "breaks the run with the API's error and writes no recording when %i never stops",
    async (status, expected) => {
      const { options, recorded, api } = await recordTiny(() => FAILURES[status]);
      expect(api.failed.length).toBe(3);
      expect(api.requests).toEqual([]);
      expect(recorded.pass).toBe(false);
      expect(recorded.calls).toEqual([]);
      expect(recorded.error).toEqual({
        name: "RecordApiError",
        message:
          `Recording scenario "tiny" at step "session 1: write": the Anthropic API ${expected}. ` +
          "No recording file was written for this run. Wait a little and run `pnpm eval --record` " +
          "again (check the API status, rate limits and ANTHROPIC_BASE_URL).",
      });
      await expect(readdir(options.recordingsDir)).resolves.toEqual([]);
    },
  );

  it("does not retry a 401: the run breaks at once with the API's error", async () => {
    const unauthorized = {
      status: 401,
      headers: { "retry-after-ms": "1" },
      body: {
        type: "error",
        error: { type: "authentication_error", message: "invalid x-api-key" },
      },
    };
    const { options, recorded, api } = await recordTiny(() => unauthorized);
    expect(api.failed.length).toBe(1);
    expect(recorded.pass).toBe(false);
    expect(recorded.error?.message).toContain("401");
    expect(recorded.error?.message).toContain("invalid x-api-key");
    await expect(readdir(options.recordingsDir)).resolves.toEqual([]);
  });

  const UNAUTHORIZED = {
    status: 401,
    body: { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } },
  };
  it.each([
    {
      name: "the API stays overloaded",
      fail: () => FAILURES[529],
      reply: tinyModel,
      broken:
        'RecordApiError:\n    Recording scenario "tiny" at step "session 1: write": the Anthropic API answered 529 overloaded_error',
    },
    {
      name: "the API answers 401",
      fail: () => UNAUTHORIZED,
      reply: tinyModel,
      broken: "AuthenticationError:\n    401 ",
    },
    {
      name: "the model answers text only",
      fail: () => undefined,
      reply: () => [{ type: "text" as const, text: "I cannot help with that." }],
      broken: "ModelReplyError:",
    },
  ])(
    "pnpm eval --record exits 1 when $name, and says no recording was written",
    async ({ fail, reply, broken }) => {
      const scenariosDir = await writeTinyScenario();
      const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
      const out = await mkdtemp(join(tmpdir(), "memfiles-retry-out-"));
      const api = await startFakeAnthropicApi(reply, fail);
      vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
      vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
      const { output, sink } = capture();
      const result = await evalMain(
        [
          ...["--scenarios", scenariosDir, "--recordings", recordingsDir, "--out", out],
          ...["--model", "claude-haiku-4-5", "--record"],
        ],
        sink,
      );
      await api.close();
      expect(result.exitCode).toBe(1);
      expect(output.out).toContain(`  BROKEN tiny on claude-haiku-4-5, extraction@1: ${broken}`);
      expect(output.out).toContain(
        "recordings: none replayed or written (every one of the 1 run(s) broke before it had a recording)",
      );
      await expect(readdir(recordingsDir)).resolves.toEqual([]);
    },
  );
});
