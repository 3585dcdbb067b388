import { MemfilesError } from "@memfiles/errors";

/**
 * A request or response cannot be recorded or replayed: its body is not JSON (a streaming call,
 * which recordings do not support). Use non-streaming `messages.create` calls.
 */
export class RecordingRequestError extends MemfilesError {
  override readonly name = "RecordingRequestError";
  /** The runner's step label when it happened. */
  readonly step: string;

  constructor(options: { step: string; problem: string; cause?: unknown }) {
    super(
      `Cannot record or replay the request at step "${options.step}": ${options.problem}. ` +
        "Recordings hold JSON bodies only; make the call without streaming.",
      { code: "recording_request_failed", cause: options.cause },
    );
    this.step = options.step;
  }
}
