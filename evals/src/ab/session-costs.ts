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
