import { defineGrader } from "./define-grader.js";
import { quote } from "./internal/text-match.js";
import { findNarration } from "./narration.js";
import type { GradeResult } from "./types.js";

/**
 * Whether the answer uses memory without narrating it: none of `NARRATION_PATTERNS` ("you
 * mentioned", "based on your memories", "according to my notes", "I remember that you", …; the
 * seed design's apply rules).
 *
 * @param answer - The final answer text.
 * @returns `no_narration`; score 1 or 0; the reason quotes each phrase found. Never throws.
 * @example noNarration("As you mentioned, you use Fly.io.").pass // false
 */
export function noNarration(answer: string): GradeResult {
  const name = "no_narration";
  const found = findNarration(answer);
  if (found.length === 0) return { name, pass: true, score: 1, reason: "no memory narration" };
  return {
    name,
    pass: false,
    score: 0,
    reason: `narrates memory: ${found.map((item) => `${quote(item.match)} (${item.id})`).join(", ")}`,
  };
}

/** The `noNarration` field of `expect.answer`, graded by {@link noNarration}. */
export const noNarrationGrader = defineGrader("answer", "noNarration", (_asked, { answer }) => [
  noNarration(answer),
]);
