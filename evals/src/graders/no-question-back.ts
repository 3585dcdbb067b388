import { defineGrader } from "./define-grader.js";
import { quote } from "./internal/text-match.js";
import { findQuestionsBack } from "./question-back.js";
import type { GradeResult } from "./types.js";

/**
 * Whether the answer asks the user nothing back (the seed design's remember test: it "assumes it
 * without asking"). The rules (code and quotes ignored, headings dropped, second person, offers,
 * a closing question) are in question-back.ts.
 *
 * @param answer - The final answer text.
 * @returns `no_question_back`; score 1 or 0; the reason quotes the first question found. Never
 *   throws.
 * @example noQuestionBack("Which host do you use?").pass // false
 */
export function noQuestionBack(answer: string): GradeResult {
  const name = "no_question_back";
  const questions = findQuestionsBack(answer);
  const [first] = questions;
  if (first === undefined) return { name, pass: true, score: 1, reason: "asks nothing back" };
  return {
    name,
    pass: false,
    score: 0,
    reason: `asks the user: ${quote(first)}${questions.length > 1 ? ` (+${questions.length - 1} more)` : ""}`,
  };
}

/** The `noQuestionBack` field of `expect.answer`, graded by {@link noQuestionBack}. */
export const noQuestionBackGrader = defineGrader(
  "answer",
  "noQuestionBack",
  (_asked, { answer }) => [noQuestionBack(answer)],
);
