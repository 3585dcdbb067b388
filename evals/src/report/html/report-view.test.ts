import { describe, expect, it } from "vitest";
import type { ScenarioResult } from "../../runner/types.js";
import { buildEvalReport } from "../build-eval-report.js";
import { evalReportView, type RunDetail } from "./report-view.js";

const ZERO = { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
const proposal = {
  file: "topics/tools.md",
  fact: "deploys on Fly.io",
  evidence: "I deploy everything on Fly.io",
  replaces: null,
  description: null,
};

const result: ScenarioResult = {
  scenarioId: "remember",
  model: "claude-haiku-5-5",
  extractionPrompt: "extraction@1",
  pass: false,
  checks: [
    { name: "file_contains(topics/tools.md, Fly.io)", pass: true, score: 1, reason: "" },
    { name: "no_narration", pass: false, score: 0, reason: 'says "I remember"' },
  ],
  answer: "",
  files: {},
  calls: [],
  stages: [
    {
      session: 1,
      stage: "write",
      result: {
        applied: [
          {
            code: "applied",
            proposal,
            path: "topics/tools.md",
            line: "[stated 2026/09/12] deploys on Fly.io",
            replaced: [],
          },
        ],
        rejected: [
          {
            code: "secret",
            proposal: { ...proposal, fact: "API key is [redacted]" },
            message: "Refused: it holds a secret.",
          },
        ],
        consolidated: [
          {
            path: "topics/tools.md",
            charsBefore: 900,
            charsAfter: 900,
            dropped: [],
            usage: ZERO,
            ok: false,
            code: "grew",
            message: "The rewrite is longer.",
          },
        ],
        usage: ZERO,
      },
    },
    {
      session: 2,
      stage: "consolidate",
      result: {
        results: [
          {
            ok: true,
            code: "consolidated",
            path: "topics/tools.md",
            changed: true,
            before: 6100,
            after: 5000,
            version: "v",
            dropped: [
              {
                line: "[stated 2026/08/20] uses Vim",
                reason: "superseded",
                by: "[stated 2026/09/12] uses Neovim",
              },
            ],
            git: { committed: false, reason: "not_a_repository" },
            usage: ZERO,
          },
        ],
        usage: ZERO,
      },
    },
  ],
  toolCalls: [
    {
      session: "question",
      toolCalls: [
        { name: "memory_read", input: { path: "topics/tools.md" }, result: "x", isError: false },
      ],
    },
  ],
  provenance: [{ kind: "authored", usageMethod: "m" }],
  durationMs: 1,
};

describe("evalReportView", () => {
  it("keeps every proposal with its verdict, each consolidation's accounting and the tool calls", () => {
    const view = evalReportView(buildEvalReport([result], "extraction@1"));
    expect(view.cells).toEqual([
      {
        scenarioId: "remember",
        model: "claude-haiku-5-5",
        prompt: "extraction@1",
        outcome: "fail",
        reason: 'no_narration: says "I remember"',
        provenance: ["authored"],
        sources: [{ source: "authored", runs: 1 }],
        cost: { usd: 0, sessions: 0 },
      },
    ]);
    const detail: RunDetail = {
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      outcome: "fail",
      answer: "",
      failedChecks: [{ name: "no_narration", reason: 'says "I remember"' }],
      verdicts: [
        {
          session: 1,
          stage: "write",
          code: "applied",
          refused: false,
          path: "topics/tools.md",
          text: "deploys on Fly.io",
          detail: ["evidence: I deploy everything on Fly.io"],
        },
        {
          session: 1,
          stage: "write",
          code: "secret",
          refused: true,
          path: "topics/tools.md",
          text: "API key is [redacted]",
          detail: ["Refused: it holds a secret."],
        },
        {
          session: 1,
          stage: "consolidate",
          code: "grew",
          refused: true,
          path: "topics/tools.md",
          text: "The rewrite is longer.",
          detail: [],
        },
        {
          session: 2,
          stage: "consolidate",
          code: "consolidated",
          refused: false,
          path: "topics/tools.md",
          text: "kept 5000 of 6100 chars, dropped 1 lines",
          detail: ["superseded: [stated 2026/08/20] uses Vim (by [stated 2026/09/12] uses Neovim)"],
        },
      ],
      toolCalls: [
        {
          session: "question",
          name: "memory_read",
          input: '{"path":"topics/tools.md"}',
          result: "x",
          isError: false,
        },
      ],
    };
    expect(view.details).toEqual([detail]);
  });
});
