import type { FileExpectation, Scenario } from "../scenarios/schema.js";
import { type CostRun, costExpectationsFor } from "./cost-per-session.js";
import type { GradeResult } from "./types.js";

/** The check name of {@link checksRan}. */
export const CHECKS_RAN = "checks_ran";

/**
 * Why a run that graded nothing fails: docs/evals.md's rule that a run which checked nothing is
 * never a PASS, the one wording every level (scenario, epoch, promptfoo row, whole run) prints.
 */
export const NOTHING_CHECKED =
  "nothing was checked: the scenario names no check (no file, folder, answer or cost expectation), and a run that checked nothing is never a PASS";

/**
 * How many checks were graded, `checks_ran` itself not counted: 0 means nothing was checked.
 *
 * @param checks - Graded results (a run's `checks`).
 * @returns The count of results other than `checks_ran`.
 * @example gradedChecks([{ name: "checks_ran", pass: true, score: 1, reason: "0 check(s) ran" }]) // 0
 */
export function gradedChecks(checks: readonly { name: string }[]): number {
  return checks.filter((check) => check.name !== CHECKS_RAN).length;
}

/**
 * The one verdict rule of a graded run: it passes when at least one check was graded and every
 * check passed. Every level that turns checks into a verdict (a scenario run, an epoch of a cell,
 * a promptfoo row) goes through it.
 *
 * @param checks - Graded results (a run's `checks`).
 * @returns `true` only when something was checked and nothing failed.
 * @example checksPass([]) // false
 */
export function checksPass(checks: readonly { name: string; pass: boolean }[]): boolean {
  return gradedChecks(checks) > 0 && checks.every((check) => check.pass);
}

/**
 * How many checks one file expectation names, as `gradeFileExpectation` grades them.
 *
 * @param expectation - A `FileExpectation` from a scenario.
 * @returns The number of results it must produce.
 * @example countFileChecks({ path: "topics/tools.md", contains: ["Fly.io"], lacks: [], ... }) // 1
 */
export function countFileChecks(expectation: FileExpectation): number {
  return (
    (expectation.exists === undefined ? 0 : 1) +
    expectation.contains.length +
    expectation.lacks.length +
    (expectation.everyLineDated ? 1 : 0) +
    (expectation.underCap ? 1 : 0) +
    (expectation.linesMatching === undefined ? 0 : 1) +
    expectation.onlyAsPrevious.length
  );
}

/**
 * How many checks a scenario names: for each session its own `expect` (graded before its
 * stages), and the end-of-scenario expectations (files, folder, answer).
 *
 * @param scenario - The loaded scenario.
 * @param run - `{ model, extractionPrompt }` of the run, for the cost expectations that apply to it
 *   (none counted without it).
 * @returns `{ sessions, end }`: `sessions[i]` for session `i + 1`; `end` for the end of the run.
 * @example plannedChecks(scenario) // { sessions: [2], end: 9 }
 */
export function plannedChecks(
  scenario: Scenario,
  run?: CostRun,
): { sessions: number[]; end: number } {
  const sum = (expectations: readonly FileExpectation[]) =>
    expectations.reduce((total, expectation) => total + countFileChecks(expectation), 0);
  const { expect } = scenario;
  const answer = expect.answer;
  const answerChecks =
    answer === undefined
      ? 0
      : (answer.mentionsAny.length > 0 ? 1 : 0) +
        (answer.mentionsNone.length > 0 ? 1 : 0) +
        (answer.noNarration ? 1 : 0) +
        (answer.noQuestionBack ? 1 : 0) +
        (answer.unrelatedMemory.length > 0 ? 1 : 0) +
        (answer.judge === undefined ? 0 : 1);
  return {
    sessions: scenario.sessions.map(
      (session) => sum(session.expect?.files ?? []) + (session.expect?.appendOnly ? 1 : 0),
    ),
    end:
      sum(expect.files) +
      (expect.noNewFiles ? 1 : 0) +
      (expect.seedFilesUnchanged ? 1 : 0) +
      expect.folderLacks.length +
      expect.modelInputLacks.length +
      expect.modelInputContains.length +
      (expect.recallFallback === undefined ? 0 : 1) +
      (expect.factMerges === undefined
        ? 0
        : expect.factMerges.merged.length + expect.factMerges.refused.length) +
      (run === undefined ? 0 : costExpectationsFor(expect.costPerSession, run).length) +
      answerChecks,
  };
}

/**
 * Whether every check the scenario names was graded: a runner that skipped a session's own
 * `expect`, or the end-of-scenario grading, would otherwise leave the run green with fewer rows.
 * Session checks are counted by their `session N: ` prefix; every other result (this one
 * excepted) counts as an end check.
 *
 * @param scenario - The loaded scenario.
 * @param checks - Every result graded for the run so far.
 * @param run - `{ model, extractionPrompt }` of the run (see {@link plannedChecks}).
 * @returns `checks_ran`, failed with the groups that are short (or over) and by how many, or
 *   with {@link NOTHING_CHECKED} when the scenario names no check at all.
 * @example checksRan(scenario, checks) // { name: "checks_ran", pass: true, score: 1, reason: "12 check(s) ran" }
 */
export function checksRan(
  scenario: Scenario,
  checks: readonly GradeResult[],
  run?: CostRun,
): GradeResult {
  const planned = plannedChecks(scenario, run);
  const counted = checks.filter((check) => check.name !== CHECKS_RAN);
  const problems: string[] = [];
  planned.sessions.forEach((expected, index) => {
    const prefix = `session ${index + 1}: `;
    const ran = counted.filter((check) => check.name.startsWith(prefix)).length;
    if (ran !== expected) problems.push(`session ${index + 1}: ${ran} of ${expected} ran`);
  });
  const end = counted.filter((check) => !/^session \d+: /.test(check.name)).length;
  if (end !== planned.end) problems.push(`end of scenario: ${end} of ${planned.end} ran`);
  const total = planned.end + planned.sessions.reduce((sum, count) => sum + count, 0);
  if (total === 0 && problems.length === 0) {
    return { name: CHECKS_RAN, pass: false, score: 0, reason: NOTHING_CHECKED };
  }
  if (problems.length === 0) {
    return { name: CHECKS_RAN, pass: true, score: 1, reason: `${total} check(s) ran` };
  }
  return {
    name: CHECKS_RAN,
    pass: false,
    score: 0,
    reason: `expected checks did not run: ${problems.join("; ")}`,
  };
}
