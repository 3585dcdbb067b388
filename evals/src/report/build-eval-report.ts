import { costOf, type ModelUsage } from "@memfiles/core";
import { roundUsd, type Stage, sumUsage, ZERO_USAGE } from "@memfiles/core/internal";
import type { Provenance, ScenarioResult, StageResult } from "../runner/types.js";

/** The check row name of a broken run. */
export const BROKEN_CHECK = "(run)";

/** One check of one scenario, across the models run. */
export type CheckRow = {
  scenarioId: string;
  /** Grader name with its arguments, or `(run)` for a broken run. */
  check: string;
  /** Model id -> outcome; absent when the model's run did not reach this check. */
  outcomes: Record<string, { pass: boolean; reason: string }>;
};

/** Token and USD figures of a group of calls. Tokens; `cacheWrite` is 5-minute plus 1-hour. */
export type CostFigures = {
  calls: number;
  input: number;
  output: number;
  /** Of `output`, thinking tokens (`output_tokens_details.thinking_tokens`; 0 when not reported). */
  thinking: number;
  cacheWrite: number;
  cacheRead: number;
  /** USD, from core's price table (`costOf`). */
  usd: number;
};

/** The cost of one stage of one session of one scenario run. */
export type SessionCostRow = CostFigures & {
  scenarioId: string;
  model: string;
  session: number | "question";
  stage: Stage;
};

/**
 * One session's write pass priced both ways, side by side: the same tokens at the Messages API
 * rate and at the Message Batches rate (input and output at 50%; cache parts unchanged). USD.
 */
export type WriteRateRow = {
  scenarioId: string;
  model: string;
  session: number | "question";
  sync: number;
  batch: number;
};

/** The cost of one scenario run (scenario x model). */
export type ScenarioCostRow = CostFigures & { scenarioId: string; model: string };

/** The cost of every scenario on one model. */
export type ModelCostRow = CostFigures & { model: string };

/** A run that broke (missing recording, thrown error), reported apart from failed grades. */
export type BrokenRun = { scenarioId: string; model: string; name: string; message: string };

/**
 * A proposal or a rewrite that code refused, in a run that did not pass, read from the stage
 * results the runner keeps: why a scenario failed is often a refusal upstream of the check.
 */
export type RefusedRow = {
  scenarioId: string;
  model: string;
  session: number;
  stage: "write" | "consolidate";
  /** The refusal's snake_case code, e.g. `evidence_not_found`, `grew`. */
  code: string;
  /** The memory path the proposal or rewrite was for. */
  path: string;
  /** The proposed fact (write stage only). */
  fact?: string;
  message: string;
};

/** A cached prefix too short to be cached, on one model (distinct by model and breakpoint). */
export type CacheWarningRow = {
  model: string;
  breakpoint: string;
  /** Estimated tokens of the prefix (the largest seen). */
  tokens: number;
  /** The model's minimum cacheable length, tokens. */
  minimum: number;
  /** Scenarios where it was seen. */
  scenarios: string[];
};

/** What `pnpm eval` prints and writes as JSON. */
export type EvalReport = {
  extractionPrompt: string;
  /** The distinct provenances of the recordings used. */
  provenance: Provenance[];
  summary: { runs: number; passed: number; failed: number; broken: number };
  models: string[];
  checks: CheckRow[];
  sessionCosts: SessionCostRow[];
  scenarioCosts: ScenarioCostRow[];
  modelCosts: ModelCostRow[];
  broken: BrokenRun[];
  /** Refused proposals and rewrites of the runs that did not pass. */
  refused: RefusedRow[];
  cacheWarnings: CacheWarningRow[];
  /** Every write pass at the sync and the batch rate (issue 18). */
  writeRates: WriteRateRow[];
  results: ScenarioResult[];
};

function figures(usages: ModelUsage[], usd: number[]): CostFigures {
  const usage = sumUsage(ZERO_USAGE, ...usages);
  return {
    calls: usages.length,
    input: usage.input,
    output: usage.output,
    thinking: usage.thinking ?? 0,
    cacheWrite: usage.cacheWrite5m + usage.cacheWrite1h,
    cacheRead: usage.cacheRead,
    usd: roundUsd(usd.reduce((total, value) => total + value, 0)),
  };
}

/**
 * Describes a recording's provenance in one line, as reports print it.
 *
 * @param provenance - From a `ScenarioResult`.
 * @returns e.g. `recorded from claude-haiku-4-5 on 2026-11-29` or `authored (usage estimated: …)`.
 * @example describeProvenance({ kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-29" })
 */
export function describeProvenance(provenance: Provenance): string {
  return provenance.kind === "recorded"
    ? `recorded from the API (${provenance.model}, ${provenance.date})`
    : `authored by hand (usage estimated: ${provenance.usageMethod})`;
}

/**
 * Builds the eval report from scenario results: the scenario x check table (one column per
 * model), the cost per session and stage, totals per scenario and model, per model, the broken
 * runs and the provenance of the recordings.
 *
 * @param results - One `ScenarioResult` per scenario x model, in run order.
 * @param extractionPrompt - The extraction prompt of the runs, e.g. `extraction@1`.
 * @returns The `EvalReport` (USD rounded to 1e-9).
 * @example const report = buildEvalReport(results, "extraction@1"); report.summary.failed === 0;
 */
