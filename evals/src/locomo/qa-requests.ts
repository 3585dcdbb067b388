import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { VERDICT_TOOL, VERDICT_TOOL_DEFINITION } from "../graders/judge.js";

/** The answering prompt of `pnpm bench:locomo --qa`, released as `locomo-answer@1`. */
export const QA_ANSWER_PROMPT = getPrompt("locomo-answer", 1);

/**
 * The judge prompt of `pnpm bench:locomo --qa`, released as `locomo-judge@1`: the protocol of the
 * LLM-as-a-Judge score J of the Mem0 paper (Chhikara et al. 2025, "Mem0: Building Production-Ready
 * AI Agents with Scalable Long-Term Memory", arXiv:2504.19413): CORRECT or WRONG against the gold
 * answer, generous on wording and on the format of dates.
 */
export const QA_JUDGE_PROMPT = getPrompt("locomo-judge", 1);

/** Most output tokens of an answer: the protocol asks for a few words. */
export const QA_ANSWER_MAX_TOKENS = 200;

/** Most output tokens of a verdict, as the judge grader's own requests. */
export const QA_JUDGE_MAX_TOKENS = 400;

/** What the model sees when budgeted recall found nothing for the question. */
export const NO_MEMORY_NOTE =
  "<recalled_memory>\n(no memory matched this question)\n</recalled_memory>";

/** Options of {@link qaAnswerRequest}. */
export type QaAnswerRequestOptions = {
  model: string;
  question: string;
  /** The `<recalled_memory>` note budgeted recall gave for the question (`""` when none). */
  note: string;
};

/**
 * The answering request for one LoCoMo question: the `locomo-answer@1` system prompt, one user
 * message holding the recalled memory and the question.
 *
 * @param options - `{ model, question, note }`.
 * @returns Messages API parameters (max {@link QA_ANSWER_MAX_TOKENS} output tokens).
 * @example qaAnswerRequest({ model: "claude-haiku-5-5", question: "Where does Ana work?", note: "" }).max_tokens // 200
 */
export function qaAnswerRequest(
  options: QaAnswerRequestOptions,
): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: options.model,
    max_tokens: QA_ANSWER_MAX_TOKENS,
    system: QA_ANSWER_PROMPT.text,
    messages: [
      {
        role: "user",
        content: `${options.note === "" ? NO_MEMORY_NOTE : options.note}\n\n<question>\n${options.question}\n</question>`,
      },
    ],
  };
}

/** Options of {@link qaJudgeRequest}. */
export type QaJudgeRequestOptions = {
  model: string;
  question: string;
  /** The annotators' answer. */
  gold: string;
  /** The answering model's answer. */
  answer: string;
};

/**
 * The judge request for one answer: the `locomo-judge@1` system prompt, the question, the gold
 * answer and the generated answer, and the judge grader's `submit_verdict` tool forced (pass true
 * = CORRECT), so the verdict is read by `readVerdict` and a malformed one is a `JudgeReplyError`.
 *
 * @param options - `{ model, question, gold, answer }`.
 * @returns Messages API parameters (max {@link QA_JUDGE_MAX_TOKENS} output tokens).
 * @example qaJudgeRequest({ model: "claude-haiku-5-5", question: "q", gold: "7 May 2023", answer: "May 7th" }).tool_choice // { type: "tool", name: "submit_verdict" }
 */
export function qaJudgeRequest(
  options: QaJudgeRequestOptions,
): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: options.model,
    max_tokens: QA_JUDGE_MAX_TOKENS,
    system: QA_JUDGE_PROMPT.text,
    tools: [VERDICT_TOOL_DEFINITION],
    tool_choice: { type: "tool", name: VERDICT_TOOL },
    messages: [
      {
        role: "user",
        content:
          `<question>\n${options.question}\n</question>\n\n<gold_answer>\n${options.gold}\n</gold_answer>\n\n` +
          `<generated_answer>\n${options.answer}\n</generated_answer>`,
      },
    ],
  };
}

/**
 * The answer in a reply: its text blocks joined, trimmed (`""` when it has none, which the judge
 * then labels WRONG).
 *
 * @param message - The answering model's reply.
 * @returns The answer text.
 * @example readAnswer(message) // "7 May 2023"
 */
export function readAnswer(message: Anthropic.Message): string {
  return message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}

/**
 * A LoCoMo gold answer as text: strings as they are, numbers (years, counts) written out.
 *
 * @param answer - The `answer` field of a question.
 * @returns The text.
 * @example goldText(2022) // "2022"
 */
export function goldText(answer: unknown): string {
  return typeof answer === "string" ? answer : JSON.stringify(answer ?? "");
}
