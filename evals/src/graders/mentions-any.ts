import { defineGrader } from "./define-grader.js";
import { termList } from "./internal/grade-result.js";
import { quote, termsFound } from "./internal/text-match.js";
import type { GradeResult } from "./types.js";

/**
 * Whether the answer mentions at least one of the terms (it used the memory: "Railway", "fly
 * deploy").
 *
 * @param answer - The final answer text.
 * @param terms - Words or phrases; one is enough. Matched case-insensitively on word boundaries,
 *   a plain plural allowed (`fly` does not match `flyctl`; see `termPattern`).
 * @returns `mentions_any("a", "b")`; score 1 or 0. Never throws.
 * @example mentionsAny("Run fly deploy.", ["fly deploy", "Fly.io"]).pass // true
 */
export function mentionsAny(answer: string, terms: readonly string[]): GradeResult {
  const name = `mentions_any(${termList(terms)})`;
  const found = termsFound(answer, terms);
  if (found.length > 0) return { name, pass: true, score: 1, reason: `found ${termList(found)}` };
  return { name, pass: false, score: 0, reason: `none of them in the answer: ${quote(answer)}` };
}

/** The `mentionsAny` field of `expect.answer`, graded by {@link mentionsAny}. */
export const mentionsAnyGrader = defineGrader("answer", "mentionsAny", (terms, { answer }) => [
  mentionsAny(answer, terms),
]);
