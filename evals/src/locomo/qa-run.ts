import { createHash } from "node:crypto";
import type Anthropic from "@anthropic-ai/sdk";
import { costOf, type ModelUsage } from "@memfiles/core";
import {
  estimateTokens,
  roundUsd,
  sumUsage,
  toModelUsage,
  ZERO_USAGE,
} from "@memfiles/core/internal";
import { readVerdict } from "../graders/judge.js";
import { createAuthoredResponder } from "../recordings/authored-responder.js";
import { AUTHORED_USAGE_METHOD } from "../recordings/authored-usage.js";
import { BudgetExceededError } from "../recordings/budget-exceeded-error.js";
import { type JsonValue, recordingKey } from "../recordings/normalize.js";
import type { RecordBudget } from "../recordings/record-budget.js";
import type { QaQuestion } from "./qa-questions.js";
import type {
  QaAuthored,
  QaRecordingEntry,
  QaRecordingFile,
  QaSettings,
  QaStep,
} from "./qa-recording.js";
import { QaRecordingMismatchError } from "./qa-recording-mismatch-error.js";
import { qaAnswerRequest, qaJudgeRequest, readAnswer } from "./qa-requests.js";

/** How the QA run gets its replies: from a recording, from authored answers, or from the API. */
export type QaMode = "replay" | "author" | "record";

/** One question's outcome. */
export type QaResult = QaQuestion & {
  /** The answering model's answer (`""` when the run broke before it). */
  answer: string;
  /** The judge's verdict: pass true = CORRECT. Absent when the question broke. */
  verdict?: { pass: boolean; reason: string };
  /** Why the question could not be graded (a missing or changed recording, a malformed verdict). */
  broken?: { name: string; message: string };
  /** The calls made for it, priced at the model that ran each. */
  calls: { step: QaStep; model: string; usage: ModelUsage; usd: number }[];
};

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Options of {@link runQaQuestions}. */
export type RunQaQuestionsOptions = {
  mode: QaMode;
  settings: QaSettings;
  questions: readonly QaQuestion[];
  /** Replay: the recording. Record: entries kept from an earlier run (resume). */
  recording?: QaRecordingFile;
  /** The recording file, named in errors. */
  recordingFile: string;
  /** Author mode: the authored answers. */
  authored?: QaAuthored;
  /** Record mode: the client that calls the API. */
  client?: Anthropic;
  /** Record mode: the spending cap. */
  budget?: RecordBudget;
  /** Record mode: questions already recorded are asked again. */
  force?: boolean;
  /** ISO date of a recorded file (default today, UTC). */
  date?: string;
};

/** What {@link runQaQuestions} gives back. */
export type RunQaQuestionsResult = {
  results: QaResult[];
  /** Author and record modes: the recording to write (complete questions only). */
  recording?: QaRecordingFile;
  /** Record mode: why the run stopped early (the budget), when it did. */
  stopped?: string;
};

/**
 * Asks and grades the questions of one sample: per question the answering request
 * (`qaAnswerRequest`) and the judge request (`qaJudgeRequest`, the judge grader's verdict tool),
 * answered by the mode: `replay` from the QA recording (a request whose key is not the recorded
 * one is a broken question, with what changed), `author` from the authored answers (shaped as the
 * Messages API replies, usage estimated by `AUTHORED_USAGE_METHOD`), `record` through the API
 * client, each call checked against the budget first. A malformed verdict (`JudgeReplyError`) breaks
 * its question: counted apart, never as CORRECT or WRONG.
 *
 * @param options - {@link RunQaQuestionsOptions}.
 * @returns The results in question order, and the recording made (author, record).
 * @throws Only on a bug or a network failure the client did not turn into an API error.
 * @example const { results } = await runQaQuestions({ mode: "replay", settings, questions, recording, recordingFile });
 */
