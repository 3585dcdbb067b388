import { describe, expect, it } from "vitest";
import type { ScenarioResult } from "../../runner/types.js";
import { buildEvalReport } from "../build-eval-report.js";
import { summarizeRun } from "../run-history.js";
import { renderHtmlReport } from "./render-html-report.js";
import { evalReportView, type ReportView } from "./report-view.js";

const MODELS = ["claude-haiku-4-5", "claude-haiku-5-5", "claude-opus-5-5"];
const PROMPTS = ["extraction@1", "extraction@2", "extraction@3"];

/** One broken check on 3 models x 3 prompts, as a grader bug would give. */
function nineFailures(): ReportView {
  const cells = MODELS.flatMap((model) =>
    PROMPTS.map((prompt) => ({
      scenarioId: "remember",
      model,
      prompt,
      outcome: "fail" as const,
      reason: "no_narration: says I remember",
      provenance: ["authored" as const],
    })),
  );
  return {
    title: "t",
    command: "eval",
    cells,
    stageCosts: [],
    cacheWarnings: [],
    writeRates: [
      {
        scenarioId: "remember",
        model: MODELS[0] as string,
        prompt: "extraction@1",
        session: 1,
        sync: 0.002,
        batch: 0.001,
      },
      {
        scenarioId: "forget",
        model: MODELS[0] as string,
        prompt: "extraction@1",
        session: 1,
        sync: 0.004,
        batch: 0.002,
      },
    ],
    provenanceNotes: ["authored by hand (usage estimated: a long paragraph)"],
    details: cells.map((cell, index) => ({
      scenarioId: cell.scenarioId,
      model: cell.model,
      prompt: cell.prompt,
      outcome: cell.outcome,
      failedChecks: [
        { name: "no_narration", reason: index === 8 ? "says I recall" : "says I remember" },
      ],
      answer: `answer ${index}`,
      verdicts: [],
      toolCalls: [],
    })),
    counts: { cells: 9, passedCells: 0, epochs: 9, passedEpochs: 0 },
  };
}

const render = (view: ReportView) => renderHtmlReport({ view, history: [], date: "2026-12-01" });

describe("renderHtmlReport", () => {
  it("groups the failures by scenario and check: one block listing the nine cells", async () => {
    const html = await render(nineFailures());
    const failures = html.slice(
      html.indexOf('<div id="failures">'),
      html.indexOf('<p id="summary">'),
    );
    expect(failures.match(/<section class="failure/g)).toHaveLength(1);
    expect(failures).toContain("FAIL: remember · no_narration</h3>");
    expect(failures.match(/<li>/g)).toHaveLength(9);
    // The reasons differ on one cell, so each cell says its own.
    expect(failures).toContain(
      'extraction@3 <span class="provenance" data-provenance="authored">(authored)</span>: says I recall</li>',
    );
    // One answer shown, the other eight collapsed.
    expect(failures.match(/<blockquote class="answer">/g)).toHaveLength(9);
    expect(failures).toContain("<summary>The answers of the other 8 cell(s)</summary>");
  });

  it("lists every epoch's failed checks of a failing cell, each epoch named", async () => {
    const view = nineFailures();
    const [first] = view.cells;
    const cell = {
      ...(first as ReportView["cells"][number]),
      epochs: { passes: 0, epochs: 2, interval: [0, 0.8] as [number, number] },
    };
    const detail = view.details[0] as ReportView["details"][number];
    const html = await render({
      ...view,
      cells: [cell],
      details: [
        detail,
        { ...detail, failedChecks: [{ name: "no_question_back", reason: "asks where" }] },
      ],
      counts: { cells: 1, passedCells: 0, epochs: 2, passedEpochs: 0 },
    });
    expect(html).toContain("FAIL: remember · no_narration</h3>");
    expect(html).toContain("FAIL: remember · no_question_back</h3>");
    expect(html).toContain(`<li>${MODELS[0]} · extraction@1 · epoch 2 <span class="provenance"`);
  });

  it("puts the verdict right above the failures and the provenance paragraph after them", async () => {
    const html = await render(nineFailures());
    const order = [
      'id="verdict"',
      "<h2>Failures first",
      'id="failures"',
      'id="provenance"',
      'id="matrix"',
    ].map((marker) => html.indexOf(marker));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(
      html.slice(html.indexOf('id="verdict"'), html.indexOf("<h2>Failures first")),
    ).not.toContain("<p");
  });

  it("sums the write passes in one line and collapses the per-session table", async () => {
    const html = await render(nineFailures());
    expect(html).toContain(
      '<p id="write-rates-total">2 write passes: <span data-usd="0.006">$0.006000</span> at the Messages API rate, <span data-usd="0.003">$0.003000</span> as Message Batches (50% of sync).</p><details id="write-rates-detail">',
    );
  });
});

describe("judging in the cost chart", () => {
  const judged: ScenarioResult = {
    scenarioId: "remember",
    model: "claude-haiku-5-5",
    extractionPrompt: "extraction@1",
    pass: true,
    checks: [{ name: "judge(claude-opus-5-5)", pass: true, score: 1, reason: "ok" }],
    answer: "a",
    files: {},
    stages: [],
    toolCalls: [],
    provenance: [],
    durationMs: 1,
    calls: [
      {
        session: 1,
        stage: "write",
        step: "session 1: write",
        model: "claude-haiku-5-5",
        usage: { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
        usd: 0.002,
      },
      {
        session: "question",
        stage: "judging",
        step: "question: judge",
        model: "claude-opus-5-5",
        usage: { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
        usd: 0.01,
      },
    ],
  };

  it("is a stage of its own, kept out of the history's cost per session", () => {
    const view = evalReportView(buildEvalReport([judged], "extraction@1"));
    expect(view.stageCosts.map((point) => [point.stage, point.usdPerSession])).toEqual([
      ["write", 0.001],
      ["consolidate", 0],
      ["chat", 0],
      ["judging", 0.005],
    ]);
    // The history counts the sessions the stage chart counts (`sessionCostsOf`: every session
    // that made a call), the judge's USD left out: 0.002 over two, as the write point says.
    expect(summarizeRun(view, { commit: "c", date: "d" }).costPerSession).toEqual({
      "claude-haiku-5-5": 0.001,
    });
    expect(view.cells[0]?.cost).toEqual({ usd: 0.002, sessions: 2 });
  });
});
