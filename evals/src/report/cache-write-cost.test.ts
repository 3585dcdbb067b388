import { describe, expect, it } from "vitest";
import type { ScenarioResult } from "../runner/types.js";
import { buildEvalReport } from "./build-eval-report.js";

// A 1-hour cache write is a cache write: the cost rows count it beside the 5-minute ones.
describe("buildEvalReport's cost rows count both cache-write lifetimes", () => {
  it("adds 1-hour cache writes to cacheWrite in the session, scenario and model rows", () => {
    const result: ScenarioResult = {
      scenarioId: "remember",
      model: "claude-opus-5-5",
      extractionPrompt: "extraction@1",
      pass: true,
      checks: [{ name: "no_narration", pass: true, score: 1, reason: "none" }],
      answer: "",
      files: {},
      durationMs: 5,
      provenance: [{ kind: "recorded", model: "claude-opus-5-5", date: "2026-11-29" }],
      stages: [],
      toolCalls: [],
      calls: [
        {
          session: "question",
          stage: "chat",
          step: "question: chat",
          model: "claude-opus-5-5",
          usage: { input: 10, output: 20, cacheWrite5m: 300, cacheWrite1h: 2000, cacheRead: 0 },
          usd: 0.0123,
        },
      ],
    };
    const report = buildEvalReport([result], "extraction@1");
    expect([
      report.sessionCosts.map((row) => row.cacheWrite),
      report.scenarioCosts.map((row) => row.cacheWrite),
      report.modelCosts.map((row) => row.cacheWrite),
    ]).toEqual([[2300], [2300], [2300]]);
  });
});
