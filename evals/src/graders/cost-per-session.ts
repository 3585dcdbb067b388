import type { CostExpectation } from "../scenarios/schema.js";
import { defineGrader } from "./define-grader.js";
import type { CostRun, GradeResult, PricedCall } from "./types.js";

export type { CostRun, PricedCall } from "./types.js";

/**
 * The cost expectations that apply to a run: its model, its extraction prompt when one is named,
 * its write mode when `batch` is named (`true`: only `pnpm eval --batch` runs, `false`: only
 * runs without it), and its recording's provenance when `provenance` is named.
 *
 * @param expectations - `expect.costPerSession` of a scenario.
 * @param run - `{ model, extractionPrompt }` of the run.
 * @returns The expectations to grade, in the scenario's order.
 * @example costExpectationsFor(scenario.expect.costPerSession, { model: "claude-opus-5-5", extractionPrompt: "extraction@1" })
 */
export function costExpectationsFor(
  expectations: readonly CostExpectation[],
  run: CostRun,
): CostExpectation[] {
  return expectations.filter(
    (expectation) =>
      expectation.model === run.model &&
      (expectation.prompt === undefined || expectation.prompt === run.extractionPrompt) &&
      (expectation.batch === undefined || expectation.batch === (run.writeBatch ?? false)) &&
      (expectation.recall === undefined || expectation.recall === (run.recall ?? "index")) &&
      (expectation.provenance === undefined || expectation.provenance === run.provenance),
  );
}

/**
 * Whether each session cost what the scenario states: the sum of its calls' USD (core's `costOf`,
 * rounded to 1e-9 USD) against the exact figure computed by hand from one recording (`usd`), or
 * within a budget any recording can meet (`maxUsd`).
 *
 * @param expectations - `expect.costPerSession` of a scenario.
 * @param calls - The run's priced calls (`ScenarioResult.calls`).
 * @param run - `{ model, extractionPrompt }`: which expectations apply.
 * @returns One `cost_per_session(<session>, $<usd>)` (or `<= $<maxUsd>`) result per expectation
 *   that applies.
 * @example costPerSession(scenario.expect.costPerSession, result.calls, { model, extractionPrompt })
 */
export function costPerSession(
  expectations: readonly CostExpectation[],
  calls: readonly PricedCall[],
  run: CostRun,
): GradeResult[] {
  return costExpectationsFor(expectations, run).map((expectation) => {
    const matching = calls.filter((call) => call.session === expectation.session);
    const usd = Math.round(matching.reduce((sum, call) => sum + call.usd, 0) * 1e9) / 1e9;
    if (expectation.maxUsd !== undefined) {
      const name = `cost_per_session(${expectation.session}, <= $${expectation.maxUsd})`;
      // A session with no priced call is no evidence the budget holds.
      const pass = matching.length > 0 && usd <= expectation.maxUsd;
      return {
        name,
        pass,
        score: pass ? 1 : 0,
        reason: pass
          ? `$${usd} over ${matching.length} call(s), within $${expectation.maxUsd}`
          : matching.length === 0
            ? `no priced call in session ${expectation.session}: nothing shows the budget of $${expectation.maxUsd} holds`
            : `cost $${usd} over ${matching.length} call(s), over the budget of $${expectation.maxUsd} (${expectation.computed})`,
      };
    }
    const name = `cost_per_session(${expectation.session}, $${expectation.usd})`;
    if (Math.round((expectation.usd ?? 0) * 1e9) === Math.round(usd * 1e9)) {
      return { name, pass: true, score: 1, reason: `$${usd} over ${matching.length} call(s)` };
    }
    return {
      name,
      pass: false,
      score: 0,
      reason: `cost $${usd} over ${matching.length} call(s), expected $${expectation.usd} (${expectation.computed})`,
    };
  });
}

/**
 * The `costPerSession` field of a scenario's `expect`, graded by {@link costPerSession} over the
 * run's priced calls; rows for another model or prompt are not graded (no run: none apply).
 */
export const costPerSessionGrader = defineGrader(
  "scenario",
  "costPerSession",
  (expectations, { calls, run }) =>
    run === undefined ? [] : costPerSession(expectations, calls ?? [], run),
);
