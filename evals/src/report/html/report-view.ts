import type { ConsolidateFactsResult } from "@memfiles/core/internal";
import { meanUsdPerSession, runSessionCostOf, sessionCostTotals } from "../../ab/session-costs.js";
import type { AbSummaryResult } from "../../ab/summary.js";
import type { ScenarioResult, StageResult } from "../../runner/types.js";
import type { CacheWarningRow, EvalReport, WriteRateRow } from "../build-eval-report.js";
import {
  describeProvenance,
  type ProvenanceCount,
  type ProvenanceKind,
  provenanceKinds,
} from "../describe-provenance.js";
import { type RunCounts, sumRunCounts } from "../run-counts.js";

export type { ProvenanceKind };

/** How one scenario ended on one model with one extraction prompt. */
export type MatrixOutcome = "pass" | "fail" | "error";

/** One cell of the pass matrix: scenario x model x prompt. */
export type MatrixCell = {
  scenarioId: string;
  model: string;
  prompt: string;
  outcome: MatrixOutcome;
  /** The failed checks or the error; "" on a pass. */
  reason: string;
  provenance: ProvenanceKind[];
  /**
   * Its epochs by provenance source (`countProvenance`), part of the cell's identity when runs
   * are compared; absent where the run keeps no per-epoch provenance (the A/B).
   */
  sources?: ProvenanceCount[];
  /** With several epochs: how many passed of how many, and the 95% Wilson interval. */
  epochs?: { passes: number; epochs: number; interval: [number, number] };
  /**
   * What the cell cost as the cost per session counts it (`sessionCostTotals`: its first epoch,
   * unless broken): USD and the sessions priced. The history compares runs by it.
   */
  cost?: { usd: number; sessions: number };
};

/**
 * The stages a cost chart shows: the memory stages, then `judging`, the judge's calls
 * (`expect.answer.judge`), a cost of the eval, not of memory, so it is kept out of the cost per
 * session the history compares.
 */
export const COST_STAGES = ["write", "consolidate", "chat", "recall", "judging"] as const;

/** Mean USD per session of one stage, on one model with one prompt. */
export type StageCostPoint = {
  model: string;
  prompt: string;
  stage: (typeof COST_STAGES)[number];
  /** USD per session (the final question counts as a session), from core's price table. */
  usdPerSession: number;
  provenance: ProvenanceKind[];
};

/** A proposal with its verdict, or a consolidation with its kept / dropped accounting. */
export type VerdictRow = {
  session: number;
  stage: "write" | "consolidate";
  /** `applied`, `consolidated`, `unchanged`, or the refusal's snake_case code. */
  code: string;
  refused: boolean;
  /** The memory path the proposal or rewrite was for. */
  path: string;
  /** Write: the proposed fact. Consolidate: `kept N of M chars, dropped K lines`. */
  text: string;
  /** Write: the evidence quoted, or why it was refused. Consolidate: each dropped line with its reason. */
  detail: string[];
};

/** A memory tool call of one `chat()` reply. */
export type ToolCallRow = {
  session: number | "question";
  name: string;
  input: string;
  result: string;
  isError: boolean;
};

/** What one scenario run did, shown under its matrix cell. */
export type RunDetail = {
  scenarioId: string;
  model: string;
  prompt: string;
  outcome: MatrixOutcome;
  failedChecks: { name: string; reason: string }[];
  /** The model's final answer text ("" when the scenario asks no question or the run broke). */
  answer: string;
  verdicts: VerdictRow[];
  toolCalls: ToolCallRow[];
};

/** One session's write pass at the sync and the batch rate, with its extraction prompt. USD. */
export type WriteRatePoint = WriteRateRow & { prompt: string };

/** Everything the HTML report shows about one run of `pnpm eval` or `pnpm eval:ab`. */
export type ReportView = {
  title: string;
  command: "eval" | "ab";
  cells: MatrixCell[];
  stageCosts: StageCostPoint[];
  cacheWarnings: CacheWarningRow[];
  /** Every write pass at the sync and the batch rate (`pnpm eval`; the A/B keeps no calls). */
  writeRates: WriteRatePoint[];
  /** One line per distinct recording provenance, e.g. `recorded from the API (…)`. */
  provenanceNotes: string[];
  /** Cells and epochs, passed and run: the verdict's figures, the same as the terminal's. */
  counts: RunCounts;
  details: RunDetail[];
};

function outcomeOf(result: ScenarioResult): MatrixOutcome {
  return result.error ? "error" : result.pass ? "pass" : "fail";
}

/** The fact layout's consolidation as verdicts: each applied merge (`merged`) and refused one. */
function factMergeVerdicts(session: number, result: ConsolidateFactsResult): VerdictRow[] {
  if (!result.ran) return [];
  return [
    ...result.merged.map((merge) => ({
      session,
      stage: "consolidate" as const,
      code: "merged",
      refused: false,
      path: merge.keep,
      text: `kept ${merge.charsAfter} of ${merge.charsBefore} chars, dropped ${merge.dropped.length} files`,
      detail: merge.dropped.map((item) => `${item.reason}: ${item.file}`),
    })),
    ...result.refused.map((refusal) => ({
      session,
      stage: "consolidate" as const,
      code: refusal.code,
      refused: true,
      path: refusal.merge.keep,
      text: refusal.message,
      detail: [],
    })),
  ];
}

