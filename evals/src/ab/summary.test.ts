import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { abReportView, renderHtmlReport } from "../report/html/index.js";
import { compareRuns, summarizeRun } from "../report/run-history.js";
import { AUTHORED_WARNING, formatAbSummary } from "./format-summary.js";
import { type AbSummaryResult, armOver, sharedScenarios, summarizeAb } from "./summary.js";

// A real `promptfoo eval -o` file (0.120.27) of promptfooconfig.yaml over two scenarios, produced
// with a stub runner whose costs are round numbers. Per run (Haiku; Opus is 4x every USD figure):
//   remember: session 1 = chat 0.0002 + write 0.001 = 0.0012, question = 0.0003
//   forget:   session 1 = chat 0.0001 + write 0.002 = 0.0021, question = 0.0004
// extraction@2 on Haiku fails a check on forget; extraction@2 on Opus has no recording for remember.
const fixture = new URL("./__fixtures__/promptfoo-output.json", import.meta.url);

async function loadFixture(): Promise<unknown> {
  return JSON.parse(await readFile(fixture, "utf8"));
}

const AUTHORED_METHOD =
  "input tokens = ceil(request chars / 4); output tokens = ceil(response chars / 4)";
const FAILED_CHECK = 'file_lacks(topics/tools.md, "Fly.io"): found "Fly.io" on line 5';
const MISSING = [
  'MissingRecordingError in remember (claude-opus-5-5, extraction@2): No recording for scenario "remember" at step "session 1: write": no recording file',
  "  recording file: recordings/claude-opus-5-5/extraction@2/remember.json",
].join("\n");

