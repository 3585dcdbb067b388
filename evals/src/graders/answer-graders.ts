import { quote, termsFound } from "./internal/text-match.js";
import { findNarration } from "./narration.js";
import { findQuestionsBack } from "./question-back.js";
import type { GradeResult } from "./types.js";

/**
 * Answer graders: each reads the final answer text and returns a {@link GradeResult}. Terms match
 * case-insensitively on word boundaries (`fly` does not match `flyctl`; `chicken` matches
 * `chickens`); see `termPattern`.
 */

function list(terms: readonly string[]): string {
  return terms.map(quote).join(", ");
}

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
  const name = `mentions_any(${list(terms)})`;
  const found = termsFound(answer, terms);
  if (found.length > 0) return { name, pass: true, score: 1, reason: `found ${list(found)}` };
  return { name, pass: false, score: 0, reason: `none of them in the answer: ${quote(answer)}` };
}

function noneOf(name: string, answer: string, terms: readonly string[], what: string): GradeResult {
  const found = termsFound(answer, terms);
  if (found.length === 0) return { name, pass: true, score: 1, reason: `none of ${terms.length}` };
  return {
    name,
    pass: false,
    score: terms.length === 0 ? 0 : Math.min(0.99, 1 - found.length / terms.length),
    reason: `${what}: ${list(found)}`,
  };
}

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
  return noneOf(`mentions_none(${list(terms)})`, answer, terms, "mentioned");
}

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
    `no_unrelated_memory(${list(terms)})`,
    answer,
    terms,
    "an unrelated memory leaked in",
  );
}

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
