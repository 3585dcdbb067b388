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
        "  Cost compared as each whole run's mean: the previous run's history line keeps no cells",
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
      "  New failures: none\n  Cost compared as each whole run's mean: the previous run's history line keeps no cells\n  Cost per session, claude-haiku-5-5: down $0.000100 (-50.0%)",
    );
  });
});

describe("like for like", () => {
  const cell = (scenarioId: string, model: string, usd: number, sessions: number, pass = true) => ({
    scenarioId,
    model,
    prompt: "extraction@1",
    pass,
    complete: sessions > 0,
    usd,
    sessions,
  });
  const haiku = "claude-haiku-5-5";
  // A scenario broken before (no session priced) and repaired now: the whole-run mean went from
  // 0.002 / 2 to 0.006 / 4 with no cell's cost changed.
  const broken: RunSummary = {
    ...previous,
    models: [haiku],
    costPerSession: { [haiku]: 0.001 },
    failing: [`forget · ${haiku} · extraction@1`],
    cells: [cell("remember", haiku, 0.002, 2), cell("forget", haiku, 0, 0, false)],
  };
  const repaired: RunSummary = {
    ...broken,
    commit: "bbbbbbb",
    costPerSession: { [haiku]: 0.0015 },
    failing: [],
    cells: [cell("remember", haiku, 0.002, 2), cell("forget", haiku, 0.004, 2)],
  };

  it("compares cost over the cells complete in both: a repaired scenario moves nothing", () => {
    const changes = compareRuns(broken, repaired);
    expect(changes.cost).toEqual([{ model: haiku, before: 0.001, after: 0.001 }]);
    expect(changes.like).toEqual({
      cells: 1,
      passedBefore: 1,
      passedAfter: 1,
      provenanceChanged: [],
      leftOut: [{ cell: `forget · ${haiku} · extraction@1`, why: "broken in the previous run" }],
    });
    const text = formatRunChanges(changes);
    expect(text).toContain(`  Fixed (1): forget · ${haiku} · extraction@1\n`);
    expect(text).toContain(
      "  Like for like: cost and pass rate over the 1 cells present and complete in both runs: 1 -> 1 passed\n" +
        `  Left out (1): forget · ${haiku} · extraction@1 (broken in the previous run)\n` +
        `  Cost per session, ${haiku}: unchanged at $0.001000\n`,
    );
    expect(text).not.toContain("up $");
  });

  it.each([
    [
      "only in this run",
      [cell("remember", haiku, 0.002, 2)],
      [cell("remember", haiku, 0.002, 2), cell("new", haiku, 9, 1)],
    ],
    [
      "only in the previous run",
      [cell("remember", haiku, 0.002, 2), cell("gone", haiku, 9, 1)],
      [cell("remember", haiku, 0.002, 2)],
    ],
    [
      "broken in this run",
      [cell("remember", haiku, 0.002, 2), cell("x", haiku, 9, 1)],
      [cell("remember", haiku, 0.002, 2), cell("x", haiku, 0, 0, false)],
    ],
    [
      "broken in both runs",
      [cell("remember", haiku, 0.002, 2), cell("x", haiku, 0, 0, false)],
      [cell("remember", haiku, 0.002, 2), cell("x", haiku, 0, 0, false)],
    ],
  ])("leaves out a cell %s", (why, before, after) => {
    const changes = compareRuns({ ...broken, cells: before }, { ...repaired, cells: after });
    expect(changes.cost).toEqual([{ model: haiku, before: 0.001, after: 0.001 }]);
    expect(changes.like?.leftOut.map((item) => item.why)).toEqual([why]);
  });

  it("counts the pass rate over the shared cells only", () => {
    const failing = {
      ...repaired,
      cells: [cell("remember", haiku, 0.002, 2, false), cell("forget", haiku, 0.004, 2)],
    };
    expect(compareRuns(broken, failing).like).toMatchObject({
      cells: 1,
      passedBefore: 1,
      passedAfter: 0,
    });
  });
});

