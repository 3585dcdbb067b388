import { MemfilesError } from "@memfiles/errors";

/**
 * Where the judge's reply came from: `replayed` from a recording (or authored), or `live` from the
 * API or `ANTHROPIC_BASE_URL` while recording, where recording again is no fix.
 */
export type JudgeReplySource = "replayed" | "live";

const ADVICE: Record<JudgeReplySource, string> = {
  replayed:
    "Re-record the judge call (`pnpm eval --record`), or fix the authored judge reply: one " +
    'submit_verdict tool_use block with input { pass: true|false, reason: "..." }.',
  live:
    "The reply came from the host being recorded (ANTHROPIC_BASE_URL, or the API), so recording " +
    "again asks the same way: check that the host answers a forced submit_verdict tool call (a " +
    "stub or proxy may not), or give the scenario another judge model (`expect.answer.judge.model`), " +
    "then record it again (`pnpm eval --record --force --scenario <id>`).",
};

/**
 * The judge model's reply is not one `submit_verdict` tool call with `{ pass: boolean, reason:
 * string }`: the answer cannot be graded, so the run is broken, never passed. The advice depends
 * on `source` (default `replayed`).
 */
export class JudgeReplyError extends MemfilesError {
  override readonly name = "JudgeReplyError";
  /** The judge model. */
  readonly model: string;
  /** What is wrong with the reply, e.g. `no submit_verdict tool call`. */
  readonly problem: string;

  constructor(options: {
    model: string;
    problem: string;
    source?: JudgeReplySource;
    cause?: unknown;
  }) {
    super(
      `The judge (${options.model}) did not give a verdict: ${options.problem}. The answer is not ` +
        `graded (a broken run, not a pass). ${ADVICE[options.source ?? "replayed"]}`,
      { code: "judge_reply_invalid", userFixable: true, cause: options.cause },
    );
    this.model = options.model;
    this.problem = options.problem;
  }
}
