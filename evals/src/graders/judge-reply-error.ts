import { MemfilesError } from "@memfiles/errors";

/**
 * The judge model's reply is not one `submit_verdict` tool call with `{ pass: boolean, reason:
 * string }`: the answer cannot be graded, so the run is broken, never passed.
 */
export class JudgeReplyError extends MemfilesError {
  override readonly name = "JudgeReplyError";
  /** The judge model. */
  readonly model: string;
  /** What is wrong with the reply, e.g. `no submit_verdict tool call`. */
  readonly problem: string;

  constructor(options: { model: string; problem: string; cause?: unknown }) {
    super(
      `The judge (${options.model}) did not give a verdict: ${options.problem}. The answer is not ` +
        "graded (a broken run, not a pass). Re-record the judge call (`pnpm eval --record`), or fix " +
        'the authored judge reply: one submit_verdict tool_use block with input { pass: true|false, reason: "..." }.',
      { code: "judge_reply_invalid", userFixable: true, cause: options.cause },
    );
    this.model = options.model;
    this.problem = options.problem;
  }
}