export async function runQaQuestions(
  options: RunQaQuestionsOptions,
): Promise<RunQaQuestionsResult> {
  const { settings } = options;
  const entries: QaRecordingEntry[] = [];
  const kept = new Map<string, QaRecordingEntry>();
  for (const entry of options.recording?.entries ?? []) {
    kept.set(`${entry.question}:${entry.step}`, entry);
  }
  const responder =
    options.mode === "author"
      ? createAuthoredResponder({
          model: settings.answerModel,
          replies: (options.authored?.answers ?? []).flatMap((item) => [
            {
              step: `question ${item.question}: answer`,
              content: [{ type: "text" as const, text: item.answer }],
            },
            {
              step: `question ${item.question}: judge`,
              content: [{ type: "tool_use" as const, name: "submit_verdict", input: item.verdict }],
            },
          ]),
        })
      : undefined;
  const results: QaResult[] = [];
  let stopped: string | undefined;

  const call = async (
    question: QaQuestion,
    step: QaStep,
    request: Anthropic.MessageCreateParamsNonStreaming,
    resumed: boolean,
  ): Promise<Anthropic.Message> => {
    const body = request as unknown as JsonValue;
    const key = recordingKey(body);
    const noteSha256 = step === "answer" ? sha256(question.note) : undefined;
    const mismatch = (problem: string) =>
      new QaRecordingMismatchError({
        sampleId: question.sampleId,
        question: question.index,
        step,
        problem,
      });
    const recorded = kept.get(`${question.index}:${step}`);
    if (options.mode === "replay" || resumed) {
      if (recorded === undefined) {
        throw mismatch(
          `${options.recordingFile} has no reply for it. Author it (pnpm bench:locomo --qa --author) or record it (--record).`,
        );
      }
      if (recorded.key !== key) {
        const what =
          step === "answer" &&
          recorded.noteSha256 !== undefined &&
          recorded.noteSha256 !== noteSha256
            ? "the recalled memory differs from the one it was recorded with (budgeted recall or the oracle write pass changed)"
            : step === "answer"
              ? "the answering request differs (its prompt, model or max_tokens)"
              : "the judge request differs (its prompt, model, or the answer it grades)";
        throw mismatch(
          `${what}, so the recorded reply does not answer this request. Author the subset again (pnpm bench:locomo --qa --author) or record it again (--record --force).`,
        );
      }
      entries.push(recorded);
      return recorded.response.body as unknown as Anthropic.Message;
    }
    let reply: JsonValue;
    if (options.mode === "author") {
      const answered = responder?.({
        body,
        key,
        occurrence: 1,
        step: `question ${question.index}: ${step}`,
      });
      if (answered === undefined || !answered.found) {
        throw mismatch(`the authored answers hold no ${step} for this question.`);
      }
      reply = answered.body;
    } else {
      const refusal = options.budget?.refusal(body, request.model);
      if (refusal !== undefined)
        throw new BudgetExceededError({
          scenarioId: `${question.sampleId} question ${question.index}`,
          step,
          maxUsd: options.budget?.maxUsd ?? 0,
          problem: refusal,
        });
      if (options.client === undefined) throw new Error("Record mode needs an Anthropic client.");
      const message = await options.client.messages.create(request);
      reply = JSON.parse(JSON.stringify(message)) as JsonValue;
      options.budget?.charge(reply, request.model);
    }
    entries.push({
      question: question.index,
      step,
      key,
      ...(noteSha256 === undefined ? {} : { noteSha256 }),
      response: { status: 200, body: reply },
    });
    return reply as unknown as Anthropic.Message;
  };

  for (const question of options.questions) {
    const resumed =
      options.mode === "record" &&
      options.force !== true &&
      kept.has(`${question.index}:answer`) &&
      kept.has(`${question.index}:judge`);
    const before = entries.length;
    const result: QaResult = { ...question, answer: "", calls: [] };
    const price = (step: QaStep, model: string, message: Anthropic.Message) => {
      const usage = toModelUsage(message.usage);
      result.calls.push({ step, model, usage, usd: costOf(usage, model).usd });
    };
    try {
      const answered = await call(
        question,
        "answer",
        qaAnswerRequest({
          model: settings.answerModel,
          question: question.question,
          note: question.note,
        }),
        resumed,
      );
      price("answer", settings.answerModel, answered);
      result.answer = readAnswer(answered);
      const judged = await call(
        question,
        "judge",
        qaJudgeRequest({
          model: settings.judgeModel,
          question: question.question,
          gold: question.gold,
          answer: result.answer,
        }),
        resumed,
      );
      price("judge", settings.judgeModel, judged);
      result.verdict = readVerdict(judged, settings.judgeModel).verdict;
    } catch (error) {
      if (error instanceof BudgetExceededError) {
        entries.splice(before);
        stopped = error.message;
        break;
      }
      if (
        options.mode === "record" &&
        !(error instanceof Error && error.name === "JudgeReplyError")
      ) {
        // An API error leaves nothing half-recorded for the question.
        entries.splice(before);
      }
      result.broken = {
        name: error instanceof Error ? error.name : "Error",
        message: error instanceof Error ? error.message : String(error),
      };
    }
    results.push(result);
  }
  if (options.mode === "replay") return { results };
  const common = { ...settings, entries };
  const recording: QaRecordingFile =
    options.mode === "record"
      ? {
          provenance: "recorded",
          date: options.date ?? new Date().toISOString().slice(0, 10),
          ...common,
        }
      : {
          provenance: "authored",
          usageMethod: AUTHORED_USAGE_METHOD,
          ...common,
          ...(options.authored?.note === undefined ? {} : { note: options.authored.note }),
        };
  return { results, recording, ...(stopped === undefined ? {} : { stopped }) };
}

