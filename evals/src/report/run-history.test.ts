import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReportView } from "./html/report-view.js";
import {
  appendRunHistory,
  comparableRun,
  compareRuns,
  formatRunChanges,
  type RunSummary,
  readRunHistory,
  summarizeRun,
} from "./run-history.js";

const previous: RunSummary = {
  command: "eval",
  commit: "aaaaaaa",
  date: "2026-11-30T10:00:00.000Z",
  prompts: ["extraction@1"],
  models: ["claude-haiku-5-5", "claude-opus-5-5"],
  scenarios: ["forget", "remember"],
  runs: 4,
  passed: 3,
  failing: ["forget · claude-opus-5-5 · extraction@1"],
  costPerSession: { "claude-haiku-5-5": 0.0002, "claude-opus-5-5": 0.01 },
};

const current: RunSummary = {
  ...previous,
  commit: "bbbbbbb",
  date: "2026-12-01T10:00:00.000Z",
  failing: ["remember · claude-haiku-5-5 · extraction@1"],
  costPerSession: { "claude-haiku-5-5": 0.0003, "claude-opus-5-5": 0.01 },
};

describe("compareRuns and formatRunChanges", () => {
  it("names the new failures, the fixed runs and the cost per session up or down", () => {
    const changes = compareRuns(previous, current);
    expect(changes).toEqual({
      previous: {
        commit: "aaaaaaa",
        date: "2026-11-30T10:00:00.000Z",
        scenarios: 2,
        models: 2,
        prompts: 1,
      },
      newFailures: ["remember · claude-haiku-5-5 · extraction@1"],
      fixed: ["forget · claude-opus-5-5 · extraction@1"],
      cost: [
        { model: "claude-haiku-5-5", before: 0.0002, after: 0.0003 },
        { model: "claude-opus-5-5", before: 0.01, after: 0.01 },
      ],
    });
    expect(formatRunChanges(changes)).toBe(
      [
        "Since the previous run of the same 2 scenarios x 2 models x 1 prompts (aaaaaaa, 2026-11-30T10:00:00.000Z):",
        "  New failures (1): remember · claude-haiku-5-5 · extraction@1",
        "  Fixed (1): forget · claude-opus-5-5 · extraction@1",
        "  Cost per session, claude-haiku-5-5: up $0.000100 (+50.0%), $0.000200 -> $0.000300",
        "  Cost per session, claude-opus-5-5: unchanged at $0.010000",
        "",
      ].join("\n"),
    );
  });

  it("says so when no earlier run is comparable", () => {
    expect(formatRunChanges(undefined)).toBe(
      "Since the previous run: none to compare with (no earlier run of the same scenarios, models and prompts in the history).\n",
    );
  });

  it.each([
    ["a subset of the scenarios", { scenarios: ["remember"] }],
    ["another model set", { models: ["claude-haiku-5-5"] }],
    ["another prompt set", { prompts: ["extraction@1", "extraction@2"] }],
    ["the other command", { command: "ab" as const }],
    ["a line from before scenarios were kept", { scenarios: undefined }],
  ])("never compares with %s", (_name, change) => {
    const other = { ...previous, ...change };
    expect(comparableRun([previous, other], current)).toBe(previous);
    expect(comparableRun([other], current)).toBeUndefined();
  });

  it("says cost down and no new failures", () => {
    const cheaper = { ...previous, costPerSession: { "claude-haiku-5-5": 0.0001 } };
    expect(formatRunChanges(compareRuns(previous, cheaper))).toContain(
      "  New failures: none\n  Cost per session, claude-haiku-5-5: down $0.000100 (-50.0%)",
    );
  });
});

describe("the history file", () => {
  it("appends one JSON line per run and reads them back, skipping a line that is not a summary", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "memfiles-history-")), "out", "history.jsonl");
    expect(await readRunHistory(file)).toEqual([]);
    await appendRunHistory(file, previous);
    await writeFile(file, `${JSON.stringify(previous)}\n{"cut off\n`, "utf8");
    await appendRunHistory(file, current);
    expect(await readRunHistory(file)).toEqual([previous, current]);
  });
});

describe("summarizeRun", () => {
  it("counts passes, names failing runs and sums the stages' cost per session by model", () => {
    const view: ReportView = {
      title: "t",
      command: "ab",
      counts: { cells: 2, passedCells: 1, epochs: 2, passedEpochs: 1 },
      cells: [
        {
          scenarioId: "remember",
          model: "m",
          prompt: "extraction@1",
          outcome: "pass",
          reason: "",
          provenance: [],
        },
        {
          scenarioId: "remember",
          model: "m",
          prompt: "extraction@2",
          outcome: "error",
          reason: "x",
          provenance: [],
        },
      ],
      stageCosts: [
        {
          model: "m",
          prompt: "extraction@1",
          stage: "write",
          usdPerSession: 0.002,
          provenance: [],
        },
        { model: "m", prompt: "extraction@1", stage: "chat", usdPerSession: 0.001, provenance: [] },
        {
          model: "m",
          prompt: "extraction@2",
          stage: "write",
          usdPerSession: 0.004,
          provenance: [],
        },
      ],
      cacheWarnings: [],
      writeRates: [],
      provenanceNotes: [],
      details: [],
    };
    expect(summarizeRun(view, { commit: "c", date: "d" })).toEqual({
      command: "ab",
      commit: "c",
      date: "d",
      prompts: ["extraction@1", "extraction@2"],
      models: ["m"],
      scenarios: ["remember"],
      runs: 2,
      passed: 1,
      failing: ["remember · m · extraction@2"],
      // (0.002 + 0.001 + 0.004) over two prompts
      costPerSession: { m: 0.0035 },
    });
  });
});
