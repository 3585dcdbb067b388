import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MODELS } from "@memfiles/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  buildEvalReport,
  evalReportView,
  formatEvalSummary,
  summarizeRun,
} from "../report/index.js";
import { runScenario, runScenarioEpochs } from "../runner/index.js";
import type { RunScenarioOptions, ScenarioResult } from "../runner/types.js";
import { DEFAULT_RECORDINGS_DIR, DEFAULT_SCENARIOS_DIR, RECORDINGS_DIR_ENV } from "./folders.js";
import { type ScenarioMetadata, ScenarioProvider } from "./provider.js";
import { summarizeAb } from "./summary.js";

const usage = (input: number, output: number, cacheWrite5m = 0, cacheRead = 0) => ({
  input,
  output,
  cacheWrite5m,
  cacheWrite1h: 0,
  cacheRead,
});

function resultFor(
  options: RunScenarioOptions,
  extra: Partial<ScenarioResult> = {},
): ScenarioResult {
  return {
    scenarioId: options.scenarioId,
    model: options.model,
    extractionPrompt: options.extractionPrompt,
    pass: true,
    checks: [{ name: "mentions_any(Fly.io)", pass: true, score: 1, reason: 'found "Fly.io"' }],
    answer: "Ship it with fly deploy.",
    stages: [],
    toolCalls: [],
    files: { "topics/tools.md": "---\nname: tools\n---\n[stated 2026/09/12] deploys on Fly.io\n" },
    calls: [
      {
        session: 1,
        stage: "write",
        step: "session 1: write",
        model: options.model,
        usage: usage(1000, 100),
        usd: 0.0015,
      },
      {
        session: "question",
        stage: "chat",
        step: "question: chat 1",
        model: options.model,
        usage: usage(300, 50, 4200, 0),
        usd: 0.00605,
      },
      {
        session: "question",
        stage: "chat",
        step: "question: chat 2",
        model: options.model,
        usage: usage(400, 60, 0, 4200),
        usd: 0.00112,
      },
    ],
    provenance: [{ kind: "authored", usageMethod: "chars / 4" }],
    durationMs: 7,
    ...extra,
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("ScenarioProvider with an injected runner", () => {
  it("returns the answer, the metadata, summed tokens and the USD cost", async () => {
    const runScenario = vi.fn(async (options: RunScenarioOptions) => resultFor(options));
    const provider = new ScenarioProvider({
      config: {
        model: "claude-haiku-4-5",
        recordingsDir: "rec",
        scenariosDir: "scen",
        basePath: "/repo/evals/promptfoo",
      },
      runScenario,
    });

    const response = await provider.callApi("extraction@2\n", {
      vars: { scenario: "remember" },
      prompt: { raw: "extraction@2", label: "extraction@2" },
    });

    expect(runScenario).toHaveBeenCalledWith({
      scenarioId: "remember",
      model: "claude-haiku-4-5",
      extractionPrompt: "extraction@2",
      mode: "replay",
      recordingsDir: "/repo/evals/promptfoo/rec",
      scenariosDir: "/repo/evals/promptfoo/scen",
    });
    const result = resultFor(runScenario.mock.calls[0]?.[0] as RunScenarioOptions);
    expect(response).toEqual({
      output: "Ship it with fly deploy.",
      // 0.0015 + 0.00605 + 0.00112
      cost: 0.00867,
      tokenUsage: {
        // input 1000 + 300 + 400, cache write 4200, cache read 4200
        prompt: 10100,
        completion: 210,
        cached: 4200,
        total: 10310,
        numRequests: 3,
      },
      metadata: {
        scenarioId: "remember",
        model: "claude-haiku-4-5",
        extractionPrompt: "extraction@2",
        pass: true,
        checks: result.checks,
        files: result.files,
        calls: result.calls,
        sessions: [
          {
            session: 1,
            usd: 0.0015,
            write: 0.0015,
            consolidate: 0,
            chat: 0,
            usage: usage(1000, 100),
            calls: 1,
          },
          {
            session: "question",
            usd: 0.00717,
            write: 0,
            consolidate: 0,
            chat: 0.00717,
            usage: usage(700, 110, 4200, 4200),
            calls: 2,
          },
        ],
        provenance: result.provenance,
        durationMs: 7,
      },
    });
    expect(provider.id()).toBe("memfiles-scenario:claude-haiku-4-5");
  });

  it("turns a broken run into an error for that test only, keeping the metadata", async () => {
    const provider = new ScenarioProvider({
      config: { model: "claude-opus-5-5" },
      runScenario: async (options) =>
        resultFor(options, {
          pass: false,
          checks: [],
          calls: [],
          answer: "",
          error: {
            name: "MissingRecordingError",
            message: 'No recording for scenario "remember" at step "session 1: write"',
          },
        }),
    });
    const response = await provider.callApi("extraction@1", {
      vars: { scenario: "remember" },
      prompt: { raw: "", label: "" },
    });
    expect(response.error).toBe(
      'MissingRecordingError in remember (claude-opus-5-5, extraction@1): No recording for scenario "remember" at step "session 1: write"',
    );
    expect(response.metadata?.runError).toEqual({
      name: "MissingRecordingError",
      message: 'No recording for scenario "remember" at step "session 1: write"',
    });
  });

  it.each([
    {
      name: "the runner throws",
      prompt: "extraction@1",
      vars: { scenario: "remember" },
      error: "ScenarioFileError in remember (claude-haiku-4-5, extraction@1): bad fixture",
    },
    {
      name: "the test has no scenario",
      prompt: "extraction@1",
      vars: {},
      error: "memfiles scenario provider: the test has no `vars.scenario` (a scenario id).",
    },
    {
      name: "the prompt is not an extraction prompt id",
      prompt: "Summarize the transcript",
      vars: { scenario: "remember" },
      error:
        'memfiles scenario provider: the prompt must be an extraction prompt id such as "extraction@1", got "Summarize the transcript" (scenario remember).',
    },
  ])("returns an error when $name", async ({ prompt, vars, error }) => {
    const provider = new ScenarioProvider({
      config: { model: "claude-haiku-4-5" },
      runScenario: async () => {
        const thrown = new Error("bad fixture");
        thrown.name = "ScenarioFileError";
        throw thrown;
      },
    });
    expect(
      await provider.callApi(prompt, { vars, prompt: { raw: prompt, label: prompt } }),
    ).toEqual({ error });
  });

  it("takes the recordings folder from MEMFILES_AB_RECORDINGS_DIR over the config", async () => {
    vi.stubEnv(RECORDINGS_DIR_ENV, "/elsewhere/recordings");
    const runScenario = vi.fn(async (options: RunScenarioOptions) => resultFor(options));
    const provider = new ScenarioProvider({
      config: { model: "claude-haiku-4-5", recordingsDir: "rec" },
      runScenario,
    });
    await provider.callApi("extraction@1", {
      vars: { scenario: "remember" },
      prompt: { raw: "", label: "" },
    });
    expect(runScenario.mock.calls[0]?.[0].recordingsDir).toBe("/elsewhere/recordings");
  });

  it("refuses a provider entry without a model", () => {
    expect(() => new ScenarioProvider({ config: {} as never })).toThrow(
      "memfiles scenario provider: config.model is missing. In promptfooconfig.yaml give each provider entry `config: { model: claude-haiku-4-5 }` (or another model id).",
    );
  });
});

// Runs whole recorded scenarios (the real SDK, MSW, graders): ~0.5 s alone; 30 s leaves room
// for a busy 2-core machine.
describe("ScenarioProvider with the evals runner (replay from evals/recordings)", {
  timeout: 30_000,
}, () => {
  const context = {
    vars: { scenario: "remember" },
    prompt: { raw: "extraction@1", label: "extraction@1" },
  };

  it("runs the remember scenario with the same answer, files and per-session USD as pnpm eval", async () => {
    const provider = new ScenarioProvider({ config: { model: MODELS.haiku } });
    const response = await provider.callApi("extraction@1", context);
    const direct = await runScenario({
      scenarioId: "remember",
      model: MODELS.haiku,
      extractionPrompt: "extraction@1",
      mode: "replay",
      recordingsDir: DEFAULT_RECORDINGS_DIR,
      scenariosDir: DEFAULT_SCENARIOS_DIR,
    });
    expect(direct.error).toBeUndefined();
    expect(response.error).toBeUndefined();
    const metadata = response.metadata as ScenarioMetadata;
    expect(response.output).toBe(direct.answer);
    expect(metadata.pass).toBe(true);
    expect(metadata.files).toEqual(direct.files);
    expect(metadata.checks).toEqual(direct.checks);

    // pnpm eval prints one cost row per session and stage; summed per session they are the
    // provider's per-session figures (the judge's row apart: grading is not the session's cost).
    const perSession = new Map<number | "question", number>();
    const rows = buildEvalReport([direct], "extraction@1").sessionCosts;
    for (const row of rows.filter((each) => each.stage !== "judging")) {
      perSession.set(
        row.session,
        Math.round(((perSession.get(row.session) ?? 0) + row.usd) * 1e9) / 1e9,
      );
    }
    expect(metadata.sessions.map(({ session, usd }) => ({ session, usd }))).toEqual(
      [...perSession].map(([session, usd]) => ({ session, usd })),
    );
    expect(metadata.sessions.length).toBeGreaterThan(1);
    const judging = rows.find((row) => row.stage === "judging");
    expect(metadata.sessions.find((row) => row.session === "question")?.judging).toBe(judging?.usd);
    expect(response.cost).toBe(
      Math.round(direct.calls.reduce((sum, call) => sum + call.usd, 0) * 1e9) / 1e9,
    );
    expect(response.cost).toBeGreaterThan(0);
  });

  it("prints pnpm eval's USD per session for a cell of five epochs", async () => {
    // remember on Haiku has five recorded epochs, one with a longer answer: a mean over every
    // epoch and the A/B's mean over the first epoch differ.
    const response = await new ScenarioProvider({ config: { model: MODELS.haiku } }).callApi(
      "extraction@1",
      context,
    );
    const metadata = response.metadata as ScenarioMetadata;
    expect(metadata.epochs).toBe(5);
    const ab = summarizeAb({
      results: {
        results: [
          {
            provider: { id: MODELS.haiku },
            prompt: { raw: "extraction@1", label: "extraction@1" },
            vars: { scenario: "remember" },
            success: true,
            response: { metadata },
          },
        ],
      },
    });
    const results = await runScenarioEpochs({
      scenarioId: "remember",
      model: MODELS.haiku,
      extractionPrompt: "extraction@1",
      mode: "replay",
      recordingsDir: DEFAULT_RECORDINGS_DIR,
      scenariosDir: DEFAULT_SCENARIOS_DIR,
    });
    expect(results).toHaveLength(5);
    const report = buildEvalReport(results, "extraction@1");
    const printed = /\| extraction@1 \| +\$([\d.]+) \|/.exec(formatEvalSummary([report]))?.[1];
    // The HTML report's cost by stage and the run history's figure, on the same rule.
    const view = evalReportView(report);
    const byStage = view.stageCosts
      .filter((point) => point.stage !== "judging")
      .reduce((sum, point) => sum + point.usdPerSession, 0);
    const history = summarizeRun(view, { commit: "abc1234", date: "2026-12-06T00:00:00Z" });
    const expected = ab.cells[0]?.meanSessionUsd.toFixed(6);
    expect({
      printed,
      byStage: byStage.toFixed(6),
      history: history.costPerSession[MODELS.haiku]?.toFixed(6),
    }).toEqual({ printed: expected, byStage: expected, history: expected });
  });

  it("fails only the cell whose recording is missing, naming the scenario, step and file", async () => {
    const recordings = await mkdtemp(join(tmpdir(), "memfiles-ab-recordings-"));
    try {
      // Haiku's recordings only: Opus has none in this folder.
      await cp(join(DEFAULT_RECORDINGS_DIR, MODELS.haiku), join(recordings, MODELS.haiku), {
        recursive: true,
      });
      const config = { recordingsDir: recordings, scenariosDir: DEFAULT_SCENARIOS_DIR };
      const haiku = new ScenarioProvider({ config: { ...config, model: MODELS.haiku } });
      const opus = new ScenarioProvider({ config: { ...config, model: MODELS.opus } });

      const broken = await opus.callApi("extraction@1", context);
      const fine = await haiku.callApi("extraction@1", context);

      expect(broken.error).toMatch(
        /^MissingRecordingError in remember \(claude-opus-5-5, extraction@1\): No recording for scenario "remember" at step "session 1: [^"]+"/,
      );
      expect(broken.error).toContain(
        join(recordings, MODELS.opus, "extraction@1", "remember.json"),
      );
      expect(fine.error).toBeUndefined();
      expect((fine.metadata as ScenarioMetadata).pass).toBe(true);
    } finally {
      await rm(recordings, { recursive: true, force: true });
    }
  });
});

describe("ScenarioProvider recall and layout arms (issue 13)", () => {
  it("passes the recall arm to the runner and names the arm in the metadata", async () => {
    const runScenario = vi.fn(async (options: RunScenarioOptions) => resultFor(options));
    const provider = new ScenarioProvider({
      config: { model: "claude-haiku-5-5", recall: "side-query" },
      runScenario,
    });
    const response = await provider.callApi("extraction@1", {
      vars: { scenario: "remember" },
      prompt: { raw: "extraction@1", label: "extraction@1" },
    });
    expect(runScenario.mock.calls[0]?.[0]?.recall).toBe("side-query");
    expect((response.metadata as { arm?: string }).arm).toBe("claude-haiku-5-5 subject/side-query");
    expect(provider.id()).toBe("memfiles-scenario:claude-haiku-5-5:side-query");
  });

  it("runs a layout pair's fact run in the fact arm, replayed from the real recordings", async () => {
    const provider = new ScenarioProvider({
      config: {
        model: MODELS.haiku,
        layout: "fact",
        recall: "side-query",
        recordingsDir: DEFAULT_RECORDINGS_DIR,
        scenariosDir: DEFAULT_SCENARIOS_DIR,
      },
    });
    const response = await provider.callApi("extraction@2", {
      vars: { scenario: "remember" },
      prompt: { raw: "extraction@2", label: "extraction@2" },
    });
    expect(response.error).toBeUndefined();
    const metadata = response.metadata as ScenarioMetadata;
    expect(metadata.scenarioId).toBe("remember@fact");
    expect(metadata.arm).toBe(`${MODELS.haiku} fact/side-query`);
    expect(metadata.pass).toBe(true);
    expect(Object.keys(metadata.files)).toContain("deploy-host.md");
    expect(metadata.recall?.strategy).toBe("side-query");
    expect(metadata.recall?.recalledTokens).toBeGreaterThan(0);
  });

  it("runs the test's own scenario in the subject arm", async () => {
    const runScenario = vi.fn(async (options: RunScenarioOptions) => resultFor(options));
    const provider = new ScenarioProvider({
      config: { model: MODELS.haiku, layout: "subject", scenariosDir: DEFAULT_SCENARIOS_DIR },
      runScenario,
    });
    await provider.callApi("extraction@1", {
      vars: { scenario: "remember" },
      prompt: { raw: "extraction@1", label: "extraction@1" },
    });
    expect(runScenario.mock.calls[0]?.[0]?.scenarioId).toBe("remember");
    expect(runScenario.mock.calls[0]?.[0]?.scenario?.layout).toBe("subject");
  });

  it("never fakes a layout: a scenario of the other layout is an error and the runner is not called", async () => {
    const runScenario = vi.fn(async (options: RunScenarioOptions) => resultFor(options));
    const subject = new ScenarioProvider({
      config: { model: MODELS.haiku, layout: "subject", scenariosDir: DEFAULT_SCENARIOS_DIR },
      runScenario,
    });
    const wrongLayout = await subject.callApi("extraction@1", {
      vars: { scenario: "fact-contradiction" },
      prompt: { raw: "extraction@1", label: "extraction@1" },
    });
    const fact = new ScenarioProvider({
      config: { model: MODELS.haiku, layout: "fact", scenariosDir: DEFAULT_SCENARIOS_DIR },
      runScenario,
    });
    const noFactRun = await fact.callApi("extraction@1", {
      vars: { scenario: "stale-path" },
      prompt: { raw: "extraction@1", label: "extraction@1" },
    });
    expect(runScenario).not.toHaveBeenCalled();
    expect(wrongLayout.error).toContain('would run "fact-contradiction", a fact-layout scenario');
    expect(wrongLayout.output).toBeUndefined();
    expect(noFactRun.error).toContain('runs "stale-path@fact" for test "stale-path"');
    expect((noFactRun.metadata as { arm?: string }).arm).toBe(`${MODELS.haiku} fact/index`);
  });
});

describe("ScenarioProvider over a cell's epochs", () => {
  it.each([
    { name: "4/5 with minPassRate 0.8 passes", minPassRate: 0.8, pass: true },
    { name: "4/5 without minPassRate fails", minPassRate: undefined, pass: false },
  ])("replays every recorded epoch; $name", async ({ minPassRate, pass }) => {
    // evals/recordings holds five authored epochs of remember on Haiku 5.5 (extraction@1).
    const runScenario = vi.fn(async (options: RunScenarioOptions) =>
      resultFor(options, {
        pass: options.epoch !== 4,
        ...(minPassRate === undefined ? {} : { minPassRate }),
        ...(options.epoch === 4
          ? {
              checks: [{ name: "no_narration", pass: false, score: 0, reason: "narrates memory" }],
            }
          : {}),
      }),
    );
    const provider = new ScenarioProvider({
      config: {
        model: MODELS.haiku,
        recordingsDir: DEFAULT_RECORDINGS_DIR,
        scenariosDir: DEFAULT_SCENARIOS_DIR,
      },
      runScenario,
    });
    const response = await provider.callApi("extraction@1", {
      vars: { scenario: "remember" },
      prompt: { raw: "extraction@1", label: "extraction@1" },
    });
    expect(runScenario.mock.calls.map((call) => call[0].epoch)).toEqual([undefined, 2, 3, 4, 5]);
    expect(response.metadata).toMatchObject({
      pass,
      epochs: 5,
      passes: 4,
      epochFailures: [{ epoch: 4, reason: "no_narration: narrates memory" }],
      // Each epoch's recordings, which the summary counts by source.
      epochProvenance: Array.from({ length: 5 }, () => [
        { kind: "authored", usageMethod: "chars / 4" },
      ]),
    });
  });
});
