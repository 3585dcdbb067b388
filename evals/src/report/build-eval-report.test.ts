import { describe, expect, it } from "vitest";
import { NOTHING_CHECKED } from "../graders/index.js";
import type { ScenarioResult, StageResult } from "../runner/types.js";
import { buildEvalReport } from "./build-eval-report.js";
import { formatEvalReport } from "./format-eval-report.js";
import { formatEvalSummary } from "./format-eval-summary.js";

const usage = (input: number, output: number, cacheWrite5m = 0, cacheRead = 0) => ({
  input,
  output,
  cacheWrite5m,
  cacheWrite1h: 0,
  cacheRead,
});

const base = {
  extractionPrompt: "extraction@1",
  answer: "",
  files: {},
  durationMs: 5,
  provenance: [{ kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-29" }],
} satisfies Partial<ScenarioResult>;

const ZERO = usage(0, 0);

/** A write pass that refused one proposal, and a consolidation that refused a rewrite. */
const refusingStages: StageResult[] = [
  {
    session: 1,
    stage: "write",
    result: {
      applied: [],
      rejected: [
        {
          code: "evidence_not_found",
          proposal: {
            file: "topics/tools.md",
            fact: "deploys on Fly.io",
            evidence: "I deploy on Fly",
            replaces: null,
            description: null,
          },
          message: 'Refused "deploys on Fly.io": its evidence is in no user turn.',
        },
      ],
      consolidated: [],
      usage: ZERO,
    },
  },
  {
    session: 2,
    stage: "consolidate",
    result: {
      results: [
        {
          ok: false,
          path: "topics/tools.md",
          code: "grew",
          message: "The rewrite of topics/tools.md is longer.",
          problems: [],
          dropped: [],
          usage: ZERO,
        },
      ],
      usage: ZERO,
    },
  },
];

const results: ScenarioResult[] = [
  {
    ...base,
    scenarioId: "remember",
    model: "claude-haiku-4-5",
    pass: false,
    stages: refusingStages,
    toolCalls: [],
    cacheWarnings: [
      {
        code: "prefix_below_cache_minimum",
        breakpoint: "memory_block",
        model: "claude-haiku-4-5",
        tokens: 1750,
        minimum: 4096,
        message: "below",
      },
    ],
    checks: [
      { name: 'file_contains(topics/tools.md, "Fly.io")', pass: true, score: 1, reason: "found" },
      { name: "no_narration", pass: false, score: 0, reason: 'narrates memory: "you mentioned"' },
    ],
    calls: [
      {
        session: 1,
        stage: "write",
        step: "session 1: write",
        model: "claude-haiku-4-5",
        usage: usage(1000, 100),
        usd: 0.0015,
      },
      {
        session: "question",
        stage: "chat",
        step: "question: chat",
        model: "claude-haiku-4-5",
        usage: usage(10, 50, 4096),
        usd: 0.00537,
      },
      {
        session: "question",
        stage: "chat",
        step: "question: chat",
        model: "claude-haiku-4-5",
        usage: usage(20, 60, 0, 4096),
        usd: 0.0007296,
      },
    ],
  },
  {
    ...base,
    scenarioId: "remember",
    model: "claude-opus-5-5",
    pass: false,
    checks: [],
    calls: [],
    stages: [],
    toolCalls: [],
    error: {
      name: "MissingRecordingError",
      message: 'No recording for scenario "remember"\n  recording file: x.json',
    },
  },
];

describe("buildEvalReport", () => {
  it("groups checks by scenario with one outcome per model, costs per session and stage, and totals", () => {
    const report = buildEvalReport(results, "extraction@1");
    expect({ ...report, results: undefined }).toEqual({
      extractionPrompt: "extraction@1",
      provenance: [{ kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-29" }],
      summary: {
        cells: 2,
        passedCells: 0,
        failedCells: 1,
        brokenCells: 1,
        epochs: 2,
        passedEpochs: 0,
      },
      judged: { answers: 0, disagreements: [] },
      cells: [
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          epochs: 1,
          passes: 0,
          broken: 0,
          interval: [0, 0.7935],
          minPassRate: 1,
          pass: false,
          notes: [],
          provenance: [{ source: "recorded", runs: 1 }],
        },
        {
          scenarioId: "remember",
          model: "claude-opus-5-5",
          epochs: 1,
          passes: 0,
          broken: 1,
          interval: [0, 0.7935],
          minPassRate: 1,
          pass: false,
          notes: [],
          provenance: [{ source: "recorded", runs: 1 }],
        },
      ],
      arms: [
        {
          model: "claude-haiku-4-5",
          cells: 1,
          epochs: 1,
          passes: 0,
          interval: [0, 0.7935],
          provenance: [{ source: "recorded", runs: 1 }],
        },
        {
          model: "claude-opus-5-5",
          cells: 1,
          epochs: 1,
          passes: 0,
          interval: [0, 0.7935],
          provenance: [{ source: "recorded", runs: 1 }],
        },
      ],
      writeRates: [
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          session: 1,
          sync: 0.0015,
          batch: 0.00075,
        },
      ],
      models: ["claude-haiku-4-5", "claude-opus-5-5"],
      checks: [
        {
          scenarioId: "remember",
          check: 'file_contains(topics/tools.md, "Fly.io")',
          outcomes: { "claude-haiku-4-5": { pass: true, reason: "found" } },
        },
        {
          scenarioId: "remember",
          check: "no_narration",
          outcomes: {
            "claude-haiku-4-5": { pass: false, reason: 'narrates memory: "you mentioned"' },
          },
        },
        {
          scenarioId: "remember",
          check: "(run)",
          outcomes: {
            "claude-opus-5-5": {
              pass: false,
              reason: 'BROKEN MissingRecordingError: No recording for scenario "remember"',
            },
          },
        },
      ],
      sessionCosts: [
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          session: 1,
          stage: "write",
          calls: 1,
          input: 1000,
          output: 100,
          thinking: 0,
          cacheWrite: 0,
          cacheRead: 0,
          usd: 0.0015,
        },
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          session: "question",
          stage: "chat",
          calls: 2,
          input: 30,
          output: 110,
          thinking: 0,
          cacheWrite: 4096,
          cacheRead: 4096,
          usd: 0.0060996,
        },
      ],
      scenarioCosts: [
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          calls: 3,
          input: 1030,
          output: 210,
          thinking: 0,
          cacheWrite: 4096,
          cacheRead: 4096,
          usd: 0.0075996,
        },
        {
          scenarioId: "remember",
          model: "claude-opus-5-5",
          calls: 0,
          input: 0,
          output: 0,
          thinking: 0,
          cacheWrite: 0,
          cacheRead: 0,
          usd: 0,
        },
      ],
      modelCosts: [
        {
          model: "claude-haiku-4-5",
          calls: 3,
          input: 1030,
          output: 210,
          thinking: 0,
          cacheWrite: 4096,
          cacheRead: 4096,
          usd: 0.0075996,
          provenance: [{ source: "recorded", runs: 1 }],
        },
        {
          model: "claude-opus-5-5",
          calls: 0,
          input: 0,
          output: 0,
          thinking: 0,
          cacheWrite: 0,
          cacheRead: 0,
          usd: 0,
          provenance: [{ source: "recorded", runs: 1 }],
        },
      ],
      refused: [
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          session: 1,
          stage: "write",
          code: "evidence_not_found",
          path: "topics/tools.md",
          fact: "deploys on Fly.io",
          message: 'Refused "deploys on Fly.io": its evidence is in no user turn.',
        },
        {
          scenarioId: "remember",
          model: "claude-haiku-4-5",
          session: 2,
          stage: "consolidate",
          code: "grew",
          path: "topics/tools.md",
          message: "The rewrite of topics/tools.md is longer.",
        },
      ],
      broken: [
        {
          scenarioId: "remember",
          model: "claude-opus-5-5",
          name: "MissingRecordingError",
          message: 'No recording for scenario "remember"\n  recording file: x.json',
        },
      ],
      cacheWarnings: [
        {
          model: "claude-haiku-4-5",
          breakpoint: "memory_block",
          tokens: 1750,
          minimum: 4096,
          scenarios: ["remember"],
        },
      ],
    });
  });

  it("formats PASS, FAIL with the reason, BROKEN apart, the cost tables and the provenance", () => {
    const text = formatEvalReport(buildEvalReport(results, "extraction@1"));
    expect(text).toContain("recordings: recorded from the API (claude-haiku-4-5, 2026-11-29)");
    expect(text).toMatch(
      /\| remember \| no_narration +\| FAIL: narrates memory: "you mentioned" \| - +\|/,
    );
    expect(text).toMatch(
      /\| remember \| \(run\) +\| - +\| BROKEN MissingRecordingError: No recording for scenario "remember" \|/,
    );
    expect(text).toContain(
      '- remember [claude-haiku-4-5] no_narration: narrates memory: "you mentioned"',
    );
    expect(text).toContain("      recording file: x.json");
    expect(text).toContain(
      '- remember [claude-haiku-4-5] session 1 write: "deploys on Fly.io" -> topics/tools.md (evidence_not_found): Refused "deploys on Fly.io": its evidence is in no user turn.',
    );
    expect(text).toContain(
      "- remember [claude-haiku-4-5] session 2 consolidate: rewrite of topics/tools.md (grew): The rewrite of topics/tools.md is longer.",
    );
    expect(text).toMatch(
      /\| remember +\| claude-haiku-4-5 \| question \| chat +\| +2 \| +30 \| +110 \| +0 \| +4,096 \| +4,096 \| \$0\.006100 \|/,
    );
    expect(text).toMatch(
      /\| claude-haiku-4-5 \| +3 \| +1,030 \| +210 \| +0 \| +4,096 \| +4,096 \| \$0\.007600 \|/,
    );
    expect(
      text.endsWith(
        "Result: 0 of 2 cells passed, 0 of 2 epochs; 1 cells with failed checks, 1 broken (a cell is one scenario x model x prompt over its epochs).\n",
      ),
    ).toBe(true);
  });

  it("summarizes verdict first: FAIL, each failure with its reason, a broken run whole", () => {
    const lines = formatEvalSummary([buildEvalReport(results, "extraction@1")]).split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "memfiles eval: FAIL: 0 of 2 cells passed, 0 of 2 epochs (1 scenario x 2 models x extraction@1; 1 broken; a cell is one scenario x model x prompt over its epochs)",
      "recordings: recorded from the API (claude-haiku-4-5, 2026-11-29): 2 run(s)",
      "failures (2):",
      '  FAIL remember on claude-haiku-4-5, extraction@1: no_narration: narrates memory: "you mentioned"',
      "  BROKEN remember on claude-opus-5-5, extraction@1: MissingRecordingError:",
      '    No recording for scenario "remember"',
      "      recording file: x.json",
    ]);
  });

  it("says no recording was replayed or recorded when no scenario run ran (record with nothing left)", () => {
    const text = formatEvalSummary([buildEvalReport([], "extraction@1")]);
    // No run is no evidence: never a PASS; and no USD table of nothing, one line instead.
    expect(text.split("\n")).toEqual([
      "memfiles eval: NOTHING RAN: 0 of 0 cells passed, 0 of 0 epochs (0 scenarios x 0 models x extraction@1; a cell is one scenario x model x prompt over its epochs)",
      "recordings: none replayed or recorded (no scenario run ran)",
      "failures: none",
      "",
      "USD per session: none, nothing ran.",
      "",
    ]);
  });

  it("says why there is no USD table when every run broke (a record run the host refused)", () => {
    const broken = results.filter((result) => result.error !== undefined);
    expect(broken.length).toBeGreaterThan(0);
    const text = formatEvalSummary([buildEvalReport(broken, "extraction@1")]);
    expect(text).toContain(
      "\nUSD per session: none, no run was priced (every run broke; broken runs are left out).\n",
    );
    expect(text).not.toContain("| prompt");
  });

  it("prints the Opus/Haiku cost ratio and thinking tokens apart when both models ran", () => {
    const run = (model: string, usd: number, thinking: number): ScenarioResult => ({
      ...base,
      scenarioId: "remember",
      model,
      pass: true,
      checks: [],
      calls: [
        {
          session: 1,
          stage: "write",
          step: "session 1: write",
          model,
          usage: { ...usage(1000, 100), thinking },
          usd,
        },
      ],
      stages: [],
      toolCalls: [],
    });
    const report = buildEvalReport(
      [run("claude-haiku-5-5", 0.0002, 0), run("claude-opus-5-5", 0.0086, 40)],
      "extraction@1",
    );
    expect(report.modelCosts.map((row) => [row.model, row.thinking])).toEqual([
      ["claude-haiku-5-5", 0],
      ["claude-opus-5-5", 40],
    ]);
    // 0.0086 / 0.0002 = 43
    expect(formatEvalReport(report)).toContain(
      "Opus/Haiku cost ratio (claude-opus-5-5 / claude-haiku-5-5, all scenarios): 43.0x",
    );
  });
});