/** The cost estimate of a record run, per model, before its first call. */
export type QaCostEstimate = {
  questions: number;
  rows: {
    model: string;
    role: "answering" | "judging";
    calls: number;
    input: number;
    output: number;
    usd: number;
  }[];
  usd: number;
};

/**
 * Estimates a record run before any call: per question the answering request's input tokens (its
 * characters, `estimateTokens` of the model) and its `max_tokens` as output (an upper bound); the
 * judge request's input with an answer of that many tokens, and its `max_tokens` as output. Priced
 * from the price table at the model of each call.
 *
 * @param questions - The questions to record.
 * @param settings - `{ answerModel, judgeModel }`.
 * @returns Rows per model and role, and the total USD.
 * @example estimateQaCost(questions, settings).usd
 */
export function estimateQaCost(
  questions: readonly QaQuestion[],
  settings: Pick<QaSettings, "answerModel" | "judgeModel">,
): QaCostEstimate {
  const answering = { input: 0, output: 0 };
  const judging = { input: 0, output: 0 };
  for (const question of questions) {
    const answer = qaAnswerRequest({
      model: settings.answerModel,
      question: question.question,
      note: question.note,
    });
    answering.input += estimateTokens(JSON.stringify(answer), settings.answerModel);
    answering.output += answer.max_tokens;
    const judge = qaJudgeRequest({
      model: settings.judgeModel,
      question: question.question,
      gold: question.gold,
      answer: "",
    });
    judging.input += estimateTokens(JSON.stringify(judge), settings.judgeModel) + answer.max_tokens;
    judging.output += judge.max_tokens;
  }
  const row = (
    model: string,
    role: "answering" | "judging",
    tokens: { input: number; output: number },
  ) => {
    const usage: ModelUsage = { ...ZERO_USAGE, input: tokens.input, output: tokens.output };
    return { model, role, calls: questions.length, ...tokens, usd: costOf(usage, model).usd };
  };
  const rows = [
    row(settings.answerModel, "answering", answering),
    row(settings.judgeModel, "judging", judging),
  ];
  return {
    questions: questions.length,
    rows,
    usd: roundUsd(rows.reduce((sum, item) => sum + item.usd, 0)),
  };
}

/**
 * The usage and USD of the calls made, per role.
 *
 * @param results - The QA results.
 * @returns `{ answering, judging }`, each `{ calls, usage, usd }`.
 * @example spentOn(results).judging.usd
 */
export function spentOn(results: readonly QaResult[]) {
  const of = (step: QaStep) => {
    const calls = results.flatMap((result) => result.calls.filter((item) => item.step === step));
    return {
      calls: calls.length,
      usage: sumUsage(ZERO_USAGE, ...calls.map((item) => item.usage)),
      usd: roundUsd(calls.reduce((sum, item) => sum + item.usd, 0)),
    };
  };
  return { answering: of("answer"), judging: of("judge") };
}
