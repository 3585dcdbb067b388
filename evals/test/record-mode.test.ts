import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPrompt } from "@memfiles/prompts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatAbSummary } from "../src/ab/format-summary.js";
import { toProviderResponse } from "../src/ab/provider.js";
import { summarizeAb } from "../src/ab/summary.js";
import {
  abReportView,
  buildEvalReport,
  evalReportView,
  formatEvalReport,
  formatEvalSummary,
} from "../src/report/index.js";
import { runScenario } from "../src/runner/index.js";
import type { RunScenarioOptions, ScenarioResult } from "../src/runner/types.js";
import { startFakeAnthropicApi } from "./fake-anthropic-api.js";
import { tinyModel, writeTinyScenario } from "./scenario-fixture.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What record and replay must agree on (not the wall time, nor where the recording came from). */
function outcome(result: ScenarioResult) {
  const { durationMs: _durationMs, provenance: _provenance, ...rest } = result;
  return rest;
}

async function recordTiny(): Promise<{
  options: Omit<RunScenarioOptions, "mode">;
  recorded: ScenarioResult;
  requests: number;
  countTokens: Record<string, unknown>[];
  /** The fake API's host, as `ANTHROPIC_BASE_URL` named it (`127.0.0.1:<port>`). */
  host: string;
}> {
  const scenariosDir = await writeTinyScenario();
  const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
  const options = {
    scenarioId: "tiny",
    model: "claude-haiku-4-5",
    extractionPrompt: "extraction@1",
    recordingsDir,
    scenariosDir,
  };
  const api = await startFakeAnthropicApi(tinyModel);
  vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
  vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
  const recorded = await runScenario({ ...options, mode: "record" });
  await api.close();
  vi.unstubAllEnvs();
  return {
    options,
    recorded,
    requests: api.requests.length,
    countTokens: api.countTokens,
    host: new URL(api.url).host,
  };
}

// Whole scenarios through a local HTTP server and back from recordings: ~0.6 s alone; 30 s
// leaves room for a busy 2-core machine.
describe("record mode against a local fake API", { timeout: 30_000 }, () => {
  it("records every call, then replays without the server to the same results", async () => {
    const { options, recorded, requests, countTokens, host } = await recordTiny();
    expect(recorded.error).toBeUndefined();
    expect(recorded.checks.filter((check) => !check.pass)).toEqual([]);
    expect(recorded.pass).toBe(true);
    expect(recorded.calls.map((call) => [call.session, call.stage, call.step])).toEqual([
      [1, "write", "session 1: write"],
      [2, "chat", "session 2: chat"],
      [2, "chat", "session 2: chat"],
      [2, "consolidate", "session 2: consolidate topics/tools.md"],
      ["question", "chat", "question: chat"],
      ["question", "chat", "question: chat"],
    ]);
    expect(requests).toBe(6);
    const file = join(options.recordingsDir, "claude-haiku-4-5", "extraction@1", "tiny.json");
    expect(recorded.recordingFile).toBe(file);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved.provenance).toBe("recorded");
    // Recorded against the local fake, not the API: the file keeps where its replies came from.
    expect(saved.host).toBe(host);
    // one token count per request, stored beside the response's usage
    expect(countTokens).toHaveLength(6);
    expect(
      countTokens.every(
        (body) => body.max_tokens === undefined && body.model === "claude-haiku-4-5",
      ),
    ).toBe(true);
    expect(
      saved.entries.map((entry: { countedInputTokens?: number }) => entry.countedInputTokens),
    ).toEqual(countTokens.map((body) => Math.ceil(JSON.stringify(body).length / 4)));
    expect(recorded.provenance).toEqual([
      { kind: "recorded", model: "claude-haiku-4-5", date: saved.date, host },
    ]);

    const replayed = await runScenario({ ...options, mode: "replay" });
    expect(outcome(replayed)).toEqual(outcome(recorded));
    expect(replayed.provenance).toEqual(recorded.provenance);
  });

  it("passes a batched write pass through to the API, records its result, and replays it", async () => {
    const scenariosDir = await writeTinyScenario();
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const options = {
      scenarioId: "tiny",
      model: "claude-haiku-4-5",
      extractionPrompt: "extraction@1",
      recordingsDir,
      scenariosDir,
      writeBatch: true,
    };
    const api = await startFakeAnthropicApi(tinyModel);
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    const recorded = await runScenario({ ...options, mode: "record" });
    await api.close();
    vi.unstubAllEnvs();
    expect(recorded.error).toBeUndefined();
    expect(recorded.pass).toBe(true);
    // create, retrieve (ended), then the SDK's results(): retrieve for results_url, then the JSONL;
    // once for the write pass, then for the consolidation, and again for the consolidation after
    // the remember made between submit and result (duringCall) changed its file (file_changed).
    const oneBatch = [
      "POST /v1/messages/batches",
      "GET /v1/messages/batches/:id",
      "GET /v1/messages/batches/:id",
      "GET /v1/messages/batches/:id/results",
    ];
    expect(api.batchCalls).toEqual([...oneBatch, ...oneBatch, ...oneBatch]);
    const saved = JSON.parse(
      await readFile(join(recordingsDir, "claude-haiku-4-5", "extraction@1", "tiny.json"), "utf8"),
    );
    const write = saved.entries.find(
      (entry: { step: string }) => entry.step === "session 1: write",
    );
    expect(write.response.body.usage.service_tier).toBe("batch");
    expect(write.request).toEqual(api.requests[0]);
    const replayed = await runScenario({ ...options, mode: "replay" });
    expect(outcome(replayed)).toEqual(outcome(recorded));
  });

  it("fails replay with a missing recording naming scenario, step and diff when one prompt word changes", async () => {
    const { options } = await recordTiny();
    const released = getPrompt("extraction", 1).text;
    const changed = released.replace(/\bmemory\b/, "memories");
    expect(changed).not.toBe(released);
    const result = await runScenario({
      ...options,
      mode: "replay",
      prompts: { extraction: changed },
    });
    expect(result.pass).toBe(false);
    expect(result.error?.name).toBe("MissingRecordingError");
    const message = result.error?.message ?? "";
    expect(message).toContain('No recording for scenario "tiny" at step "session 1: write"');
    expect(message).toContain(
      join(options.recordingsDir, "claude-haiku-4-5", "extraction@1", "tiny.json"),
    );
    expect(message).toMatch(
      /nearest recorded request \(step "session 1: write"\) differs at:\n\s+system/,
    );
    expect(message).toContain("memories");
    expect(result.calls).toEqual([]);
  });

  it("refuses record mode without ANTHROPIC_API_KEY, as a broken run", async () => {
    const scenariosDir = await writeTinyScenario();
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    vi.stubEnv("ANTHROPIC_API_KEY", "");
    const result = await runScenario({
      scenarioId: "tiny",
      model: "claude-haiku-4-5",
      extractionPrompt: "extraction@1",
      recordingsDir,
      scenariosDir,
      mode: "record",
    });
    expect(result.error?.message).toContain("Record mode needs ANTHROPIC_API_KEY");
    expect(result.pass).toBe(false);
  });
});

