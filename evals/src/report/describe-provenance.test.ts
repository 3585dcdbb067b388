import { MODELS } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import type { Provenance, ScenarioResult } from "../runner/types.js";
import { buildEvalReport } from "./build-eval-report.js";
import {
  countProvenance,
  describeMixedProvenance,
  PROVENANCE_KINDS,
  provenanceKinds,
} from "./describe-provenance.js";
import { formatEvalReport } from "./format-eval-report.js";
import { formatEvalSummary } from "./format-eval-summary.js";
import { renderHtmlReport } from "./html/render-html-report.js";
import { evalReportsView } from "./html/report-view.js";
import { summarizeRun } from "./run-history.js";

const authored: Provenance = { kind: "authored", usageMethod: "characters / 4" };
const api: Provenance = { kind: "recorded", model: MODELS.haiku, date: "2026-12-07" };
const fake: Provenance = { ...api, host: "127.0.0.1:8787" };

/** Two epochs of `remember` on Haiku and one on Opus, each with the given provenance. */
function results(haiku: [Provenance, Provenance], opus: Provenance): ScenarioResult[] {
  const run = (model: string, provenance: Provenance, epoch: number): ScenarioResult => ({
    scenarioId: "remember",
    model,
    extractionPrompt: "extraction@1",
    pass: true,
    checks: [{ name: "no_narration", pass: true, score: 1, reason: "" }],
    answer: "",
    files: {},
    calls: [
      {
        session: 1,
        stage: "write",
        step: "session 1: write",
        model,
        usage: { input: 100, output: 10, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
        usd: model === MODELS.opus ? 0.01 : 0.001,
      },
    ],
    stages: [],
    toolCalls: [],
    provenance: [provenance],
    durationMs: 1,
    ...(epoch > 1 ? { epoch } : {}),
  });
  return [
    run(MODELS.haiku, haiku[0], 1),
    run(MODELS.haiku, haiku[1], 2),
    run(MODELS.opus, opus, 1),
  ];
}

describe("countProvenance and describeMixedProvenance", () => {
  it.each([
    { name: "one source", runs: [[authored], [authored]], mark: undefined },
    {
      name: "API recordings of two dates are one source",
      runs: [[api], [{ ...api, date: "2026-12-01" }]],
      mark: undefined,
    },
    {
      name: "authored and recorded",
      runs: [[authored], [authored], [api]],
      mark: "mixed: 2 authored, 1 recorded",
    },
    {
      name: "the API and another host",
      runs: [[api], [fake]],
      mark: "mixed: 1 recorded, 1 recorded from 127.0.0.1:8787",
    },
    { name: "a run without a recording counts for none", runs: [[authored], []], mark: undefined },
  ])("$name", ({ runs, mark }) => {
    expect(describeMixedProvenance(countProvenance(runs))).toBe(mark);
  });
});

describe("a figure pooling several provenances says so on every surface", () => {
  const haikuMark = `[mixed: 1 authored, 1 recorded from ${fake.host}]`;
  it.each([
    {
      name: "the same provenance everywhere: no mark",
      haiku: [authored, authored] as [Provenance, Provenance],
      opus: authored,
      marks: { epochs: undefined, arm: undefined, usd: undefined, ratio: undefined },
      html: "(authored)",
      sources: [["authored"], ["authored"]],
    },
    {
      name: "recorded epoch 1, authored epoch 2",
      haiku: [fake, authored] as [Provenance, Provenance],
      opus: authored,
      // The USD per session counts first epochs only: Haiku's is the recorded one alone.
      marks: {
        epochs: haikuMark,
        arm: haikuMark,
        usd: undefined,
        ratio: `[mixed: 1 authored, 1 recorded from ${fake.host}]`,
      },
      html: `(mixed: 1 authored, 1 recorded from ${fake.host})`,
      sources: [["authored", `recorded from ${fake.host}`], ["authored"]],
    },
    {
      name: "authored epoch 1, recorded epoch 2",
      haiku: [authored, fake] as [Provenance, Provenance],
      opus: authored,
      marks: { epochs: haikuMark, arm: haikuMark, usd: undefined, ratio: undefined },
      html: `(mixed: 1 authored, 1 recorded from ${fake.host})`,
      sources: [["authored", `recorded from ${fake.host}`], ["authored"]],
    },
  ])("$name", async ({ haiku, opus, marks, html, sources }) => {
    const report = buildEvalReport(results(haiku, opus), "extraction@1");
    const summary = formatEvalSummary([report]);
    const verbose = formatEvalReport(report);
    const epochsRow = summary.split("\n").find((line) => line.startsWith("| remember"));
    const armLine = summary.split("\n").find((line) => line.startsWith(`- ${MODELS.haiku}:`));
    const usdRow = summary.split("\n").find((line) => line.startsWith("| extraction@1"));
    const check = (line: string | undefined, mark: string | undefined) => {
      expect(line).toBeDefined();
      if (mark === undefined) expect(line).not.toContain("mixed");
      else expect(line).toContain(mark);
    };
    check(epochsRow, marks.epochs);
    check(armLine, marks.arm);
    check(usdRow?.split("|")[2], marks.usd);
    check(usdRow?.split("|")[4], marks.ratio);
    // The verbose report pools every epoch of a model, so it marks the arm's mix.
    check(
      verbose.split("\n").find((line) => line.startsWith(`| ${MODELS.haiku}`)),
      marks.arm,
    );
    const view = evalReportsView([report]);
    expect(await renderHtmlReport({ view, history: [], date: "2026-12-07" })).toContain(html);
    expect(
      summarizeRun(view, { commit: "c", date: "d" }).cells?.map((cell) => cell.provenance),
    ).toEqual(sources);
  });

  it("names the two models of the ratio column", () => {
    const summary = formatEvalSummary([
      buildEvalReport(results([authored, authored], authored), "extraction@1"),
    ]);
    expect(summary).toContain(`${MODELS.opus}/${MODELS.haiku}`);
  });
});

describe("provenance kinds: one list", () => {
  it.each([
    [
      "authored then recorded",
      [authored, { kind: "recorded", model: "m", date: "d" }],
      ["recorded", "authored"],
    ],
    ["authored twice", [authored, authored], ["authored"]],
    ["none", [], []],
  ] as const)("%s: in the list's order", (_name, provenance, kinds) => {
    expect(provenanceKinds(provenance as readonly Provenance[])).toEqual(kinds);
  });

  it("every recording kind is in the list, and the LoCoMo oracle's dataset", async () => {
    const { ORACLE_PROVENANCE } = await import("../locomo/oracle-write.js");
    const recording: Provenance["kind"][] = ["recorded", "authored"];
    expect([...PROVENANCE_KINDS].sort()).toEqual([...recording, ORACLE_PROVENANCE].sort());
  });
});