/** The verdicts of one stage result: applied and refused proposals, consolidations. */
function verdictsOf(stage: StageResult): VerdictRow[] {
  const base = { session: stage.session };
  if (stage.stage === "consolidate-facts") return factMergeVerdicts(stage.session, stage.result);
  const consolidations =
    stage.stage === "write"
      ? stage.result.consolidated.map((item) =>
          item.ok
            ? {
                ok: true as const,
                code: item.code,
                path: item.path,
                before: item.charsBefore,
                after: item.charsAfter,
                dropped: item.dropped,
              }
            : {
                ok: false as const,
                code: item.code,
                path: item.path,
                message: item.message,
              },
        )
      : stage.result.results.map((item) =>
          item.ok
            ? {
                ok: true as const,
                code: item.code,
                path: item.path,
                before: item.before,
                after: item.after,
                dropped: item.dropped,
              }
            : { ok: false as const, code: item.code, path: item.path, message: item.message },
        );
  return [
    ...(stage.stage === "write"
      ? [
          ...stage.result.applied.map((applied) => ({
            ...base,
            stage: "write" as const,
            code: applied.code,
            refused: false,
            path: applied.path,
            text: applied.proposal.fact,
            detail: [`evidence: ${applied.proposal.evidence}`],
          })),
          ...stage.result.rejected.map((rejected) => ({
            ...base,
            stage: "write" as const,
            code: rejected.code,
            refused: true,
            path: rejected.proposal.file,
            text: rejected.proposal.fact,
            detail: [rejected.message],
          })),
        ]
      : []),
    ...consolidations.map((item) => ({
      ...base,
      stage: "consolidate" as const,
      code: item.code,
      refused: !item.ok,
      path: item.path,
      text: item.ok
        ? `kept ${item.after} of ${item.before} chars, dropped ${item.dropped.length} lines`
        : item.message,
      detail: item.ok
        ? item.dropped.map(
            (line) => `${line.reason}: ${line.line}${line.by ? ` (by ${line.by})` : ""}`,
          )
        : [],
    })),
  ];
}

function detailOf(result: ScenarioResult): RunDetail {
  return {
    scenarioId: result.scenarioId,
    model: result.model,
    prompt: result.extractionPrompt,
    outcome: outcomeOf(result),
    failedChecks: [
      ...(result.error ? [{ name: result.error.name, reason: result.error.message }] : []),
      ...result.checks
        .filter((check) => !check.pass)
        .map((check) => ({ name: check.name, reason: check.reason })),
    ],
    answer: result.answer,
    verdicts: result.stages.flatMap(verdictsOf),
    toolCalls: (result.toolCalls ?? []).flatMap((reply) =>
      reply.toolCalls.map((call) => ({
        session: reply.session,
        name: call.name,
        input: JSON.stringify(call.input),
        result: call.result,
        isError: call.isError,
      })),
    ),
  };
}

/** A cell's USD and sessions as the cost per session counts them (`meanUsdPerSession`). */
function cellCost(
  report: EvalReport,
  cell: { scenarioId: string; model: string },
): { usd: number; sessions: number } {
  const { usd, sessions } = sessionCostTotals(
    report.results
      .filter((result) => result.scenarioId === cell.scenarioId && result.model === cell.model)
      .map((result) => runSessionCostOf(result)),
  );
  return { usd: Math.round(usd * 1e9) / 1e9, sessions };
}

/**
 * Builds the HTML report's view of a `pnpm eval` run: the pass matrix, the mean USD per session
 * by model and stage, cache warnings, provenance, and per run its proposals with their verdicts,
 * its consolidations' kept / dropped accounting and its chat tool calls.
 *
 * @param report - From `buildEvalReport`.
 * @returns The `ReportView` (USD per session).
 * @example const view = evalReportView(buildEvalReport(results, "extraction@1"));
 */
