import type { GradeResult } from "../types.js";
import { quote, termsFound } from "./text-match.js";

/** A grade; a failed grade's score is kept below 1 and at least 0. */
export function gradeResult(
  name: string,
  pass: boolean,
  score: number,
  reason: string,
): GradeResult {
  return { name, pass, score: pass ? 1 : Math.max(0, Math.min(score, 0.99)), reason };
}

/** Terms quoted and comma-separated, for grader names and reasons. */
export function termList(terms: readonly string[]): string {
  return terms.map(quote).join(", ");
}

/** Passes when the answer has none of the terms; the score is the share of terms absent. */
export function noneOf(
  name: string,
  answer: string,
  terms: readonly string[],
  what: string,
): GradeResult {
  const found = termsFound(answer, terms);
  if (found.length === 0) return { name, pass: true, score: 1, reason: `none of ${terms.length}` };
  return {
    name,
    pass: false,
    score: terms.length === 0 ? 0 : Math.min(0.99, 1 - found.length / terms.length),
    reason: `${what}: ${termList(found)}`,
  };
}
