import { costOf, type ModelUsage } from "@memfiles/core";
import { roundUsd, type Stage, sumUsage, ZERO_USAGE } from "@memfiles/core/internal";
import { checksPass } from "../graders/index.js";
import type { Provenance, ScenarioResult, StageResult } from "../runner/types.js";
import { wilsonInterval } from "../statistics/index.js";
import {
  countProvenance,
  describeProvenance,
  type ProvenanceCount,
} from "./describe-provenance.js";
import type { RunCounts } from "./run-counts.js";

/** The check row name of a broken run. */
export const BROKEN_CHECK = "(run)";

/** One check of one scenario, across the models run. */
export type CheckRow = {
  scenarioId: string;
  /** Grader name with its arguments, or `(run)` for a broken run. */
  check: string;
  /**
   * Model id -> outcome over the cell's epochs; absent when no run of the model reached this
   * check. `pass` only when every epoch that reached it passed; `reason` the first failing epoch's
   * (prefixed `epoch n:` when the cell has several); `passes` / `epochs` count the epochs that
   * reached the check.
   */
  outcomes: Record<string, { pass: boolean; reason: string; passes?: number; epochs?: number }>;
};

/**
 * One cell (scenario x model, for this report's prompt) over its epochs: how many passed, the
 * 95% Wilson interval of its pass rate, and the cell's verdict.
 */
export type CellRow = {
  scenarioId: string;
  model: string;
  epochs: number;
  passes: number;
  /** Epochs whose run broke (a missing recording...); any one fails the cell. */
  broken: number;
  /** 95% Wilson interval of passes / epochs, `[low, high]` in [0, 1]. */
  interval: [number, number];
  /** The share of epochs that must pass (the scenario's `minPassRate`; 1 when it sets none). */
  minPassRate: number;
  /** Whether the cell passes: no broken epoch and passes / epochs >= minPassRate. */
  pass: boolean;
  /** Notes of the recordings (what an authored epoch reproduces), by epoch. */
  notes: { epoch: number; note: string }[];
  /** Its epochs by provenance source (`countProvenance`); more than one entry is a mixed cell. */
  provenance: ProvenanceCount[];
};

/** One arm (a model, for this report's prompt): every epoch of every cell it ran. */
export type ArmRow = {
  model: string;
  cells: number;
  epochs: number;
  passes: number;
  /** 95% Wilson interval of passes / epochs. */
  interval: [number, number];
  /** Its epochs by provenance source (`countProvenance`). */
  provenance: ProvenanceCount[];
};

/**
 * One answer where the judge (`expect.answer.judge`) and the keyword answer checks
 * (`mentions_any`, `mentions_none`, `no_narration`, `no_question_back`, `no_unrelated_memory`)
 * reach different verdicts: one of the two is wrong, and a reader should look at the answer.
 */
export type JudgeDisagreementRow = {
  scenarioId: string;
  model: string;
  epoch: number;
  /** The judge's verdict and reason. */
  judge: { pass: boolean; reason: string };
  /** Whether every keyword answer check passed, and the failed ones' reasons. */
  keywords: { pass: boolean; failed: string[] };
};

/** What the report adds to each result: its cell's epoch counts and interval. */
export type EpochFigures = {
  /** 1-based epoch of this result. */
  epoch: number;
  /** Epochs of the result's cell. */
  epochs: number;
  /** Passing epochs of the result's cell. */
  passes: number;
  /** 95% Wilson interval of the cell's pass rate. */
  interval: [number, number];
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
  /** The model that ran the calls (a side query or a judge runs on its own model). */
  model: string;
  /** The scenario run's model, when it is not `model` (a side query, a judge call). */
  runModel?: string;
  /** 1-based epoch of the run; absent for epoch 1. */
  epoch?: number;
  session: number | "question";
  /** The stage, or `judging` for the judge's call (`expect.answer.judge`). */
  stage: Stage | "judging";
};

/**
 * One session's write pass priced both ways, side by side: the same tokens at the Messages API
 * rate and at the Message Batches rate (every part at 50%, cache writes and reads included). USD.
 */
export type WriteRateRow = {
  scenarioId: string;
  model: string;
  session: number | "question";
  sync: number;
  batch: number;
};

/** The cost of one scenario run (scenario x model). */
export type ScenarioCostRow = CostFigures & {
  scenarioId: string;
  model: string;
  /** 1-based epoch of the run; absent for epoch 1. */
  epoch?: number;
};