export function evalReportView(report: EvalReport): ReportView {
  const stageCosts: StageCostPoint[] = [];
  for (const model of report.models) {
    const results = report.results.filter((result) => result.model === model);
    const provenance = provenanceKinds(results.flatMap((result) => result.provenance));
    const stages = COST_STAGES.filter(
      (stage) =>
        ["write", "consolidate", "chat"].includes(stage) ||
        report.sessionCosts.some((row) => row.stage === stage),
    );
    for (const stage of stages) {
      const usd = meanUsdPerSession(results.map((result) => runSessionCostOf(result, stage)));
      stageCosts.push({
        model,
        prompt: report.extractionPrompt,
        stage,
        usdPerSession: Math.round((usd ?? 0) * 1e9) / 1e9,
        provenance,
      });
    }
  }
  return {
    title: `pnpm eval — ${report.extractionPrompt}`,
    command: "eval",
    cells: report.cells.map((cell) => {
      const results = report.results.filter(
        (result) => result.scenarioId === cell.scenarioId && result.model === cell.model,
      );
      const several = cell.epochs > 1;
      return {
        scenarioId: cell.scenarioId,
        model: cell.model,
        prompt: report.extractionPrompt,
        outcome: cell.broken > 0 ? "error" : cell.pass ? "pass" : "fail",
        reason: results
          .flatMap((result) => {
            const epoch = several ? `epoch ${result.epoch}: ` : "";
            return result.error
              ? [`${epoch}${result.error.name}: ${result.error.message}`]
              : result.checks
                  .filter((check) => !check.pass)
                  .map((check) => `${epoch}${check.name}: ${check.reason}`);
          })
          .join("; "),
        provenance: provenanceKinds(results.flatMap((result) => result.provenance)),
        sources: cell.provenance,
        cost: cellCost(report, cell),
        ...(several
          ? { epochs: { passes: cell.passes, epochs: cell.epochs, interval: cell.interval } }
          : {}),
      };
    }),
    stageCosts,
    cacheWarnings: report.cacheWarnings,
    writeRates: report.writeRates.map((row) => ({ ...row, prompt: report.extractionPrompt })),
    provenanceNotes: report.provenance.map(describeProvenance),
    details: report.results.map(detailOf),
    counts: {
      cells: report.summary.cells,
      passedCells: report.summary.passedCells,
      epochs: report.summary.epochs,
      passedEpochs: report.summary.passedEpochs,
    },
  };
}

/**
 * Builds one HTML report view of a `pnpm eval` run over several extraction prompts: each prompt's
 * view (see {@link evalReportView}) side by side, so the pass matrix is scenario x model x prompt.
 *
 * @param reports - From `buildEvalReport`, one per prompt, in prompt order (at least one).
 * @returns The `ReportView` (USD per session, by model and prompt).
 * @example const view = evalReportsView([report1, report2]);
 */
export function evalReportsView(reports: readonly EvalReport[]): ReportView {
  const views = reports.map(evalReportView);
  const unique = <T>(items: T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  return {
    title: `pnpm eval — ${reports.map((report) => report.extractionPrompt).join(", ")}`,
    command: "eval",
    cells: views.flatMap((view) => view.cells),
    stageCosts: views.flatMap((view) => view.stageCosts),
    cacheWarnings: unique(
      views.flatMap((view) => view.cacheWarnings),
      (warning) => JSON.stringify(warning),
    ),
    writeRates: views.flatMap((view) => view.writeRates),
    provenanceNotes: [...new Set(views.flatMap((view) => view.provenanceNotes))],
    details: views.flatMap((view) => view.details),
    counts: sumRunCounts(views.map((view) => view.counts)),
  };
}

/**
 * Builds the HTML report's view of a `pnpm eval:ab` run from its summary: the pass matrix
 * (scenario x model x prompt) and the mean USD per session by model, prompt and stage. The A/B
 * keeps no stage results, so it has no per-run details; `pnpm eval` shows them.
 *
 * @param summary - From `summarizeAb`.
 * @returns The `ReportView` (USD per session).
 * @example const view = abReportView(summarizeAb(JSON.parse(text)));
 */
export function abReportView(summary: AbSummaryResult): ReportView {
  return {
    title: `pnpm eval:ab — ${summary.prompts.join(" vs ")}`,
    command: "ab",
    cells: summary.cells.flatMap((cell) =>
      cell.results.map((result) => ({
        scenarioId: result.scenarioId,
        model: cell.model,
        prompt: cell.prompt,
        outcome: result.outcome,
        reason: result.reason,
        provenance: result.provenance,
        sources: result.sources,
        cost: { usd: result.usd, sessions: result.sessions },
      })),
    ),
    stageCosts: summary.cells.flatMap((cell) =>
      (["write", "consolidate", "chat", "recall"] as const).flatMap((stage) => {
        const usdPerSession = cell.stageUsdPerSession[stage];
        if (usdPerSession === undefined) return [];
        return [
          {
            model: cell.model,
            prompt: cell.prompt,
            stage,
            usdPerSession,
            provenance: cell.provenance,
          },
        ];
      }),
    ),
    cacheWarnings: [],
    writeRates: [],
    provenanceNotes: [
      ...summary.recorded.map((item) => describeProvenance({ kind: "recorded", ...item })),
      ...summary.authoredUsageMethods.map((usageMethod) =>
        describeProvenance({ kind: "authored", usageMethod }),
      ),
    ],
    details: [],
    counts: sumRunCounts(
      summary.cells.flatMap((cell) =>
        cell.results.map((result) => ({
          cells: 1,
          passedCells: result.outcome === "pass" ? 1 : 0,
          epochs: result.epochs,
          passedEpochs: result.passes,
        })),
      ),
    ),
  };
}