describe("like for like, by provenance", () => {
  const haiku = "claude-haiku-5-5";
  const cell = (
    scenarioId: string,
    provenance: string[] | undefined,
    usd: number,
    pass = true,
  ) => ({
    scenarioId,
    model: haiku,
    prompt: "extraction@1",
    pass,
    complete: true,
    usd,
    sessions: 2,
    ...(provenance === undefined ? {} : { provenance }),
  });
  const run = (cells: NonNullable<RunSummary["cells"]>): RunSummary => ({
    ...previous,
    models: [haiku],
    costPerSession: {},
    failing: cells
      .filter((item) => !item.pass)
      .map((item) => `${item.scenarioId} · ${haiku} · extraction@1`),
    cells,
  });
  const fake = "recorded from 127.0.0.1:8787";

  it.each([
    {
      name: "the same provenance: compared",
      before: [cell("remember", ["authored"], 0.002), cell("forget", ["authored"], 0.004)],
      after: [cell("remember", ["authored"], 0.002), cell("forget", ["authored"], 0.002, false)],
      compared: 2,
      changed: [],
      newFailures: [`forget · ${haiku} · extraction@1`],
      cost: [{ model: haiku, before: 0.0015, after: 0.001 }],
    },
    {
      name: "authored, then recorded from another host: not compared, not a new failure",
      before: [cell("remember", ["authored"], 0.002), cell("forget", ["authored"], 0.004)],
      after: [cell("remember", ["authored"], 0.002), cell("forget", [fake], 0.0002, false)],
      compared: 1,
      changed: [
        {
          cell: `forget · ${haiku} · extraction@1`,
          model: haiku,
          before: "authored",
          after: fake,
          pass: false,
        },
      ],
      newFailures: [],
      cost: [{ model: haiku, before: 0.001, after: 0.001 }],
    },
    {
      name: "one epoch recorded among authored ones: a mixed cell is another provenance",
      before: [cell("remember", ["authored"], 0.002)],
      after: [cell("remember", ["authored", "recorded"], 0.004)],
      compared: 0,
      changed: [
        {
          cell: `remember · ${haiku} · extraction@1`,
          model: haiku,
          before: "authored",
          after: "authored + recorded",
          pass: true,
        },
      ],
      newFailures: [],
      cost: [],
    },
    {
      name: "a line from before provenance was kept: compared as before",
      before: [cell("remember", undefined, 0.002)],
      after: [cell("remember", [fake], 0.004)],
      compared: 1,
      changed: [],
      newFailures: [],
      cost: [{ model: haiku, before: 0.001, after: 0.002 }],
    },
  ])("$name", ({ before, after, compared, changed, newFailures, cost }) => {
    const changes = compareRuns(run(before), run(after));
    expect(changes.like?.cells).toBe(compared);
    expect(changes.like?.provenanceChanged).toEqual(changed);
    expect(changes.newFailures).toEqual(newFailures);
    expect(changes.cost).toEqual(cost);
  });

  it("lists the cells whose provenance changed apart from the comparison", () => {
    const text = formatRunChanges(
      compareRuns(
        run([cell("remember", ["authored"], 0.002), cell("forget", ["authored"], 0.004)]),
        run([cell("remember", ["authored"], 0.002), cell("forget", [fake], 0.0002)]),
      ),
    );
    expect(text).toContain(
      "  Like for like: cost and pass rate over the 1 cells present and complete in both runs with the same provenance: 1 -> 1 passed\n" +
        `  Provenance changed: 1 cells, not compared, 0 failing now (authored -> ${fake}: 1): forget · ${haiku} · extraction@1\n` +
        `  Cost per session, ${haiku}: unchanged at $0.001000, over the cells with the same provenance only (1 cells whose provenance changed not compared)\n`,
    );
  });

  // The block's lines agree with the run's verdict: a cell failing now is named even when its
  // provenance changed, and a cost is "unchanged" only over what was compared.
  it.each([
    {
      name: "nothing changed provenance",
      after: [cell("remember", ["authored"], 0.002), cell("forget", ["authored"], 0.004)],
      lines: ["  New failures: none\n", `  Cost per session, ${haiku}: unchanged at $0.001500\n`],
    },
    {
      name: "a like-for-like cell passes, the changed one fails",
      after: [cell("remember", ["authored"], 0.002), cell("forget", [fake], 0.0002, false)],
      lines: [
        "  New failures: none among like-for-like cells; 1 failing cells changed provenance (below)\n",
        `  Cost per session, ${haiku}: unchanged at $0.001000, over the cells with the same provenance only (1 cells whose provenance changed not compared)\n`,
      ],
    },
    {
      name: "a like-for-like cell fails, and so does the changed one",
      after: [cell("remember", ["authored"], 0.002, false), cell("forget", [fake], 0.0002, false)],
      lines: [
        `  New failures (1): remember · ${haiku} · extraction@1; 1 failing cells changed provenance (below)\n`,
      ],
    },
    {
      name: "every cell changed provenance",
      after: [cell("remember", [fake], 0.0001, false), cell("forget", [fake], 0.0002, false)],
      lines: [
        "  New failures: none among like-for-like cells; 2 failing cells changed provenance (below)\n",
        `  Cost per session, ${haiku}: not compared, the provenance of its 2 cells changed\n`,
      ],
    },
  ])("the failures and cost lines when $name", ({ after, lines }) => {
    const text = formatRunChanges(
      compareRuns(
        run([cell("remember", ["authored"], 0.002), cell("forget", ["authored"], 0.004)]),
        run(after),
      ),
    );
    for (const line of lines) expect(text).toContain(line);
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
          cost: { usd: 0.003, sessions: 1 },
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
      cells: [
        {
          scenarioId: "remember",
          model: "m",
          prompt: "extraction@1",
          pass: true,
          complete: true,
          usd: 0.003,
          sessions: 1,
        },
        {
          scenarioId: "remember",
          model: "m",
          prompt: "extraction@2",
          pass: false,
          complete: false,
          usd: 0,
          sessions: 0,
        },
      ],
    });
  });
});
