import type { RecallResult } from "@memfiles/core";
import type { ConsolidateFactsResult } from "@memfiles/core/internal";
import { DEFAULT_MAX_CHARS } from "@memfiles/core/internal";
import type { FileExpectation, Scenario, Session } from "../scenarios/schema.js";
import type { CostRun, PricedCall } from "./cost-per-session.js";
import type { GradeContext } from "./define-grader.js";
import type { JudgeCall } from "./judge.js";
import { gradeFields } from "./registry.js";
import type { GradeResult } from "./types.js";

/** Options of {@link gradeScenario}. */
export type GradeScenarioOptions = {
  /** The final answer text; `""` when the scenario has no question. */
  answer: string;
  /** Absolute path of the memory folder the scenario ran in. */
  root: string;
  /** The store's size cap in chars; the seed design's 12,000 by default. */
  maxChars?: number;
  /** Every request body sent to the model during the run, for `modelInputLacks` (default none). */
  requests?: readonly unknown[];
  /** The run's priced calls, for `costPerSession` (default none). */
  calls?: readonly PricedCall[];
  /** `{ model, extractionPrompt }` of the run: which `costPerSession` rows apply (default none). */
  run?: CostRun;
  /** What recall did for the final question (`ChatResult.recall`), for `recallFallback`. */
  recall?: RecallResult;
  /** Every fact-layout consolidation result of the run, for `factMerges` (default none). */
  factMerges?: readonly ConsolidateFactsResult[];
  /** Sends one judge request, for `expect.answer.judge` (the runner's, through the recording). */
  judge?: JudgeCall;
};

/**
 * Grades one file expectation: one result per check it names, in the schema's field order.
 *
 * @param expectation - A `FileExpectation` from a scenario.
 * @param root - Memory folder.
 * @param maxChars - Size cap for `underCap`, in chars (default 12,000, `DEFAULT_MAX_CHARS`).
 * @returns The results; empty when the expectation names no check.
 * @example await gradeFileExpectation({ path: "topics/tools.md", contains: ["Fly.io"], ... }, root)
 */
export async function gradeFileExpectation(
  expectation: FileExpectation,
  root: string,
  maxChars: number = DEFAULT_MAX_CHARS,
): Promise<GradeResult[]> {
  const { path, ...fields } = expectation;
  return gradeFields("file", fields, { root, answer: "", seedFiles: {}, maxChars, path });
}

/**
 * Grades a session's own `expect`: its files right after its turns, before its stages, then its
 * session-scope fields (`appendOnly`, over the session's chat requests). The runner calls it
 * between the session's turns and its `after` stages; names are prefixed `session N: `.
 *
 * @param session - The session from the scenario.
 * @param options - `{ root, sessionNumber (1-based), maxChars?, requests? }`: `requests` are the
 *   request bodies of the session's live chat conversation, in order (default none).
 * @returns The results; empty when the session has no `expect`.
 * @example await gradeSessionFiles(scenario.sessions[0], { root, sessionNumber: 1 })
 */
export async function gradeSessionFiles(
  session: Session,
  options: {
    root: string;
    sessionNumber: number;
    maxChars?: number;
    requests?: readonly unknown[];
  },
): Promise<GradeResult[]> {
  if (session.expect === undefined) return [];
  const { files, ...fields } = session.expect;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const results: GradeResult[] = [];
  for (const expectation of files) {
    results.push(...(await gradeFileExpectation(expectation, options.root, maxChars)));
  }
  results.push(
    ...(await gradeFields("session", fields, {
      root: options.root,
      answer: "",
      seedFiles: {},
      maxChars,
      path: "",
      requests: options.requests ?? [],
    })),
  );
  return results.map((grade) => ({
    ...grade,
    name: `session ${options.sessionNumber}: ${grade.name}`,
  }));
}

/**
 * Runs every end-of-scenario expectation of a scenario: file expectations, `noNewFiles`,
 * `seedFilesUnchanged`, `folderLacks`, then the answer graders. A failed grade is a result with
 * `pass: false`; nothing throws for a failed grade.
 *
 * @param scenario - The loaded scenario.
 * @param options - `{ answer, root, maxChars? }`: the final answer text, the memory folder, the
 *   size cap in chars for `underCap` (default 12,000).
 * @returns One result per check, in that order (session `expect` checks are graded by the
 *   runner with {@link gradeSessionFiles}).
 * @example
 * const checks = await gradeScenario(scenario, { answer: result.answer, root });
 * const pass = checks.every((check) => check.pass);
 */
export async function gradeScenario(
  scenario: Scenario,
  options: GradeScenarioOptions,
): Promise<GradeResult[]> {
  const { root, answer } = options;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const { files, answer: answerExpect, ...fields } = scenario.expect;
  const results: GradeResult[] = [];
  for (const expectation of files) {
    results.push(...(await gradeFileExpectation(expectation, root, maxChars)));
  }
  const { seedFiles } = scenario;
  const context: GradeContext = {
    root,
    answer,
    seedFiles,
    maxChars,
    path: "",
    requests: options.requests ?? [],
    calls: options.calls ?? [],
    ...(options.run ? { run: options.run } : {}),
    ...(options.recall ? { recall: options.recall } : {}),
    factMerges: options.factMerges ?? [],
    ...(scenario.question ? { question: scenario.question.text } : {}),
    ...(options.judge ? { judge: options.judge } : {}),
  };
  results.push(...(await gradeFields("scenario", fields, context)));
  if (answerExpect !== undefined) {
    results.push(...(await gradeFields("answer", answerExpect, context)));
  }
  return results;
}
