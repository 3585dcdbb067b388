import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  RecordBudget,
  type RecordingFile,
  readRecordingFile,
  recordingPath,
  writeRecordingFile,
} from "../recordings/index.js";
import { loadScenarios } from "../scenarios/index.js";
import { capLines, type PlannedCell, planRecording, recordingHost } from "./record-plan.js";

const RECORDINGS = fileURLToPath(new URL("../../recordings", import.meta.url));
const SCENARIOS = fileURLToPath(new URL("../../../scenarios", import.meta.url));

const usage = { input: 10, output: 5, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };

/** One run to record: its expected cost and the smallest cap that lets it finish alone. */
function run(model: string, scenarioId: string, usd: number, capToRecord?: number): PlannedCell {
  return {
    scenarioId,
    model,
    epoch: 1,
    skip: false,
    estimate: { calls: 2, usage, usd },
    basis: "recorded",
    ...(capToRecord === undefined ? {} : { capToRecord }),
  };
}

const HAIKU = "claude-haiku-5-5";
const OPUS = "claude-opus-5-5";
// Run order is model by model: both Haiku runs come before the Opus ones.
const TODO = [
  run(HAIKU, "remember", 0.01, 0.012),
  run(HAIKU, "update", 0.004, 0.006),
  run(OPUS, "remember", 0.05, 0.0884),
  run(OPUS, "update", 0.03, 0.07),
];
const MODELS = [HAIKU, OPUS].map((model) => ({
  model,
  cells: 2,
  calls: 4,
  usage,
  usd: 0,
}));

describe("the record preview's cap lines", () => {
  it.each([
    {
      name: "without a cap: only the smallest cap for one run of each model",
      maxUsd: undefined,
      lines: [
        "Smallest cap that records one run of each model: --max-usd 0.0760, the sum of each model's cheapest run alone: claude-haiku-5-5 $0.0060 (--model claude-haiku-5-5 --scenario update); claude-opus-5-5 $0.0700 (--model claude-opus-5-5 --scenario update).",
      ],
    },
    {
      name: "a cap that the Haiku runs use up: no Opus run, said so",
      maxUsd: 0.05,
      lines: [
        "--max-usd 0.05 will record about 2 of 4 run(s) in run order (claude-haiku-5-5 2 of 2, claude-opus-5-5 0 of 2), then stop at remember on claude-opus-5-5, epoch 1.",
        "No run of claude-opus-5-5 will be recorded: raise the cap, or record each model apart with the --model and --scenario above.",
      ],
    },
    {
      // 0.014 spent, then the first Opus run needs 0.0884 on top: 0.1024 fits, the second
      // (0.064 spent + 0.07) does not.
      name: "a cap that records one Opus run",
      maxUsd: 0.11,
      lines: [
        "--max-usd 0.11 will record about 3 of 4 run(s) in run order (claude-haiku-5-5 2 of 2, claude-opus-5-5 1 of 2), then stop at update on claude-opus-5-5, epoch 1.",
      ],
    },
    {
      name: "a cap that records everything",
      maxUsd: 1,
      lines: [
        "--max-usd 1 will record about 4 of 4 run(s) in run order (claude-haiku-5-5 2 of 2, claude-opus-5-5 2 of 2).",
      ],
    },
  ])("$name", ({ maxUsd, lines }) => {
    const text = capLines(TODO, MODELS, maxUsd);
    expect(maxUsd === undefined ? text : text.slice(1)).toEqual(lines);
  });

  it("uses a run's expected cost, and says so, when no recording gives its calls", () => {
    const [line] = capLines([run(OPUS, "new-scenario", 0.02)], MODELS.slice(1), undefined);
    expect(line).toContain(
      "claude-opus-5-5 $0.0200 (--model claude-opus-5-5 --scenario new-scenario; no recording, so its expected cost, not a bound)",
    );
  });
});

describe("planRecording's smallest cap per run", () => {
  it("is the largest of (what the calls before cost + this call's upper bound), from the recording", async () => {
    const scenarios = (await loadScenarios(SCENARIOS)).filter(
      (scenario) => scenario.id === "update",
    );
    const plan = await planRecording({
      scenarios,
      models: [OPUS],
      prompt: "extraction@2",
      epochs: 1,
      recordingsDir: RECORDINGS,
      force: true,
      host: undefined,
    });
    const recording = await readRecordingFile(
      recordingPath(RECORDINGS, OPUS, "extraction@2", "update"),
    );
    const budget = new RecordBudget(Number.POSITIVE_INFINITY);
    let spent = 0;
    let cap = 0;
    for (const entry of recording?.entries ?? []) {
      const body = entry.response.body as { usage?: unknown };
      if (body.usage === undefined) continue;
      cap = Math.max(cap, spent + budget.estimate(entry.request, OPUS));
      spent += budget.charge(entry.response.body, OPUS);
    }
    const [cell] = plan.cells;
    expect(cell?.capToRecord).toBeCloseTo(cap, 6);
    // The bound is above the bill: max_tokens is more than any reply.
    expect(cell?.capToRecord).toBeGreaterThan(cell?.estimate.usd ?? Number.POSITIVE_INFINITY);
  });
});