/** Every report that prints a run's provenance, as its reader sees it. */
const REPORTS: Record<string, (result: ScenarioResult) => string> = {
  "pnpm eval summary": (result) => formatEvalSummary([buildEvalReport([result], "extraction@1")]),
  "pnpm eval --verbose tables": (result) =>
    formatEvalReport(buildEvalReport([result], "extraction@1")),
  "pnpm eval HTML": (result) =>
    evalReportView(buildEvalReport([result], "extraction@1")).provenanceNotes.join("\n"),
  "pnpm eval:ab summary": (result) => formatAbSummary({ summary: summarizeAb(abOutput(result)) }),
  "pnpm eval:ab HTML": (result) =>
    abReportView(summarizeAb(abOutput(result))).provenanceNotes.join("\n"),
};

/** promptfoo's output file for one run, as the A/B provider would have answered it. */
function abOutput(result: ScenarioResult) {
  return {
    results: {
      results: [
        {
          provider: { id: result.model, label: result.model },
          prompt: { raw: "extraction@1", label: "extraction@1" },
          vars: { scenario: result.scenarioId },
          success: result.pass,
          response: { metadata: toProviderResponse(result).metadata },
        },
      ],
    },
  };
}

describe("a recording made against another host than the API says so in every report", {
  timeout: 30_000,
}, () => {
  let recordedOnce: ReturnType<typeof recordTiny> | undefined;

  it.each(Object.entries(REPORTS))("%s", async (_name, report) => {
    recordedOnce ??= recordTiny();
    const { options, host } = await recordedOnce;
    const replayed = await runScenario({ ...options, mode: "replay" });
    const date = replayed.provenance[0]?.kind === "recorded" ? replayed.provenance[0].date : "";
    const text = report(replayed);
    expect(text).toContain(`recorded from ${host}, not the API (claude-haiku-4-5, ${date})`);
    expect(text).not.toContain("from the API");
  });
});
