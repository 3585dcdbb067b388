import { defineGrader } from "./define-grader.js";
import { noneOf, termList } from "./internal/grade-result.js";
import type { GradeResult } from "./types.js";

/**
 * Whether nothing from a stored memory unrelated to the question leaks into the answer (the seed
 * design's don't-overapply test: a Python packaging answer mentions no food).
 *
 * @param answer - The final answer text.
 * @param terms - Words from the unrelated memory ("vegetarian", "meat", "dinner"), matched as in
 *   {@link mentionsAny}.
 * @returns `no_unrelated_memory("a", "b")`; score = share of terms absent (at most 0.99 on a
 *   fail). Never throws.
 * @example noUnrelatedMemory("Use uv build.", ["vegetarian"]).pass // true
 */
export function noUnrelatedMemory(answer: string, terms: readonly string[]): GradeResult {
  return noneOf(
    `no_unrelated_memory(${termList(terms)})`,
    answer,
    terms,
    "an unrelated memory leaked in",
  );
}

/** The `unrelatedMemory` field of `expect.answer`, graded by {@link noUnrelatedMemory}. */
export const noUnrelatedMemoryGrader = defineGrader(
  "answer",
  "unrelatedMemory",
  (terms, { answer }) => [noUnrelatedMemory(answer, terms)],
);
