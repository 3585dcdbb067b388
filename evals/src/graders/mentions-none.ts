import { defineGrader } from "./define-grader.js";
import { noneOf, termList } from "./internal/grade-result.js";
import type { GradeResult } from "./types.js";

/**
 * Whether the answer mentions none of the terms (the old host after an update, meat in a dinner
 * idea, "vegetarian" when it should not say why).
 *
 * @param answer - The final answer text.
 * @param terms - Words or phrases that must not appear (matched as in {@link mentionsAny}).
 * @returns `mentions_none("a", "b")`; score = share of terms absent (at most 0.99 on a fail).
 *   Never throws.
 * @example mentionsNone("Try a mushroom risotto.", ["chicken", "vegetarian"]).pass // true
 */
export function mentionsNone(answer: string, terms: readonly string[]): GradeResult {
  return noneOf(`mentions_none(${termList(terms)})`, answer, terms, "mentioned");
}

/** The `mentionsNone` field of `expect.answer`, graded by {@link mentionsNone}. */
export const mentionsNoneGrader = defineGrader("answer", "mentionsNone", (terms, { answer }) => [
  mentionsNone(answer, terms),
]);
