import { MemfilesError } from "@memfiles/errors";

/**
 * A QA recording does not answer a request of `pnpm bench:locomo --qa`: it holds no reply for the
 * question's step, or its reply was recorded for another request (the recalled memory, the
 * answering request or the judge request changed). The question is broken, not graded.
 */
export class QaRecordingMismatchError extends MemfilesError {
  override readonly name = "QaRecordingMismatchError";
  /** The LoCoMo sample, e.g. `conv-26`. */
  readonly sampleId: string;
  /** Position of the question in the sample's `qa` list. */
  readonly question: number;
  /** `answer` or `judge`. */
  readonly step: string;

  constructor(options: { sampleId: string; question: number; step: string; problem: string }) {
    super(
      `${options.sampleId} question ${options.question} (${options.step}): ${options.problem}`,
      {
        code: "qa_recording_mismatch",
        userFixable: true,
      },
    );
    this.sampleId = options.sampleId;
    this.question = options.question;
    this.step = options.step;
  }
}