/** The cost of every scenario on one model, with its runs by provenance source. */
export type ModelCostRow = CostFigures & { model: string; provenance: ProvenanceCount[] };

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
  /**
   * The run's counts (see `RunCounts`): `cells` (scenario x model for this prompt, over its
   * epochs), of which `passedCells` met their pass rate, `failedCells` did not and `brokenCells`
   * had a broken epoch; `epochs` / `passedEpochs` count every sample.
   */
  summary: RunCounts & { failedCells: number; brokenCells: number };
  models: string[];
  /** Every cell with its epochs, passes, interval and verdict, in run order. */
  cells: CellRow[];
  /** How many answers a judge graded, and where it and the keyword checks disagree. */
  judged: { answers: number; disagreements: JudgeDisagreementRow[] };
  /** Every model's epochs over all cells, with its interval. */
  arms: ArmRow[];
  checks: CheckRow[];
  sessionCosts: SessionCostRow[];
  scenarioCosts: ScenarioCostRow[];
  modelCosts: ModelCostRow[];
  broken: BrokenRun[];
  /** Refused proposals and rewrites of the runs that did not pass. */
  refused: RefusedRow[];
  cacheWarnings: CacheWarningRow[];
  /** Every write pass at the sync and the batch rate. */
  writeRates: WriteRateRow[];
  results: (ScenarioResult & EpochFigures)[];
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
 * Builds the eval report from scenario results: the scenario x check table (one column per
 * model), the cost per session and stage, totals per scenario and model, per model, the broken
 * runs and the provenance of the recordings.
 *
 * @param results - One `ScenarioResult` per scenario x model, in run order.
 * @param extractionPrompt - The extraction prompt of the runs, e.g. `extraction@1`.
 * @returns The `EvalReport` (USD rounded to 1e-9).
 * @example const report = buildEvalReport(results, "extraction@1"); report.summary.failedCells === 0;
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
  const cells = cellsOf(results);
  const cellEpochsOf = new Map(cells.map((cell) => [cellKey(cell), cell.epochs]));

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
    const several = (cellEpochsOf.get(cellKey(result)) ?? 1) > 1;
    const epochOf = result.epoch ?? 1;
    const record = (found: CheckRow, pass: boolean, reason: string) => {
      const before = found.outcomes[result.model];
      const prefixed = several && !pass ? `epoch ${epochOf}: ${reason}` : reason;
      if (before === undefined) {
        found.outcomes[result.model] = {
          pass,
          reason: prefixed,
          ...(several ? { passes: pass ? 1 : 0, epochs: 1 } : {}),
        };
        return;
      }
      found.outcomes[result.model] = {
        pass: before.pass && pass,
        reason: before.pass && !pass ? prefixed : before.reason,
        passes: (before.passes ?? 0) + (pass ? 1 : 0),
        epochs: (before.epochs ?? 0) + 1,
      };
    };
    if (result.error) {
      record(
        row(result.scenarioId, BROKEN_CHECK),
        false,
        `BROKEN ${result.error.name}: ${result.error.message.split("\n")[0] ?? ""}`,
      );
      broken.push({ scenarioId: result.scenarioId, model: result.model, ...result.error });
    }
    for (const check of result.checks) {
      record(row(result.scenarioId, check.name), check.pass, check.reason);
    }
    const groups = new Map<string, SessionCostRow & { usages: ModelUsage[]; prices: number[] }>();
    for (const call of result.calls) {
      const id = `${call.session}\u0000${call.stage}\u0000${call.model}`;
      const group = groups.get(id) ?? {
        scenarioId: result.scenarioId,
        model: call.model,
        ...(call.model === result.model ? {} : { runModel: result.model }),
        ...(result.epoch === undefined ? {} : { epoch: result.epoch }),
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
      ...(result.epoch === undefined ? {} : { epoch: result.epoch }),
      ...figures(
        result.calls.map((call) => call.usage),
        result.calls.map((call) => call.usd),
      ),
    });
  }
  const modelCosts = models.map((model) => {
    const own = results.filter((result) => result.model === model);
    const calls = own.flatMap((result) => result.calls);
    return {
      model,
      provenance: countProvenance(own.map((result) => result.provenance)),
      ...figures(
        calls.map((call) => call.usage),
        calls.map((call) => call.usd),
      ),
    };
  });
  const byCell = new Map(cells.map((cell) => [cellKey(cell), cell]));
  const passedCells = cells.filter((cell) => cell.pass).length;
  const brokenCells = cells.filter((cell) => cell.broken > 0).length;
  return {
    extractionPrompt,
    provenance: [...provenance.keys()].sort().map((key) => provenance.get(key) as Provenance),
    summary: {
      cells: cells.length,
      passedCells,
      failedCells: cells.length - passedCells - brokenCells,
      brokenCells,
      epochs: results.length,
      passedEpochs: results.filter(epochPassed).length,
    },
    models,
    cells,
    judged: judgedOf(results),
    arms: models.map((model) => {
      const own = cells.filter((cell) => cell.model === model);
      const epochs = own.reduce((sum, cell) => sum + cell.epochs, 0);
      const passes = own.reduce((sum, cell) => sum + cell.passes, 0);
      return {
        model,
        cells: own.length,
        epochs,
        passes,
        interval: wilsonInterval(passes, epochs),
        provenance: countProvenance(
          results.filter((result) => result.model === model).map((result) => result.provenance),
        ),
      };
    }),
    checks: [...checks.values()],
    sessionCosts,
    scenarioCosts,
    modelCosts,
    broken,
    refused: results.flatMap((result) =>
      epochPassed(result)
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
    results: results.map((result) => {
      const cell = byCell.get(cellKey(result)) as CellRow;
      return {
        ...result,
        epoch: result.epoch ?? 1,
        epochs: cell.epochs,
        passes: cell.passes,
        interval: cell.interval,
      };
    }),
  };
}