describe("planRecording's skip rule", () => {
  const header = {
    model: HAIKU,
    scenario: "update",
    extractionPrompt: "extraction@1",
    entries: [],
  };
  const recorded = { provenance: "recorded", date: "2026-12-01", ...header } as const;
  const files: Record<string, RecordingFile | undefined> = {
    none: undefined,
    authored: { provenance: "authored", usageMethod: "by hand", ...header },
    "recorded from the API": recorded,
    "recorded from a fake": { ...recorded, host: "127.0.0.1:8787" },
  };
  const FAKE = "127.0.0.1:8787";
  const OTHER = "127.0.0.1:9999";
  type Row = {
    existing: string;
    host: string | undefined;
    force: boolean;
    skip: boolean;
    replaces: "authored" | "recorded" | undefined;
    replacesHost?: string;
  };
  it.each<Row>([
    { existing: "none", host: undefined, force: false, skip: false, replaces: undefined },
    { existing: "none", host: undefined, force: true, skip: false, replaces: undefined },
    // An authored file stands in for a recording: record mode records over it.
    { existing: "authored", host: undefined, force: false, skip: false, replaces: "authored" },
    { existing: "authored", host: undefined, force: true, skip: false, replaces: "authored" },
    {
      existing: "recorded from the API",
      host: undefined,
      force: false,
      skip: true,
      replaces: "recorded",
    },
    {
      existing: "recorded from the API",
      host: undefined,
      force: true,
      skip: false,
      replaces: "recorded",
    },
    // A real recording is not replaced by one through a proxy or a fake unless asked.
    {
      existing: "recorded from the API",
      host: FAKE,
      force: false,
      skip: true,
      replaces: "recorded",
    },
    // A fake's recording is a stand-in too: the API (or another host) records over it...
    {
      existing: "recorded from a fake",
      host: undefined,
      force: false,
      skip: false,
      replaces: "recorded",
      replacesHost: FAKE,
    },
    {
      existing: "recorded from a fake",
      host: OTHER,
      force: false,
      skip: false,
      replaces: "recorded",
      replacesHost: FAKE,
    },
    // ...while the same host resumes, as the API does.
    {
      existing: "recorded from a fake",
      host: FAKE,
      force: false,
      skip: true,
      replaces: "recorded",
    },
    {
      existing: "recorded from a fake",
      host: FAKE,
      force: true,
      skip: false,
      replaces: "recorded",
    },
  ])(
    "a file $existing, run from $host, force $force: skip $skip",
    async ({ existing, host, force, skip, replaces, replacesHost }) => {
      const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-plan-"));
      const file = files[existing];
      if (file !== undefined) {
        await writeRecordingFile(
          recordingPath(recordingsDir, HAIKU, "extraction@1", "update"),
          file,
        );
      }
      const scenarios = (await loadScenarios(SCENARIOS)).filter(({ id }) => id === "update");
      const plan = await planRecording({
        scenarios,
        models: [HAIKU],
        prompt: "extraction@1",
        epochs: 1,
        recordingsDir,
        force,
        host,
      });
      expect(
        plan.cells.map((cell) => ({
          skip: cell.skip,
          replaces: cell.replaces,
          replacesHost: cell.replacesHost,
        })),
      ).toEqual([{ skip, replaces, replacesHost }]);
    },
  );
});

describe("recordingHost", () => {
  it.each([
    { baseUrl: undefined, host: undefined },
    { baseUrl: "", host: undefined },
    { baseUrl: "https://api.anthropic.com", host: undefined },
    { baseUrl: "https://api.anthropic.com/", host: undefined },
    { baseUrl: "http://127.0.0.1:8787", host: "127.0.0.1:8787" },
    { baseUrl: "https://proxy.example.com/anthropic", host: "proxy.example.com" },
  ])("$baseUrl records as host $host", ({ baseUrl, host }) => {
    expect(recordingHost(baseUrl)).toBe(host);
  });

  it("refuses a base URL without its scheme, naming the setting", () => {
    expect(() => recordingHost("127.0.0.1:8787")).toThrow(
      expect.objectContaining({ name: "EvalSetupError", setting: "ANTHROPIC_BASE_URL" }),
    );
  });
});