describe("summarizeAb", () => {
  it("computes every cell from the promptfoo JSON", async () => {
    const summary = summarizeAb(await loadFixture());
    const haikuUsage = {
      input: 4000,
      output: 500,
      cacheWrite5m: 2500,
      cacheWrite1h: 0,
      cacheRead: 2000,
    };
    const expected: AbSummaryResult = {
      prompts: ["extraction@1", "extraction@2"],
      models: ["claude-haiku-4-5", "claude-opus-5-5"],
      scenarios: ["forget", "remember"],
      cells: [
        {
          prompt: "extraction@1",
          model: "claude-haiku-4-5",
          scenarios: 2,
          passed: 2,
          failed: 0,
          errors: 0,
          epochs: 2,
          epochPasses: 2,
          interval: [0.3424, 1],
          sessions: 4,
          // (0.0021 + 0.0004 + 0.0012 + 0.0003) / 4 = 0.004 / 4
          meanSessionUsd: 0.001,
          maxSessionUsd: 0.0021,
          writeUsd: 0.003, // 0.002 + 0.001
          totalUsd: 0.004,
          stageUsdPerSession: { write: 0.00075, consolidate: 0, chat: 0.00025 },
          // input 2100 + 400 + 1200 + 300; output 220 + 80 + 140 + 60
          usage: haikuUsage,
          provenance: ["authored"],
          sources: [{ source: "authored", runs: 2 }],
          results: [
            {
              scenarioId: "forget",
              outcome: "pass",
              reason: "",
              usd: 0.0025,
              sessions: 2,
              epochs: 1,
              passes: 1,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
            {
              scenarioId: "remember",
              outcome: "pass",
              reason: "",
              usd: 0.0015,
              sessions: 2,
              epochs: 1,
              passes: 1,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
          ],
        },
        {
          prompt: "extraction@1",
          model: "claude-opus-5-5",
          scenarios: 2,
          passed: 2,
          failed: 0,
          errors: 0,
          epochs: 2,
          epochPasses: 2,
          interval: [0.3424, 1],
          sessions: 4,
          meanSessionUsd: 0.004, // 4 x 0.001
          maxSessionUsd: 0.0084, // 4 x 0.0021
          writeUsd: 0.012,
          totalUsd: 0.016,
          stageUsdPerSession: { write: 0.003, consolidate: 0, chat: 0.001 },
          usage: haikuUsage,
          provenance: ["authored"],
          sources: [{ source: "authored", runs: 2 }],
          results: [
            {
              scenarioId: "forget",
              outcome: "pass",
              reason: "",
              usd: 0.01,
              sessions: 2,
              epochs: 1,
              passes: 1,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
            {
              scenarioId: "remember",
              outcome: "pass",
              reason: "",
              usd: 0.006,
              sessions: 2,
              epochs: 1,
              passes: 1,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
          ],
        },
        {
          prompt: "extraction@2",
          model: "claude-haiku-4-5",
          scenarios: 2,
          passed: 1,
          failed: 1,
          errors: 0,
          epochs: 2,
          epochPasses: 1,
          interval: [0.0945, 0.9055],
          sessions: 4,
          meanSessionUsd: 0.001,
          maxSessionUsd: 0.0021,
          writeUsd: 0.003,
          totalUsd: 0.004,
          stageUsdPerSession: { write: 0.00075, consolidate: 0, chat: 0.00025 },
          usage: haikuUsage,
          provenance: ["authored"],
          sources: [{ source: "authored", runs: 2 }],
          results: [
            {
              scenarioId: "forget",
              outcome: "fail",
              reason: FAILED_CHECK,
              usd: 0.0025,
              sessions: 2,
              epochs: 1,
              passes: 0,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
            {
              scenarioId: "remember",
              outcome: "pass",
              reason: "",
              usd: 0.0015,
              sessions: 2,
              epochs: 1,
              passes: 1,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
          ],
        },
        {
          prompt: "extraction@2",
          model: "claude-opus-5-5",
          scenarios: 2,
          passed: 1,
          failed: 0,
          errors: 1,
          epochs: 2,
          epochPasses: 1,
          interval: [0.0945, 0.9055],
          // only forget's two sessions: the broken run is left out of the cost figures
          sessions: 2,
          meanSessionUsd: 0.005, // (0.0084 + 0.0016) / 2
          maxSessionUsd: 0.0084,
          writeUsd: 0.008,
          totalUsd: 0.01,
          stageUsdPerSession: { write: 0.004, consolidate: 0, chat: 0.001 },
          usage: { input: 2500, output: 300, cacheWrite5m: 2500, cacheWrite1h: 0, cacheRead: 0 },
          provenance: ["authored"],
          sources: [{ source: "authored", runs: 2 }],
          results: [
            {
              scenarioId: "forget",
              outcome: "pass",
              reason: "",
              usd: 0.01,
              sessions: 2,
              epochs: 1,
              passes: 1,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
            {
              scenarioId: "remember",
              outcome: "error",
              reason: MISSING,
              usd: 0,
              sessions: 0,
              epochs: 1,
              passes: 0,
              provenance: ["authored"],
              sources: [{ source: "authored", runs: 1 }],
            },
          ],
        },
      ],
      recordings: "authored",
      recorded: [],
      authoredUsageMethods: [AUTHORED_METHOD],
      comparisons: expect.any(Array),
    };
    expect(summary).toEqual(expected);
    expect(summary.comparisons.map((comparison) => comparison.sentence)).toEqual([
      "extraction@1 vs extraction@2 on claude-haiku-4-5: no detectable difference, 2/2 vs 1/2, p = 1.00 (Fisher's exact test)",
      "extraction@1 vs extraction@2 on claude-opus-5-5: no detectable difference, 1/1 vs 1/1, p = 1.00 (Fisher's exact test)",
      "claude-haiku-4-5 vs claude-opus-5-5 with extraction@1: no detectable difference, 2/2 vs 2/2, p = 1.00 (Fisher's exact test)",
      "claude-haiku-4-5 vs claude-opus-5-5 with extraction@2: no detectable difference, 0/1 vs 1/1, p = 1.00 (Fisher's exact test)",
    ]);
  });

  it("rejects a file that is not promptfoo output, naming the field", () => {
    expect(() => summarizeAb({ results: { table: [] } })).toThrow(/results/);
  });

  it.each([
    {
      name: "recorded only",
      provenance: [{ kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-30" }],
      recordings: "recorded",
      column: "recorded",
    },
    {
      name: "recorded and authored",
      provenance: [
        { kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-30" },
        { kind: "authored", usageMethod: "chars / 4" },
      ],
      recordings: "mixed",
      column: "mixed: 2 authored, 2 recorded",
    },
    {
      name: "two hosts",
      provenance: [
        { kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-30" },
        { kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-30", host: "127.0.0.1:8787" },
      ],
      recordings: "recorded",
      column: "mixed: 2 recorded, 2 recorded from 127.0.0.1:8787",
    },
    { name: "no provenance", provenance: [], recordings: "none", column: "-" },
  ])("labels the recordings $name", async ({ provenance, recordings, column }) => {
    const output = (await loadFixture()) as {
      results: { results: { response?: { metadata?: { provenance?: unknown } } }[] };
    };
    for (const row of output.results.results) {
      if (row.response?.metadata) row.response.metadata.provenance = provenance;
    }
    const summary = summarizeAb(output);
    expect(summary.recordings).toBe(recordings);
    // Beside the figures of every cell: its grid entry and its recordings column.
    const text = formatAbSummary({ summary });
    const grid = text.split("\n").find((line) => line.startsWith("| extraction@1   |"));
    const row = text
      .split("\n")
      .find((line) => line.startsWith("| extraction@1 | claude-haiku-4-5"));
    expect(row?.split("|").at(-2)?.trim()).toBe(column);
    if (column.startsWith("mixed")) expect(grid).toContain(`[${column}]`);
    else expect(grid).not.toContain("mixed");
  });
});

describe("formatAbSummary", () => {
  it("says the recordings are authored, then gives the grid, the cells and every problem", async () => {
    const text = formatAbSummary({
      summary: summarizeAb(await loadFixture()),
      resultsFile: "out/ab-results.json",
    });
    expect(text.split("\n").slice(0, 3)).toEqual([
      "# memfiles A/B: extraction prompt x model",
      "",
      `**Recordings: authored** (every run). ${AUTHORED_WARNING}`,
    ]);
    // One count, as every report prints it: cells, then epochs.
    expect(text).toContain(
      "- extraction@1 on claude-haiku-4-5: 2 of 2 cells passed, 2 of 2 epochs (100%, 95% CI 34-100%)",
    );
    expect(text).toContain(
      [
        "| prompt \\ model | claude-haiku-4-5              | claude-opus-5-5                        |",
        "| -------------- | ----------------------------- | -------------------------------------- |",
        "| extraction@1   | 2/2 passed, $0.001000/session | 2/2 passed, $0.004000/session          |",
        "| extraction@2   | 1/2 passed, $0.001000/session | 1/2 passed, 1 error, $0.005000/session |",
      ].join("\n"),
    );
    expect(text).toContain(
      "| extraction@2 | claude-opus-5-5  |    1/2 |      0 |      1 |        2 |        $0.005000 |       $0.008400 |      $0.008000 | $0.010000 |        2,500 |       2,500 |          0 |           300 | authored   |",
    );
    expect(text).toContain(
      "| remember | pass $0.001500                  | pass $0.006000                 | pass $0.001500                  | ERROR                          |",
    );
    expect(text).toContain(`- FAIL extraction@2 / claude-haiku-4-5 / forget: ${FAILED_CHECK}`);
    expect(text).toContain(
      [
        'ERROR extraction@2 / claude-opus-5-5 / remember: MissingRecordingError in remember (claude-opus-5-5, extraction@2): No recording for scenario "remember" at step "session 1: write": no recording file',
        "",
        "        recording file: recordings/claude-opus-5-5/extraction@2/remember.json",
      ].join("\n"),
    );
    expect(text).toContain(`- Authored usage estimate: ${AUTHORED_METHOD}`);
  });
});

describe("like for like between arms", () => {
  const result = (
    scenarioId: string,
    outcome: "pass" | "fail" | "error",
    usd: number,
    sessions: number,
  ) => ({
    scenarioId,
    outcome,
    reason: "",
    usd,
    sessions,
    epochs: 1,
    passes: outcome === "pass" ? 1 : 0,
    provenance: [],
    sources: [],
  });
  it("counts only the scenarios both arms ran to the end, and names the rest", () => {
    const haiku = {
      results: [
        result("forget", "pass", 0.002, 2),
        result("remember", "pass", 0.001, 1),
        result("only-haiku", "pass", 1, 1),
      ],
    };
    // Opus broke on remember: its cost there priced no session and must not enter the ratio.
    const opus = {
      results: [result("forget", "fail", 0.02, 2), result("remember", "error", 0, 0)],
    };
    expect(sharedScenarios(opus, haiku)).toEqual({
      shared: ["forget"],
      leftOut: ["only-haiku", "remember"],
    });
    expect(armOver(haiku, ["forget"])).toEqual({ passes: 1, epochs: 1, usd: 0.002, sessions: 2 });
    expect(armOver(opus, ["forget"])).toEqual({ passes: 0, epochs: 1, usd: 0.02, sessions: 2 });
  });
});

describe("summarizeAb layout arms (issue 13)", () => {
  it("keys a fact arm's run of <id>@fact by the test's scenario, so both layouts share a row", () => {
    const row = (arm: string, scenarioId: string) => ({
      provider: { id: "file://provider.mjs", label: arm },
      prompt: { raw: "extraction@1", label: "extraction@1" },
      vars: { scenario: "remember" },
      success: true,
      failureReason: 0,
      response: {
        output: "fly deploy",
        metadata: {
          scenarioId,
          model: "claude-haiku-5-5",
          extractionPrompt: "extraction@1",
          pass: true,
          checks: [],
          sessions: [],
          provenance: [],
          arm,
        },
      },
    });
    const summary = summarizeAb({
      results: {
        results: [
          row("claude-haiku-5-5 subject/index", "remember"),
          row("claude-haiku-5-5 fact/index", "remember@fact"),
        ],
      },
    });
    expect(summary.scenarios).toEqual(["remember"]);
    expect(summary.models).toEqual([
      "claude-haiku-5-5 subject/index",
      "claude-haiku-5-5 fact/index",
    ]);
    expect(summary.cells.map((cell) => cell.results[0]?.scenarioId)).toEqual([
      "remember",
      "remember",
    ]);
  });
});

// The eval report's rule, in the A/B: provenance is part of a figure's identity. Its HTML cells
// and history lines carry each scenario's sources, so a run after `--record` (or from another
// host) is not compared with an authored one.
describe("the A/B's provenance, like for like", () => {
  type Row = {
    response?: {
      metadata?: {
        scenarioId?: string;
        model?: string;
        extractionPrompt?: string;
        provenance?: unknown;
        epochProvenance?: unknown;
        epochs?: number;
        passes?: number;
      };
    };
  };
  const FAKE = {
    kind: "recorded",
    model: "claude-haiku-4-5",
    date: "2026-12-07",
    host: "127.0.0.1:8787",
  };
  const AUTHORED = { kind: "authored", usageMethod: "chars / 4" };
  // The fixture with its Haiku extraction@1 `forget` run changed by `change`.
  const changed = async (change: (metadata: NonNullable<Row["response"]>["metadata"]) => void) => {
    const output = (await loadFixture()) as { results: { results: Row[] } };
    const metadata = output.results.results.find(
      (row) =>
        row.response?.metadata?.scenarioId === "forget" &&
        row.response.metadata.model === "claude-haiku-4-5" &&
        row.response.metadata.extractionPrompt === "extraction@1",
    )?.response?.metadata;
    change(metadata);
    return summarizeAb(output);
  };
  const cellName = "forget · claude-haiku-4-5 · extraction@1";
  const history = (summary: AbSummaryResult, commit: string) =>
    summarizeRun(abReportView(summary), { commit, date: "2026-12-07T00:00:00Z" });

  it("a scenario recorded from another host is not compared with its authored run", async () => {
    const before = history(summarizeAb(await loadFixture()), "a");
    const after = history(
      await changed((metadata) => {
        if (metadata) metadata.provenance = [FAKE];
      }),
      "b",
    );
    expect(after.cells?.find((cell) => historyName(cell) === cellName)?.provenance).toEqual([
      "recorded from 127.0.0.1:8787",
    ]);
    const changes = compareRuns(before, after);
    expect(
      changes.like?.provenanceChanged.map((item) => [item.cell, item.before, item.after]),
    ).toEqual([[cellName, "authored", "recorded from 127.0.0.1:8787"]]);
    // Eight scenario cells: this one not compared, Opus's broken `remember` left out.
    expect(changes.like?.cells).toBe(6);
    expect(changes.newFailures).toEqual([]);
  });

  it("counts a scenario's epochs by source, in its cell, its HTML view and its history line", async () => {
    const summary = await changed((metadata) => {
      if (!metadata) return;
      metadata.epochs = 3;
      metadata.passes = 3;
      metadata.epochProvenance = [[AUTHORED], [AUTHORED], [FAKE]];
    });
    const mixed = [
      { source: "authored", runs: 2 },
      { source: "recorded from 127.0.0.1:8787", runs: 1 },
    ];
    const cell = summary.cells.find(
      (each) => each.model === "claude-haiku-4-5" && each.prompt === "extraction@1",
    );
    expect(cell?.results.find((result) => result.scenarioId === "forget")).toMatchObject({
      provenance: ["recorded", "authored"],
      sources: mixed,
    });
    expect(cell?.sources).toEqual([
      { source: "authored", runs: 3 },
      { source: "recorded from 127.0.0.1:8787", runs: 1 },
    ]);
    const view = abReportView(summary);
    const html = await renderHtmlReport({ view, history: [], date: "2026-12-07T00:00:00Z" });
    expect(html).toContain("(mixed: 2 authored, 1 recorded from 127.0.0.1:8787)");
    expect(
      history(summary, "c").cells?.find((each) => historyName(each) === cellName)?.provenance,
    ).toEqual(["authored", "recorded from 127.0.0.1:8787"]);
  });
});

function historyName(cell: { scenarioId: string; model: string; prompt: string }): string {
  return `${cell.scenarioId} · ${cell.model} · ${cell.prompt}`;
}