/**
 * Formats a pass count with its rate and 95% interval, as every report prints it.
 *
 * @param passes - Passing epochs.
 * @param epochs - Epochs run.
 * @param interval - `[low, high]` from `wilsonInterval`.
 * @returns e.g. `4/5 (80%, 95% CI 38-96%)`.
 * @example formatInterval(4, 5, [0.3755, 0.9638]) // "4/5 (80%, 95% CI 38-96%)"
 */
export function formatInterval(passes: number, epochs: number, interval: [number, number]): string {
  const percent = (value: number) => `${Math.round(value * 100)}`;
  const rate = epochs === 0 ? "-" : `${percent(passes / epochs)}%`;
  return `${passes}/${epochs} (${rate}, 95% CI ${percent(interval[0])}-${percent(interval[1])}%)`;
}

/** Check-name prefixes of the keyword answer checks, compared with the judge. */
const KEYWORD_ANSWER_CHECKS = [
  "mentions_any(",
  "mentions_none(",
  "no_narration",
  "no_question_back",
  "no_unrelated_memory",
];

function judgedOf(results: ScenarioResult[]): EvalReport["judged"] {
  let answers = 0;
  const disagreements: JudgeDisagreementRow[] = [];
  for (const result of results) {
    const judge = result.checks.find((check) => check.name.startsWith("judge("));
    if (judge === undefined) continue;
    answers += 1;
    const keywords = result.checks.filter((check) =>
      KEYWORD_ANSWER_CHECKS.some((prefix) => check.name.startsWith(prefix)),
    );
    if (keywords.length === 0) continue;
    const failed = keywords.filter((check) => !check.pass);
    if (judge.pass === (failed.length === 0)) continue;
    disagreements.push({
      scenarioId: result.scenarioId,
      model: result.model,
      epoch: result.epoch ?? 1,
      judge: { pass: judge.pass, reason: judge.reason },
      keywords: {
        pass: failed.length === 0,
        failed: failed.map((check) => `${check.name}: ${check.reason}`),
      },
    });
  }
  return { answers, disagreements };
}

/**
 * Whether one epoch passed: it did not break, the runner passed it, and it graded at least one
 * check (the graders' one verdict rule, `checksPass`), so a result that checked nothing never
 * counts as a passing epoch.
 *
 * @param result - One scenario run (one epoch of a cell).
 * @returns `true` when the epoch passed.
 * @example epochPassed({ ...result, checks: [] }) // false
 */
export function epochPassed(result: Pick<ScenarioResult, "pass" | "error" | "checks">): boolean {
  return result.error === undefined && result.pass && checksPass(result.checks);
}

function cellKey(cell: { scenarioId: string; model: string }): string {
  return `${cell.scenarioId}\u0000${cell.model}`;
}

/**
 * The cells of a run, in run order: a cell passes when no epoch broke and its pass rate reaches
 * the scenario's `minPassRate` (default 1: every epoch).
 */
function cellsOf(results: ScenarioResult[]): CellRow[] {
  const cells = new Map<string, CellRow>();
  for (const result of results) {
    const key = cellKey(result);
    const cell = cells.get(key) ?? {
      scenarioId: result.scenarioId,
      model: result.model,
      epochs: 0,
      passes: 0,
      broken: 0,
      interval: [0, 1] as [number, number],
      minPassRate: result.minPassRate ?? 1,
      pass: false,
      notes: [],
      provenance: [],
    };
    cell.epochs += 1;
    if (epochPassed(result)) cell.passes += 1;
    if (result.error) cell.broken += 1;
    if (result.recordingNote !== undefined) {
      cell.notes.push({ epoch: result.epoch ?? 1, note: result.recordingNote });
    }
    cells.set(key, cell);
  }
  for (const cell of cells.values()) {
    cell.provenance = countProvenance(
      results
        .filter((result) => cellKey(result) === cellKey(cell))
        .map((result) => result.provenance),
    );
    cell.interval = wilsonInterval(cell.passes, cell.epochs);
    // Rates compared as counts, so 4 of 5 meets 0.8 without a rounding question.
    cell.pass =
      cell.broken === 0 && cell.passes >= Math.ceil(cell.minPassRate * cell.epochs - 1e-9);
  }
  return [...cells.values()];
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
