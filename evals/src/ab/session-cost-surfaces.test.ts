import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { MODELS } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  abReportView,
  buildEvalReport,
  evalReportView,
  formatEvalSummary,
  summarizeRun,
} from "../report/index.js";
import { runScenarioEpochs } from "../runner/index.js";
import type { ScenarioResult } from "../runner/types.js";
import { DEFAULT_RECORDINGS_DIR, DEFAULT_SCENARIOS_DIR } from "./folders.js";
import { toGradingResult } from "./grading-result.js";
import { MEMORY_TOOL_PREFIX } from "./memory-tool-arm.js";
import { type ScenarioMetadata, ScenarioProvider } from "./provider.js";
import { meanUsdPerSession, runSessionCostOf } from "./session-costs.js";
import { summarizeAb } from "./summary.js";

// Scenarios with a memory-tool twin and recordings on Haiku: runs of different session counts
// (and epochs, and judge calls), so a surface that averages its own way lands elsewhere.
const SCENARIOS = ["remember", "forget", "update"];
const ALL = [...SCENARIOS, ...SCENARIOS.map((id) => MEMORY_TOOL_PREFIX + id)];
const MODEL = MODELS.haiku;
const PROMPT = "extraction@1";

type Arm = { name: "memfiles" | "memory-tool"; ids: string[] };
const ARMS: Arm[] = [
  { name: "memfiles", ids: SCENARIOS },
  { name: "memory-tool", ids: SCENARIOS.map((id) => MEMORY_TOOL_PREFIX + id) },
];

type Runs = { results: Map<string, ScenarioResult[]>; metadata: Map<string, ScenarioMetadata> };

/** promptfoo's output file for some of the runs, one test a scenario, as `promptfoo eval` writes it. */
function promptfooOutput(runs: Runs, ids: readonly string[]) {
  return {
    results: {
      results: ids.map((id, testIdx) => ({
        provider: { id: MODEL, label: MODEL },
        prompt: { raw: PROMPT, label: PROMPT },
        vars: { scenario: id },
        testIdx,
        success: runs.metadata.get(id)?.pass === true,
        response: { metadata: runs.metadata.get(id) },
      })),
    },
  };
}

/** promptfoo's `usd_per_session` column: its derived metric over the summed named scores. */
async function promptfooUsdPerSession(runs: Runs, ids: readonly string[]): Promise<number> {
  const config = parse(
    await readFile(join(import.meta.dirname, "../../promptfoo/promptfooconfig.yaml"), "utf8"),
  ) as { derivedMetrics: { name: string; value: string }[] };
  const expression = config.derivedMetrics.find((metric) => metric.name === "usd_per_session");
  const sums: Record<string, number> = {};
  for (const id of ids) {
    const scores = toGradingResult(runs.metadata.get(id)).namedScores ?? {};
    for (const [name, value] of Object.entries(scores)) sums[name] = (sums[name] ?? 0) + value;
  }
  // The expression evaluator promptfoo itself uses for derived metrics.
  const promptfoo = createRequire(createRequire(import.meta.url).resolve("promptfoo"));
  const { evaluate } = promptfoo("mathjs") as { evaluate: (text: string, scope: object) => number };
  return evaluate(expression?.value ?? "missing", { ...sums, __count: ids.length });
}

/** Every surface that prints a cost per session, each read as the user sees its figure. */
const SURFACES: Record<string, (runs: Runs, arm: Arm) => number | Promise<number>> = {
  "pnpm eval summary": (runs, arm) => {
    const report = buildEvalReport(
      arm.ids.flatMap((id) => runs.results.get(id) ?? []),
      PROMPT,
    );
    return Number(/\| extraction@1 \| +\$([\d.]+) \|/.exec(formatEvalSummary([report]))?.[1]);
  },
  "pnpm eval HTML cost by stage": (runs, arm) =>
    evalReportView(
      buildEvalReport(
        arm.ids.flatMap((id) => runs.results.get(id) ?? []),
        PROMPT,
      ),
    )
      .stageCosts.filter((point) => point.stage !== "judging")
      .reduce((sum, point) => sum + point.usdPerSession, 0),
  "run history": (runs, arm) => {
    const report = buildEvalReport(
      arm.ids.flatMap((id) => runs.results.get(id) ?? []),
      PROMPT,
    );
    const run = { commit: "abc1234", date: "2026-12-06T00:00:00Z" };
    return summarizeRun(evalReportView(report), run).costPerSession[MODEL] ?? Number.NaN;
  },
  "A/B cell": (runs, arm) =>
    summarizeAb(promptfooOutput(runs, arm.ids)).cells[0]?.meanSessionUsd ?? Number.NaN,
  "A/B HTML cost by stage": (runs, arm) =>
    abReportView(summarizeAb(promptfooOutput(runs, arm.ids))).stageCosts.reduce(
      (sum, point) => sum + point.usdPerSession,
      0,
    ),
  "promptfoo usd_per_session": (runs, arm) => promptfooUsdPerSession(runs, arm.ids),
  "A/B memory-tool arm": (runs, arm) =>
    summarizeAb(promptfooOutput(runs, ALL)).memoryToolArm?.find((row) => row.arm === arm.name)
      ?.usdPerSession ?? Number.NaN,
};

// Replays 6 scenarios (every recorded epoch) twice, through the runner and through promptfoo's
// provider: a hang guard on a busy 2-core machine, not a speed check.
describe("every cost per session is the one rule's (session-costs.ts), on the same recordings", {
  timeout: 300_000,
}, () => {
  let replayed: Promise<Runs> | undefined;
  const replay = () => {
    replayed ??= (async () => {
      const runs: Runs = { results: new Map(), metadata: new Map() };
      const provider = new ScenarioProvider({ config: { model: MODEL } });
      for (const id of ALL) {
        const options = {
          scenarioId: id,
          model: MODEL,
          extractionPrompt: PROMPT,
          mode: "replay" as const,
          recordingsDir: DEFAULT_RECORDINGS_DIR,
          scenariosDir: DEFAULT_SCENARIOS_DIR,
        };
        runs.results.set(id, await runScenarioEpochs(options));
        const response = await provider.callApi(PROMPT, {
          vars: { scenario: id },
          prompt: { raw: PROMPT, label: PROMPT },
        });
        runs.metadata.set(id, response.metadata as ScenarioMetadata);
      }
      return runs;
    })();
    return replayed;
  };

  it.each(ARMS)("$name arm: every surface prints the rule's USD per session", async (arm) => {
    const runs = await replay();
    const results = arm.ids.flatMap((id) => runs.results.get(id) ?? []);
    expect(results.every((result) => result.error === undefined)).toBe(true);
    const rule = meanUsdPerSession(results.map((result) => runSessionCostOf(result)));
    expect(rule).toBeGreaterThan(0);
    const figures: Record<string, string> = {};
    for (const [name, surface] of Object.entries(SURFACES)) {
      figures[name] = (await surface(runs, arm)).toFixed(6);
    }
    expect(figures).toEqual(
      Object.fromEntries(Object.keys(SURFACES).map((name) => [name, rule?.toFixed(6)])),
    );
  });
});
