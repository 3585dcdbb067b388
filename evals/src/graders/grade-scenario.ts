import { DEFAULT_MAX_CHARS } from "@memfiles/core";
import type { FileExpectation, Scenario, Session } from "../scenarios/schema.js";
import {
  mentionsAny,
  mentionsNone,
  noNarration,
  noQuestionBack,
  noUnrelatedMemory,
} from "./answer-graders.js";
import {
  everyLineDated,
  fileContains,
  fileExists,
  fileLacks,
  folderLacks,
  linesMatching,
  noNewFiles,
  onlyAsPrevious,
  seedFilesUnchanged,
  underCap,
} from "./file-graders.js";
import { modelInputLacks } from "./model-input-lacks.js";
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
  const { path } = expectation;
  const results: GradeResult[] = [];
  if (expectation.exists !== undefined)
    results.push(await fileExists(root, path, expectation.exists));
  for (const text of expectation.contains) results.push(await fileContains(root, path, text));
  for (const text of expectation.lacks) results.push(await fileLacks(root, path, text));
  if (expectation.everyLineDated) results.push(await everyLineDated(root, path));
  if (expectation.underCap) results.push(await underCap(root, path, maxChars));
  if (expectation.linesMatching !== undefined) {
    const { text, count } = expectation.linesMatching;
    results.push(await linesMatching(root, path, text, count));
  }
  for (const text of expectation.onlyAsPrevious)
    results.push(await onlyAsPrevious(root, path, text));
  return results;
}

/**
 * Grades a session's own `expect` (files right after its turns, before its stages). The runner
 * calls it between the session's live turns and its `after` stages; names are prefixed
 * `session N: `.
 *
 * @param session - The session from the scenario.
 * @param options - `{ root, sessionNumber (1-based), maxChars? }`.
 * @returns The results; empty when the session has no `expect`.
 * @example await gradeSessionFiles(scenario.sessions[0], { root, sessionNumber: 1 })
 */
export async function gradeSessionFiles(
  session: Session,
  options: { root: string; sessionNumber: number; maxChars?: number },
): Promise<GradeResult[]> {
  if (session.expect === undefined) return [];
  const results: GradeResult[] = [];
  for (const expectation of session.expect.files) {
    results.push(...(await gradeFileExpectation(expectation, options.root, options.maxChars)));
  }
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
  const { expect } = scenario;
  const results: GradeResult[] = [];
  for (const expectation of expect.files) {
    results.push(...(await gradeFileExpectation(expectation, root, options.maxChars)));
  }
  if (expect.noNewFiles) results.push(await noNewFiles(root, Object.keys(scenario.seedFiles)));
  if (expect.seedFilesUnchanged) results.push(await seedFilesUnchanged(root, scenario.seedFiles));
  for (const text of expect.folderLacks) results.push(await folderLacks(root, text));
  for (const text of expect.modelInputLacks) {
    results.push(modelInputLacks(options.requests ?? [], text));
  }
  const answerExpect = expect.answer;
  if (answerExpect !== undefined) {
    if (answerExpect.mentionsAny.length > 0)
      results.push(mentionsAny(answer, answerExpect.mentionsAny));
    if (answerExpect.mentionsNone.length > 0) {
      results.push(mentionsNone(answer, answerExpect.mentionsNone));
    }
    if (answerExpect.noNarration) results.push(noNarration(answer));
    if (answerExpect.noQuestionBack) results.push(noQuestionBack(answer));
    if (answerExpect.unrelatedMemory.length > 0) {
      results.push(noUnrelatedMemory(answer, answerExpect.unrelatedMemory));
    }
  }
  return results;
}