describe("refused proposals in the report", () => {
  it("lists the refusals of a failing run only, not of a passing one", () => {
    const failed = results[0] as ScenarioResult;
    const passing: ScenarioResult = {
      ...failed,
      pass: true,
      checks: failed.checks.map((check) => ({ ...check, pass: true })),
    };
    const report = buildEvalReport([passing], "extraction@1");
    expect(report.refused).toEqual([]);
    expect(formatEvalReport(report)).not.toContain("Refused by code");
  });
});

describe("epochs in the report", () => {
  /** Five epochs of one cell; `failing` lists the epochs whose narration check fails. */
  const epochs = (failing: number[], minPassRate?: number): ScenarioResult[] =>
    [1, 2, 3, 4, 5].map((epoch) => ({
      ...base,
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      pass: !failing.includes(epoch),
      checks: [
        {
          name: "no_narration",
          pass: !failing.includes(epoch),
          score: failing.includes(epoch) ? 0 : 1,
          reason: failing.includes(epoch) ? 'narrates memory: "you mentioned"' : "",
        },
      ],
      calls: [],
      stages: [],
      toolCalls: [],
      ...(epoch > 1 ? { epoch } : {}),
      ...(minPassRate === undefined ? {} : { minPassRate }),
    }));

  it.each([
    { name: "4/5 without minPassRate fails the cell", failing: [4], rate: undefined, pass: false },
    { name: "4/5 with minPassRate 0.8 passes the cell", failing: [4], rate: 0.8, pass: true },
    { name: "3/5 with minPassRate 0.8 fails the cell", failing: [2, 4], rate: 0.8, pass: false },
    { name: "5/5 passes", failing: [], rate: undefined, pass: true },
  ])("$name", ({ failing, rate, pass }) => {
    const report = buildEvalReport(epochs(failing, rate), "extraction@1");
    const passes = 5 - failing.length;
    expect(report.summary).toEqual({
      cells: 1,
      passedCells: pass ? 1 : 0,
      failedCells: pass ? 0 : 1,
      brokenCells: 0,
      epochs: 5,
      passedEpochs: passes,
    });
    expect(report.cells[0]?.pass).toBe(pass);
    expect(report.results.map((result) => [result.epoch, result.epochs, result.passes])).toEqual(
      [1, 2, 3, 4, 5].map((epoch) => [epoch, 5, passes]),
    );
  });

  it("gives each result its cell's interval, the check row 4/5 with the failing epoch, and prints both", () => {
    const report = buildEvalReport(epochs([4], 0.8), "extraction@1");
    expect(report.results[0]?.interval).toEqual([0.3755, 0.9638]);
    expect(report.checks).toEqual([
      {
        scenarioId: "remember",
        check: "no_narration",
        outcomes: {
          "claude-haiku-5-5": {
            pass: false,
            reason: 'epoch 4: narrates memory: "you mentioned"',
            passes: 4,
            epochs: 5,
          },
        },
      },
    ]);
    const text = formatEvalReport(report);
    expect(text).toContain("FAIL 4/5: epoch 4: narrates memory");
    expect(text).toContain(
      "| remember | claude-haiku-5-5 | 4/5 (80%, 95% CI 38-96%) | 80%   | PASS    |",
    );
    expect(text).toContain("- claude-haiku-5-5: 4/5 (80%, 95% CI 38-96%)");
    expect(text).toContain(
      "Result: 1 of 1 cells passed, 4 of 5 epochs; 0 cells with failed checks, 0 broken (a cell is one scenario x model x prompt over its epochs).",
    );
  });

  it("never counts an epoch that checked nothing as passed, and says why", () => {
    const runs = epochs([]);
    runs[2] = { ...(runs[2] as ScenarioResult), pass: true, checks: [] };
    const report = buildEvalReport(runs, "extraction@1");
    expect(report.cells[0]).toMatchObject({ passes: 4, epochs: 5, pass: false });
    expect(report.summary).toMatchObject({
      cells: 1,
      passedCells: 0,
      failedCells: 1,
      passedEpochs: 4,
    });
    expect(formatEvalSummary([report])).toContain(
      `FAIL remember on claude-haiku-5-5, extraction@1, epoch 3: ${NOTHING_CHECKED}`,
    );
  });

  it("fails a cell with a broken epoch whatever its pass rate", () => {
    const runs = epochs([], 0.8);
    runs[2] = {
      ...(runs[2] as ScenarioResult),
      pass: false,
      error: { name: "MissingRecordingError", message: "no file" },
    };
    const report = buildEvalReport(runs, "extraction@1");
    expect(report.cells[0]).toMatchObject({ passes: 4, broken: 1, pass: false });
    expect(report.summary).toMatchObject({
      cells: 1,
      passedCells: 0,
      failedCells: 0,
      brokenCells: 1,
    });
  });
});

