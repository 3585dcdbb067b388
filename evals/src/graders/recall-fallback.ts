import type { RecallResult } from "@memfiles/core";
import { defineGrader } from "./define-grader.js";
import type { GradeResult } from "./types.js";

/**
 * Whether the final question's recall says its side query failed for `reason` and keyword
 * matching picked the files (`ChatResult.recall.fallback`): a fallback must be reported, never
 * silent.
 *
 * @param recall - The question's `ChatResult.recall`, or `undefined` when there was no question.
 * @param reason - `api_error`, `unparsable_reply` or `unknown_index`.
 * @returns `recall_fallback(reason)`, failed with what recall reported instead.
 * @example recallFallback(reply.recall, "unparsable_reply")
 */
export function recallFallback(recall: RecallResult | undefined, reason: string): GradeResult {
  const name = `recall_fallback(${reason})`;
  if (recall === undefined) {
    return { name, pass: false, score: 0, reason: "the run has no question: no recall to check" };
  }
  if (recall.fallback?.reason === reason) {
    const picked = recall.files.map((file) => file.path).join(", ") || "no file";
    return { name, pass: true, score: 1, reason: `reported; keyword matching picked ${picked}` };
  }
  return {
    name,
    pass: false,
    score: 0,
    reason:
      recall.fallback === undefined
        ? `no fallback reported (strategy ${recall.strategy})`
        : `fallback reported for ${recall.fallback.reason}, not ${reason}`,
  };
}

/** The `recallFallback` field of a scenario's `expect`. */
export const recallFallbackGrader = defineGrader(
  "scenario",
  "recallFallback",
  (reason, { recall }) => [recallFallback(recall, reason)],
);
