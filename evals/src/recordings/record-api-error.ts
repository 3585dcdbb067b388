import { MemfilesError } from "@memfiles/errors";

/** What `RecordApiError` is built from. */
export type RecordApiErrorOptions = {
  scenarioId: string;
  /** The runner's step label, e.g. `session 2: write`. */
  step: string;
  /** Tries made, the first one included. */
  attempts: number;
  /** HTTP status of the last answer; undefined when the API could not be reached at all. */
  status?: number;
  /** The API's error type (`overloaded_error`, `rate_limit_error`...), or `connection_error`. */
  type: string;
  /** The API's error message, or the network error's. */
  apiMessage: string;
  /** The API's `request-id` header of the last answer, when it sent one. */
  requestId?: string;
  cause?: unknown;
};

/**
 * In record mode the Anthropic API kept failing a request with a retryable error (408, 409, 429,
 * 5xx such as 529 overloaded, or a network error) after every try of the record-mode retry policy.
 * The run is broken and no recording file is written for it.
 */
export class RecordApiError extends MemfilesError {
  override readonly name = "RecordApiError";
  readonly scenarioId: string;
  readonly step: string;
  readonly attempts: number;
  readonly status: number | undefined;
  readonly type: string;
  readonly apiMessage: string;
  readonly requestId: string | undefined;

  constructor(options: RecordApiErrorOptions) {
    const answer =
      options.status === undefined
        ? `could not be reached (${options.type}: ${options.apiMessage})`
        : `answered ${options.status} ${options.type}: ${options.apiMessage}`;
    const requestId = options.requestId ? ` (request-id ${options.requestId})` : "";
    super(
      `Recording scenario "${options.scenarioId}" at step "${options.step}": the Anthropic API ` +
        `${answer}${requestId}, ${options.attempts} tries in all. No recording file was written ` +
        "for this run. Wait a little and run `pnpm eval --record` again (check the API status, " +
        "rate limits and ANTHROPIC_BASE_URL).",
      { code: "record_api_failed", cause: options.cause },
    );
    this.scenarioId = options.scenarioId;
    this.step = options.step;
    this.attempts = options.attempts;
    this.status = options.status;
    this.type = options.type;
    this.apiMessage = options.apiMessage;
    this.requestId = options.requestId;
  }
}