describe("judge vs keyword checks in the report", () => {
  const judged = (keywordPass: boolean, judgePass: boolean): ScenarioResult => ({
    ...base,
    scenarioId: "dont-overapply-dinner",
    model: "claude-haiku-5-5",
    pass: keywordPass && judgePass,
    checks: [
      {
        name: 'mentions_none("vegetarian")',
        pass: keywordPass,
        score: keywordPass ? 1 : 0,
        reason: keywordPass ? "none mentioned" : 'mentioned: "vegetarian"',
      },
      {
        name: "judge(claude-haiku-5-5)",
        pass: judgePass,
        score: judgePass ? 1 : 0,
        reason: judgePass ? "plain meatless idea" : 'It says "given your diet".',
      },
    ],
    calls: [],
    stages: [],
    toolCalls: [],
  });

  it.each([
    { name: "agree on a pass", keywords: true, judge: true, disagree: false },
    { name: "agree on a fail", keywords: false, judge: false, disagree: false },
    { name: "judge fails what keywords pass", keywords: true, judge: false, disagree: true },
    { name: "keywords fail what the judge passes", keywords: false, judge: true, disagree: true },
  ])("$name", ({ keywords, judge, disagree }) => {
    const report = buildEvalReport([judged(keywords, judge)], "extraction@1");
    expect(report.judged.answers).toBe(1);
    expect(report.judged.disagreements.length).toBe(disagree ? 1 : 0);
    const text = formatEvalReport(report);
    if (!disagree) {
      expect(text).toContain("Judge vs keyword checks: they agree on all 1 judged answer(s).");
    }
  });

  it("prints a disagreement with both verdicts", () => {
    const report = buildEvalReport([judged(true, false)], "extraction@1");
    expect(report.judged.disagreements).toEqual([
      {
        scenarioId: "dont-overapply-dinner",
        model: "claude-haiku-5-5",
        epoch: 1,
        judge: { pass: false, reason: 'It says "given your diet".' },
        keywords: { pass: true, failed: [] },
      },
    ]);
    expect(formatEvalReport(report)).toContain(
      '- dont-overapply-dinner [claude-haiku-5-5]: judge FAIL (It says "given your diet".), keyword checks PASS',
    );
  });
});

describe("side-query rows in the cost table", () => {
  it("labels a side query with the model that ran it, and keeps the run's model beside it", () => {
    const run: ScenarioResult = {
      ...base,
      scenarioId: "remember",
      model: "claude-opus-5-5",
      pass: true,
      checks: [],
      stages: [],
      toolCalls: [],
      calls: [
        {
          session: "question",
          stage: "recall",
          step: "question: recall",
          model: "claude-haiku-5-5",
          usage: usage(467, 61),
          usd: 0.0000772,
        },
        {
          session: "question",
          stage: "chat",
          step: "question: chat",
          model: "claude-opus-5-5",
          usage: usage(173, 64),
          usd: 0.001972,
        },
      ],
    };
    const rows = buildEvalReport([run], "extraction@1").sessionCosts;
    expect(rows.map((row) => [row.stage, row.model, row.runModel])).toEqual([
      ["recall", "claude-haiku-5-5", "claude-opus-5-5"],
      ["chat", "claude-opus-5-5", undefined],
    ]);
    expect(formatEvalReport(buildEvalReport([run], "extraction@1"))).toContain(
      "| remember | claude-haiku-5-5 | question | recall |",
    );
  });
});
