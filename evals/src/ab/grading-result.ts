import type { GradingResult } from "promptfoo";
import { checksPass, gradedChecks, NOTHING_CHECKED } from "../graders/index.js";
import type { ScenarioMetadata } from "./provider.js";
import { runCostOfSessions, sessionCostTotals } from "./session-costs.js";

/**
 * Turns the graders' results for one scenario run (carried in the provider response's metadata)
 * into a promptfoo grading result: one component per check, passing when the runner's verdict
 * passes. The checks come from the evals graders, so promptfoo and `pnpm eval` agree.
 *
 * @param metadata - `ProviderResponse.metadata` as `ScenarioProvider` sets it.
 * @returns `{ pass, score (mean of the checks' 0..1 scores), reason, namedScores (`run_passed` 0 or
 *   1, `sessions`, `usd` in USD), componentResults }`; failed when no check was graded; a failed
 *   result naming the problem when the metadata has no checks array.
 * @example toGradingResult(context.providerResponse?.metadata).pass
 */
export function toGradingResult(metadata: Partial<ScenarioMetadata> | undefined): GradingResult {
  if (metadata === undefined || !Array.isArray(metadata.checks)) {
    return {
      pass: false,
      score: 0,
      reason:
        "No scenario checks in the provider response's metadata: was this test run by the memfiles scenario provider (file://provider.mjs)?",
    };
  }
  const checks = metadata.checks;
  const failed = checks.filter((check) => !check.pass);
  // A row that graded nothing is never a pass, whatever the runner said.
  const pass = (metadata.pass ?? true) && checksPass(checks);
  const score =
    checks.length === 0
      ? pass
        ? 1
        : 0
      : checks.reduce((sum, check) => sum + check.score, 0) / checks.length;
  const reason =
    failed.length > 0
      ? `${failed.length} of ${checks.length} checks failed: ${failed.map((check) => `${check.name}: ${check.reason}`).join("; ")}`
      : metadata.runError
        ? `The run failed with no failed check: ${metadata.runError.message}`
        : gradedChecks(checks) === 0
          ? `Not a pass: ${NOTHING_CHECKED}.`
          : pass
            ? `All ${checks.length} checks passed.`
            : "The run failed with no failed check.";
  const costShare = sessionCostTotals([
    runCostOfSessions(metadata.sessions ?? [], { broken: metadata.runError !== undefined }),
  ]);
  const epochs =
    metadata.epochs !== undefined && metadata.epochs > 1
      ? ` Epochs: ${metadata.passes ?? 0}/${metadata.epochs} passed${(metadata.epochFailures ?? [])
          .map((failure) => `; epoch ${failure.epoch}: ${failure.reason}`)
          .join("")}.`
      : "";
  return {
    pass,
    score,
    reason: `${reason}${epochs}`,
    // promptfoo sums named scores per column and promptfooconfig.yaml's derivedMetrics divide the
    // sums: each run's share is the one cost-per-session rule's (a broken run or a later epoch adds 0).
    namedScores: { run_passed: pass ? 1 : 0, ...costShare },
    componentResults: checks.map((check) => ({
      pass: check.pass,
      score: check.score,
      reason: `${check.name}: ${check.reason}`,
    })),
  };
}
