import type { ModelUsage } from "@memfiles/core";
import { roundUsd, sumUsage, ZERO_USAGE } from "@memfiles/core/internal";
import type { CallCost } from "../runner/types.js";

/** The cost of one session of a scenario run, stages apart. All money in USD. */
export type SessionCost = {
  /** 1-based session number, or "question" for the final question. */
  session: number | "question";
  /** Total of the session's calls. */
  usd: number;
  write: number;
  consolidate: number;
  chat: number;
  /** The side query of side-query recall (stage `recall`); absent when the session made none. */
  recall?: number | undefined;
  /**
   * The judge's call (`expect.answer.judge`), kept out of `usd`: grading is the harness's cost,
   * not the memory system's. Absent when the session made none.
   */
  judging?: number | undefined;
  usage: ModelUsage;
  calls: number;
};

/**
 * Groups a scenario run's priced calls by session (the final question counts as a session of its
 * own), summing USD per stage. The USD figures are the runner's (core's price table), so these
 * match the per-session cost table of `pnpm eval`.
 *
 * @param calls - `ScenarioResult.calls`, each with `usd` from `costOf`.
 * @returns One entry per session that made a call, in first-call order, USD rounded to 1e-9.
 * @example sessionCostsOf(result.calls) // [{ session: 1, usd: 0.0035, write: 0.0035, ... }]
 */
export function sessionCostsOf(calls: readonly CallCost[]): SessionCost[] {
  const sessions = new Map<number | "question", SessionCost>();
  for (const call of calls) {
    const entry = sessions.get(call.session) ?? {
      session: call.session,
      usd: 0,
      write: 0,
      consolidate: 0,
      chat: 0,
      usage: ZERO_USAGE,
      calls: 0,
    };
    entry[call.stage] = roundUsd((entry[call.stage] ?? 0) + call.usd);
    if (call.stage === "judging") {
      sessions.set(call.session, entry);
      continue;
    }
    entry.usd = roundUsd(entry.usd + call.usd);
    entry.usage = sumUsage(entry.usage, call.usage);
    entry.calls += 1;
    sessions.set(call.session, entry);
  }
  return [...sessions.values()];
}

/** What the cost per session averages over, as every table that prints it says. */
export const SESSION_COST_BASIS =
  "mean over the sessions of each scenario's first epoch; broken runs and judge calls left out";

/** One scenario run as the cost per session counts it: its USD and sessions (`sessionCostsOf`). */
export type RunSessionCost = {
  usd: number;
  sessions: number;
  /** 1-based epoch; absent for epoch 1. */
  epoch?: number | undefined;
  broken: boolean;
};

/**
 * The mean USD per session of some runs, the one rule `pnpm eval` and `pnpm eval:ab` print
 * ({@link SESSION_COST_BASIS}): only first epochs count, so a cell sampled five times weighs as
 * much as one sampled once and models with different epoch counts compare like for like; a broken
 * run stopped part way, so its sessions would pull the mean down.
 *
 * @param runs - Each run's USD (judge calls left out) and session count, epoch, and whether it broke.
 * @returns USD per session, or `undefined` when no counted run priced a session.
 * @example meanUsdPerSession([{ usd: 0.003, sessions: 3, broken: false }]) // 0.001
 */
export function meanUsdPerSession(runs: readonly RunSessionCost[]): number | undefined {
  const { usd, sessions } = sessionCostTotals(runs);
  return sessions === 0 ? undefined : usd / sessions;
}

/**
 * The USD and sessions {@link meanUsdPerSession} divides, for a report that keeps them per cell
 * and pools cells later (the run history).
 *
 * @param runs - As for `meanUsdPerSession`.
 * @returns `{ usd, sessions }` of the counted runs: first epochs that did not break.
 * @example sessionCostTotals(cellRuns) // { usd: 0.0021, sessions: 3 }
 */
export function sessionCostTotals(runs: readonly RunSessionCost[]): {
  usd: number;
  sessions: number;
} {
  const counted = runs.filter((run) => !run.broken && (run.epoch ?? 1) === 1);
  return {
    usd: counted.reduce((sum, run) => sum + run.usd, 0),
    sessions: counted.reduce((sum, run) => sum + run.sessions, 0),
  };
}

/**
 * A scenario run's figures for {@link meanUsdPerSession}, of every stage but judging or of one stage.
 *
 * @param result - `{ calls, epoch?, error? }` of a `ScenarioResult`.
 * @param stage - Only this stage's USD (`judging` included), e.g. for a cost-by-stage chart.
 * @returns Its USD over its sessions (`sessionCostsOf`), session count, epoch and whether it broke.
 * @example meanUsdPerSession(report.results.map((result) => runSessionCostOf(result)))
 */
export function runSessionCostOf(
  result: { calls: readonly CallCost[]; epoch?: number | undefined; error?: unknown },
  stage?: CallCost["stage"],
): RunSessionCost {
  return runCostOfSessions(
    sessionCostsOf(result.calls),
    { epoch: result.epoch, broken: result.error !== undefined },
    stage,
  );
}

/**
 * A run's figures for {@link meanUsdPerSession} from its per-session costs, for a surface that
 * keeps `sessionCostsOf`'s rows rather than the calls (the A/B's promptfoo metadata).
 *
 * @param sessions - The run's `SessionCost` rows.
 * @param run - Its epoch (absent for epoch 1) and whether it broke.
 * @param stage - Only this stage's USD, as for `runSessionCostOf`.
 * @returns Its USD (judging left out unless asked for), session count, epoch and whether it broke.
 * @example meanUsdPerSession([runCostOfSessions(metadata.sessions, { broken: false })])
 */
export function runCostOfSessions(
  sessions: readonly SessionCost[],
  run: { epoch?: number | undefined; broken: boolean },
  stage?: CallCost["stage"],
): RunSessionCost {
  return {
    usd: sessions.reduce(
      (sum, session) => sum + (stage === undefined ? session.usd : (session[stage] ?? 0)),
      0,
    ),
    sessions: sessions.length,
    epoch: run.epoch,
    broken: run.broken,
  };
}
