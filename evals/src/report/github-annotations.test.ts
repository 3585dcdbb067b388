import { describe, expect, it } from "vitest";
import { NOTHING_CHECKED } from "../graders/index.js";
import type { ScenarioResult } from "../runner/types.js";
import { buildEvalReport } from "./build-eval-report.js";
import { expectationLine, formatGithubAnnotations } from "./github-annotations.js";

// Line numbers are the file's own: keep the text and the table below in step.
const SCENARIO = `id: remember
title: Remember
source: test
layouts: [subject, fact]
sessions:
  - date: 2026-09-12
    turns: [{ user: I deploy on Fly.io }]
    expect:
      files:
        - path: topics/tools.md
          lacks: [Fly.io]
    after: [write]
question: { date: 2026-09-20, text: How do I deploy? }
expect:
  files:
    - path: topics/tools.md
      contains:
        - Neovim
        - Fly.io
      everyLineDated: true
    - path: profile.md
      exists: false
  noNewFiles: true
  costPerSession:
    - { model: claude-opus-5-5, session: 1, usd: 0.01, computed: by hand }
  answer:
    mentionsAny: [fly deploy, fly launch]
    noNarration: true
perLayout:
  fact:
    expect:
      files:
        - path: deploy-host.md
          contains: [Fly.io]
`;

describe("expectationLine", () => {
  it.each([
    ["a file check's quoted value", "remember", 'file_contains(topics/tools.md, "Fly.io")', 19],
    [
      "the other value of the same list",
      "remember",
      'file_contains(topics/tools.md, "Neovim")',
      18,
    ],
    ["a file check without a value", "remember", "every_line_dated(topics/tools.md)", 20],
    ["file_absent, the exists field", "remember", "file_absent(profile.md)", 22],
    ["a session's own check", "remember", 'session 1: file_lacks(topics/tools.md, "Fly.io")', 11],
    ["a scenario-wide flag", "remember", "no_new_files", 23],
    ["a cost check", "remember", "cost_per_session(1, $0.01)", 24],
    ["an answer term", "remember", 'mentions_any("fly deploy", "fly launch")', 27],
    ["an answer flag", "remember", "no_narration", 28],
    ["checks_ran: the expect key", "remember", "checks_ran", 14],
    [
      "a layout run's own expectations",
      "remember@fact",
      'file_contains(deploy-host.md, "Fly.io")',
      34,
    ],
    [
      "a layout run without its own session expect",
      "remember@fact",
      'session 1: file_lacks(topics/tools.md, "Fly.io")',
      11,
    ],
  ])("finds %s", (_, scenarioId, check, line) => {
    expect(expectationLine(SCENARIO, scenarioId, check)).toBe(line);
  });

  it("gives line 1 for a file that is not YAML or has no expect", () => {
    expect(expectationLine("{{{", "x", "no_narration")).toBe(1);
    expect(expectationLine("id: x\n", "x", "no_narration")).toBe(1);
  });
});

describe("formatGithubAnnotations", () => {
  const base = {
    extractionPrompt: "extraction@1",
    answer: "",
    files: {},
    calls: [],
    stages: [],
    toolCalls: [],
    durationMs: 5,
    provenance: [],
  } satisfies Partial<ScenarioResult>;
  const failing = (model: string): ScenarioResult => ({
    ...base,
    scenarioId: "remember",
    model,
    pass: false,
    checks: [
      { name: "no_narration", pass: false, score: 0, reason: 'says "as you mentioned", 100%' },
      { name: "no_new_files", pass: true, score: 1, reason: "" },
    ],
  });
  const scenarioFile = () => ({ path: "scenarios/remember.yaml", text: SCENARIO });

  it("writes one annotation per check and line, naming every cell where it failed", () => {
    const reports = ["extraction@1", "extraction@2"].map((prompt) =>
      buildEvalReport(
        [failing("claude-haiku-5-5"), failing("claude-opus-5-5")].map((result) => ({
          ...result,
          extractionPrompt: prompt,
        })),
        prompt,
      ),
    );
    expect(formatGithubAnnotations(reports, { scenarioFile })).toBe(
      "::error file=scenarios/remember.yaml,line=28,title=remember%3A no_narration::" +
        'says "as you mentioned", 100%25%0A(failed on claude-haiku-5-5, extraction@1, epoch 1; ' +
        "claude-opus-5-5, extraction@1, epoch 1; claude-haiku-5-5, extraction@2, epoch 1; " +
        "claude-opus-5-5, extraction@2, epoch 1)\n",
    );
  });

  it("annotates a broken run and a run that checked nothing; nothing for passing runs", () => {
    const report = buildEvalReport(
      [
        { ...failing("a"), checks: [], error: { name: "MissingRecordingError", message: "x\ny" } },
        { ...failing("b"), checks: [] },
        {
          ...failing("c"),
          pass: true,
          checks: [{ name: "no_narration", pass: true, score: 1, reason: "" }],
        },
      ],
      "extraction@1",
    );
    expect(formatGithubAnnotations([report], { scenarioFile }).split("\n")).toEqual([
      "::error file=scenarios/remember.yaml,line=1,title=remember%3A broken run::MissingRecordingError: x%0Ay%0A(failed on a, extraction@1, epoch 1)",
      `::error file=scenarios/remember.yaml,line=14,title=remember%3A checks_ran::${NOTHING_CHECKED}%0A(failed on b, extraction@1, epoch 1)`,
      "",
    ]);
    expect(formatGithubAnnotations([buildEvalReport([], "extraction@1")], { scenarioFile })).toBe(
      "",
    );
  });

  it("stops at GitHub's ten annotations a step and says how many more", () => {
    const checks = Array.from({ length: 12 }, (_, index) => ({
      name: `folder_lacks("term ${index}")`,
      pass: false,
      score: 0,
      reason: "found",
    }));
    const report = buildEvalReport([{ ...failing("a"), checks }], "extraction@1");
    const lines = formatGithubAnnotations([report], { scenarioFile }).trimEnd().split("\n");
    expect(lines).toHaveLength(10);
    expect(lines[9]).toBe(
      "::error title=pnpm eval::3 more failing checks: see the job's log or the JUnit file",
    );
  });
});
