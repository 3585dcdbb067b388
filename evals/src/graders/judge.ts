import type Anthropic from "@anthropic-ai/sdk";
import { MODELS, type ModelUsage } from "@memfiles/core";
import { toModelUsage } from "@memfiles/core/internal";
import { getPrompt } from "@memfiles/prompts";
import { z } from "zod";
import { defineGrader } from "./define-grader.js";
import type { JudgeCall, JudgeOptions, Verdict } from "./judge-call.js";
import { JudgeReplyError, type JudgeReplySource } from "./judge-reply-error.js";
import type { GradeResult } from "./types.js";

/** The judge model when the scenario names none: Claude Haiku 5.5, the cheapest current model. */
export const DEFAULT_JUDGE_MODEL = MODELS.haiku;

/** The tool the judge answers with: one call, its input the verdict. */
export const VERDICT_TOOL = "submit_verdict";

/**
 * The judge's instructions, the released prompt `judge@1` (packages/prompts; after promptfoo's
 * `llm-rubric` and Inspect's `model_graded_qa`): the rubric is the only standard, the verdict goes
 * through one tool call. Part of every judge request, so a new wording is a new prompt version,
 * and the judge calls are recorded again with it.
 */
export const JUDGE_PROMPT = getPrompt("judge", 1);

/** The text of {@link JUDGE_PROMPT}, the system prompt of every judge request. */
export const JUDGE_SYSTEM = JUDGE_PROMPT.text;

/** The verdict tool every judge request forces: `{ pass: boolean, reason: string }`. */
export const VERDICT_TOOL_DEFINITION: Anthropic.Tool = {
  name: VERDICT_TOOL,
  description: "Submit the verdict on the answer.",
  input_schema: {
    type: "object",
    properties: {
      pass: { type: "boolean", description: "Whether the answer meets the rubric." },
      reason: { type: "string", description: "The point that decided it." },
    },
    required: ["pass", "reason"],
    additionalProperties: false,
  },
};

/** The verdict the judge submits. */
export const VerdictSchema = z.strictObject({ pass: z.boolean(), reason: z.string().min(1) });
export type { JudgeCall, JudgeOptions, Verdict } from "./judge-call.js";

/**
 * The judge request for one answer: the judge system prompt, one user message holding the
 * question, the answer and the rubric, and the verdict tool as the forced tool choice.
 *
 * @param options - `{ rubric, model, question, answer }`.
 * @returns Messages API parameters (max 400 output tokens).
 * @example judgeRequest({ rubric: "Suggests Fly.io", model: "claude-haiku-5-5", question: "How to deploy?", answer: "fly deploy" }).tool_choice // { type: "tool", name: "submit_verdict" }
 */
export function judgeRequest(options: JudgeOptions): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: options.model,
    max_tokens: 400,
    system: JUDGE_SYSTEM,
    tools: [VERDICT_TOOL_DEFINITION],
    tool_choice: { type: "tool", name: VERDICT_TOOL },
    messages: [
      {
        role: "user",
        content:
          `<question>\n${options.question}\n</question>\n\n<answer>\n${options.answer}\n</answer>\n\n` +
          `<rubric>\n${options.rubric}\n</rubric>`,
      },
    ],
  };
}

/**
 * Reads the judge's verdict from its reply.
 *
 * @param message - The judge's Messages API reply.
 * @param model - The judge model, named in errors.
 * @param source - `live` when the reply came from the host being recorded (the error's advice
 *   then is not to record again); default `replayed`.
 * @returns `{ verdict, usage }` (usage in tokens).
 * @throws {JudgeReplyError} when the reply has no `submit_verdict` call, or its input is not
 *   `{ pass: boolean, reason: string }`.
 * @example readVerdict(message, "claude-haiku-5-5").verdict.pass // false
 */
export function readVerdict(
  message: Anthropic.Message,
  model: string,
  source: JudgeReplySource = "replayed",
): { verdict: Verdict; usage: ModelUsage } {
  const calls = message.content.filter(
    (block): block is Anthropic.ToolUseBlock =>
      block.type === "tool_use" && block.name === VERDICT_TOOL,
  );
  if (calls.length !== 1) {
    throw new JudgeReplyError({
      model,
      problem: `the reply has ${calls.length} ${VERDICT_TOOL} tool calls, not one`,
      source,
    });
  }
  const parsed = VerdictSchema.safeParse(calls[0]?.input);
  if (!parsed.success) {
    throw new JudgeReplyError({
      model,
      problem: `the ${VERDICT_TOOL} input ${JSON.stringify(calls[0]?.input).slice(0, 200)} is not { pass: boolean, reason: string }`,
      source,
      cause: parsed.error,
    });
  }
  return { verdict: parsed.data, usage: toModelUsage(message.usage) };
}

/**
 * Grades an answer with a judge model against the scenario's rubric.
 *
 * @param expectation - `{ rubric, model? }` from `expect.answer.judge` (model default Haiku 5.5).
 * @param options - The question, the answer and the runner's judge call.
 * @returns `judge(<model>)`; score 1 or 0; the reason is the judge's.
 * @throws {JudgeReplyError} from the judge call on a malformed verdict (a broken run).
 * @example await judgeAnswer({ rubric: "Suggests Fly.io" }, { question, answer, judge }).pass
 */
export async function judgeAnswer(
  expectation: { rubric: string; model?: string | undefined },
  options: { question: string; answer: string; judge: JudgeCall },
): Promise<GradeResult> {
  const model = expectation.model ?? DEFAULT_JUDGE_MODEL;
  const verdict = await options.judge({
    rubric: expectation.rubric,
    model,
    question: options.question,
    answer: options.answer,
  });
  return {
    name: `judge(${model})`,
    pass: verdict.pass,
    score: verdict.pass ? 1 : 0,
    reason: verdict.reason,
  };
}

/** The `judge` field of `expect.answer`, graded by {@link judgeAnswer} through the runner's judge call. */
export const judgeGrader = defineGrader("answer", "judge", async (expectation, context) => {
  if (context.judge === undefined || context.question === undefined) {
    throw new Error(
      "The judge grader needs the run's judge call and question (GradeContext.judge, .question): grade through runScenario.",
    );
  }
  return [
    await judgeAnswer(expectation, {
      question: context.question,
      answer: context.answer,
      judge: context.judge,
    }),
  ];
});