export function buildEvalReport(results: ScenarioResult[], extractionPrompt: string): EvalReport {
  const models = [...new Set(results.map((result) => result.model))];
  const checks = new Map<string, CheckRow>();
  const row = (scenarioId: string, check: string) => {
    const id = `${scenarioId}\u0000${check}`;
    const found = checks.get(id) ?? { scenarioId, check, outcomes: {} };
    checks.set(id, found);
    return found;
  };
  const sessionCosts: SessionCostRow[] = [];
  const writeRates: WriteRateRow[] = [];
  const scenarioCosts: ScenarioCostRow[] = [];
  const broken: BrokenRun[] = [];
  const provenance = new Map<string, Provenance>();
  const warnings = new Map<string, CacheWarningRow>();

  for (const result of results) {
    for (const item of result.provenance) provenance.set(describeProvenance(item), item);
    for (const warning of result.cacheWarnings ?? []) {
      const id = `${result.model}\u0000${warning.breakpoint}`;
      const found = warnings.get(id) ?? {
        model: result.model,
        breakpoint: warning.breakpoint,
        tokens: 0,
        minimum: warning.minimum,
        scenarios: [],
      };
      found.tokens = Math.max(found.tokens, warning.tokens);
      if (!found.scenarios.includes(result.scenarioId)) found.scenarios.push(result.scenarioId);
      warnings.set(id, found);
    }
    if (result.error) {
      row(result.scenarioId, BROKEN_CHECK).outcomes[result.model] = {
        pass: false,
        reason: `BROKEN ${result.error.name}: ${result.error.message.split("\n")[0] ?? ""}`,
      };
      broken.push({ scenarioId: result.scenarioId, model: result.model, ...result.error });
    }
    for (const check of result.checks) {
      row(result.scenarioId, check.name).outcomes[result.model] = {
        pass: check.pass,
        reason: check.reason,
      };
    }
    const groups = new Map<string, SessionCostRow & { usages: ModelUsage[]; prices: number[] }>();
    for (const call of result.calls) {
      const id = `${call.session}\u0000${call.stage}`;
      const group = groups.get(id) ?? {
        scenarioId: result.scenarioId,
        model: result.model,
        session: call.session,
        stage: call.stage,
        ...figures([], []),
        usages: [],
        prices: [],
      };
      group.usages.push(call.usage);
      group.prices.push(call.usd);
      groups.set(id, group);
    }
    for (const { usages, prices, ...group } of groups.values()) {
      sessionCosts.push({ ...group, ...figures(usages, prices) });
    }
    for (const call of result.calls.filter((each) => each.stage === "write")) {
      const sync = costOf(call.usage, call.model).usd;
      const batch = costOf(call.usage, call.model, undefined, {
        modifiers: { serviceTier: "batch" },
      }).usd;
      writeRates.push({
        scenarioId: result.scenarioId,
        model: result.model,
        session: call.session,
        sync,
        batch,
      });
    }
    scenarioCosts.push({
      scenarioId: result.scenarioId,
      model: result.model,
      ...figures(
        result.calls.map((call) => call.usage),
        result.calls.map((call) => call.usd),
      ),
    });
  }
  const modelCosts = models.map((model) => {
    const calls = results
      .filter((result) => result.model === model)
      .flatMap((result) => result.calls);
    return {
      model,
      ...figures(
        calls.map((call) => call.usage),
        calls.map((call) => call.usd),
      ),
    };
  });
  const passed = results.filter((result) => result.pass).length;
  return {
    extractionPrompt,
    provenance: [...provenance.keys()].sort().map((key) => provenance.get(key) as Provenance),
    summary: {
      runs: results.length,
      passed,
      failed: results.filter((result) => !result.pass && !result.error).length,
      broken: broken.length,
    },
    models,
    checks: [...checks.values()],
    sessionCosts,
    scenarioCosts,
    modelCosts,
    broken,
    refused: results.flatMap((result) =>
      result.pass
        ? []
        : result.stages.flatMap((stage) =>
            refusalsOf(stage).map((refusal) => ({
              scenarioId: result.scenarioId,
              model: result.model,
              session: stage.session,
              stage: stage.stage === "consolidate-facts" ? ("consolidate" as const) : stage.stage,
              ...refusal,
            })),
          ),
    ),
    cacheWarnings: [...warnings.values()],
    writeRates,
    results,
  };
}

type Refusal = Pick<RefusedRow, "code" | "path" | "fact" | "message">;

/** The refusals in one stage's result: rejected proposals, and refused consolidations. */
function refusalsOf(stage: StageResult): Refusal[] {
  if (stage.stage === "consolidate-facts") {
    return stage.result.ran
      ? stage.result.refused.map((refusal) => ({
          code: refusal.code,
          path: refusal.merge.keep,
          message: refusal.message,
        }))
      : [];
  }
  const consolidations = stage.stage === "write" ? stage.result.consolidated : stage.result.results;
  return [
    ...(stage.stage === "write"
      ? stage.result.rejected.map((rejected) => ({
          code: rejected.code,
          path: rejected.proposal.file,
          fact: rejected.proposal.fact,
          message: rejected.message,
        }))
      : []),
    ...consolidations.flatMap((consolidation) =>
      consolidation.ok
        ? []
        : [{ code: consolidation.code, path: consolidation.path, message: consolidation.message }],
    ),
  ];
}
