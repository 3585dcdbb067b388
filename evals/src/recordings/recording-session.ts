import type { AuthoredReply } from "../scenarios/index.js";
import { type AuthoredResponder, createAuthoredResponder } from "./authored-responder.js";
import { AUTHORED_USAGE_METHOD } from "./authored-usage.js";
import { MissingRecordingError } from "./missing-recording-error.js";
import { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";
import { isRetryableStatus, passThrough, type RetryPolicy } from "./pass-through.js";
import { RecordApiError } from "./record-api-error.js";
import {
  type RecordingEntry,
  type RecordingFile,
  readRecordingFile,
  recordingPath,
  writeRecordingFile,
} from "./recording-file.js";
import { RecordingRequestError } from "./recording-request-error.js";
import { describeRequestDifference, findNearestEntry } from "./request-difference.js";

/**
 * How a recording session answers requests: `replay` from the recording file (the default),
 * `record` by passing them through to the API and saving the replies, `author` from authored
 * replies (saved with provenance `authored`).
 */
export type RecordingMode = "replay" | "record" | "author";

/** Options of `RecordingSession.open`. */
export type RecordingSessionOptions = {
  mode: RecordingMode;
  scenarioId: string;
  model: string;
  extractionPrompt: string;
  /** Folder of recordings: `<dir>/<model>/<extractionPrompt>/<scenarioId>.json`. */
  recordingsDir: string;
  /** Author mode: the authored replies for this model, in call order. */
  authoredReplies?: readonly AuthoredReply[];
  /** Author mode: the authored-replies file, named in errors. */
  authoredFile?: string;
  /** Author mode: overrides of the minimum cacheable length, tokens per model. */
  minimums?: Record<string, number>;
  /** Headers never forwarded in record mode (the routing header of the interceptor). */
  dropHeaders?: readonly string[];
  /** Record mode: how failed API calls are retried (default `RECORD_RETRY_POLICY`). */
  retryPolicy?: RetryPolicy;
};

/** A hook run while a request is in flight, before its answer is returned. */
export type InFlightHook = (step: string) => Promise<void>;

/**
 * Every answer the session gives carries `x-should-retry: false`: the SDK must never retry behind
 * msw (its retry hangs there, mswjs/interceptors#799); record mode retries itself.
 */
const NO_RETRY = { "x-should-retry": "false" } as const;

function errorResponse(status: number, type: string, message: string): Response {
  return Response.json({ type: "error", error: { type, message } }, { status, headers: NO_RETRY });
}

/** The `{ type, message }` of an API error body, or a stand-in when the body is not one. */
function apiErrorOf(text: string): { type: string; message: string } {
  try {
    const parsed = JSON.parse(text) as { error?: { type?: unknown; message?: unknown } };
    const { type, message } = parsed.error ?? {};
    if (typeof type === "string" && typeof message === "string") return { type, message };
  } catch {
    // Not JSON: described below.
  }
  return { type: "unknown_error", message: `body ${JSON.stringify(text.slice(0, 200))}` };
}

/**
 * One scenario run's link to its recording: holds the current step label, counts each request's
 * occurrences, and answers every Messages API request by the mode. The first failure (a missing
 * recording, a record-mode API error after every retry) is kept in `failure` (and settles
 * `failed()`), and the request gets an answer the SDK does not retry: the runner reports `failure`
 * in place of whatever the calling code made of that answer.
 */
export class RecordingSession {
  /** The step label requests are filed under; the runner sets it before each stage. */
  step = "setup";
  /** The first error met while answering a request (a missing recording...); see `markFailed`. */
  failure: Error | undefined;
  /** Path of the recording file. */
  readonly file: string;
  /** Every request body the session answered, in order: what the model was sent (graders read it). */
  readonly requests: JsonValue[] = [];
  readonly options: RecordingSessionOptions;
  private readonly recording: RecordingFile | undefined;
  private readonly entries: RecordingEntry[] = [];
  private readonly occurrences = new Map<string, number>();
  private readonly hooks: InFlightHook[] = [];
  private readonly responder: AuthoredResponder | undefined;
  private readonly failedSignal: Promise<Error>;
  private resolveFailed: (error: Error) => void = () => {};

  private constructor(options: RecordingSessionOptions, recording: RecordingFile | undefined) {
    this.options = options;
    this.file = recordingPath(
      options.recordingsDir,
      options.model,
      options.extractionPrompt,
      options.scenarioId,
    );
    this.recording = recording;
    this.failedSignal = new Promise<Error>((resolve) => {
      this.resolveFailed = resolve;
    });
    this.responder =
      options.mode === "author"
        ? createAuthoredResponder({
            replies: options.authoredReplies ?? [],
            model: options.model,
            ...(options.minimums ? { minimums: options.minimums } : {}),
          })
        : undefined;
  }

  /**
   * Opens a session; in replay, reads the recording file (a missing file is reported at the
   * first request, as a missing recording).
   *
   * @param options - Mode, scenario, model, extraction prompt, recordings folder (and authored
   *   replies in author mode).
   * @returns The session.
   * @throws {RecordingFileError} when the recording file exists but is invalid.
   * @example const session = await RecordingSession.open({ mode: "replay", scenarioId: "remember", model, extractionPrompt: "extraction@1", recordingsDir });
   */
  static async open(options: RecordingSessionOptions): Promise<RecordingSession> {
    const file = recordingPath(
      options.recordingsDir,
      options.model,
      options.extractionPrompt,
      options.scenarioId,
    );
    const recording = options.mode === "replay" ? await readRecordingFile(file) : undefined;
    return new RecordingSession(options, recording);
  }

  /** The recording read in replay (undefined when the file is missing or in other modes). */
  get replayed(): RecordingFile | undefined {
    return this.recording;
  }

  /**
   * Runs `hook` while the next request is in flight, before it is answered (the "user says
   * remember X while a consolidation runs" race).
   *
   * @param hook - Async function given the step label.
   * @returns Nothing.
   * @example session.duringNextRequest(async () => { await remember({ store, file, fact }); });
   */
  duringNextRequest(hook: InFlightHook): void {
    this.hooks.push(hook);
  }

  /**
   * Drops hooks that no request ran (the stage they were meant for made no request).
   *
   * @returns How many were dropped.
   * @example session.clearPendingHooks() // 0
   */
  clearPendingHooks(): number {
    return this.hooks.splice(0).length;
  }

  /**
   * Answers one Messages API request: runs the next in-flight hook, then replays, records or
   * authors the reply by the mode.
   *
   * @param request - The intercepted fetch request.
   * @returns The response to give the SDK, always with `x-should-retry: false`. A failure (no
   *   recorded or authored reply for the request, a request or recorded reply that is not JSON) is
   *   not thrown: the first one is kept in `failure` (`MissingRecordingError` or
   *   `RecordingRequestError`) and answered with a 404. In record mode the request is sent to the
   *   API with retries (`passThrough`, `RECORD_RETRY_POLICY`); only a successful answer is
   *   recorded; retries run out -> `RecordApiError` in `failure` and the API's last answer (a 502
   *   after network errors); a non-retryable error (401, 400) is passed on as the API gave it.
   * @throws {Error} whatever an in-flight hook (`duringNextRequest`) throws.
   * @example const response = await session.handle(request);
   */
  async handle(request: Request): Promise<Response> {
    const step = this.step;
    let body: JsonValue;
    const text = await request.clone().text();
    try {
      body = JSON.parse(text) as JsonValue;
    } catch (error) {
      return this.fail(
        new RecordingRequestError({
          step,
          problem: `the request body is not JSON (${JSON.stringify(text.slice(0, 80))})`,
          cause: error,
        }),
      );
    }
    this.requests.push(body);
    const key = recordingKey(body);
    const occurrence = (this.occurrences.get(key) ?? 0) + 1;
    this.occurrences.set(key, occurrence);
    const hook = this.hooks.shift();
    if (hook) await hook(step);
    switch (this.options.mode) {
      case "replay":
        return this.replay(body, key, occurrence, step);
      case "record":
        return this.record(request, text, body, key, occurrence, step);
      case "author":
        return this.author(body, key, occurrence, step);
    }
  }

  /**
   * Keeps `error` as the session's failure unless one is kept already (the first one wins), and
   * settles `failed()`.
   *
   * @param error - What went wrong while answering a request.
   * @returns The failure kept (the first one).
   * @example session.markFailed(new Error("the in-flight hook threw"));
   */
  markFailed(error: Error): Error {
    if (this.failure === undefined) {
      this.failure = error;
      this.resolveFailed(error);
    }
    return this.failure;
  }

  /**
   * Settles with the session's first failure, once there is one (never, for a clean run).
   *
   * @returns A promise of the first failure; it never rejects.
   * @example const failure = await session.failed();
   */
  failed(): Promise<Error> {
    return this.failedSignal;
  }

  private fail(error: Error): Response {
    this.markFailed(error);
    return errorResponse(404, "not_found_error", error.message);
  }

  private replay(body: JsonValue, key: string, occurrence: number, step: string): Response {
    const base = { scenarioId: this.options.scenarioId, step, file: this.file };
    if (this.recording === undefined) {
      return this.fail(
        new MissingRecordingError({ ...base, problem: "the recording file does not exist." }),
      );
    }
    const entry = this.recording.entries.find(
      (candidate) => candidate.key === key && candidate.occurrence === occurrence,
    );
    if (entry) {
      return Response.json(entry.response.body, { status: entry.response.status });
    }
    const recordedTimes = this.recording.entries.filter(
      (candidate) => candidate.key === key,
    ).length;
    if (recordedTimes > 0) {
      return this.fail(
        new MissingRecordingError({
          ...base,
          problem: `this exact request was recorded ${recordedTimes} time(s), and this is occurrence ${occurrence}.`,
        }),
      );
    }
    const nearest = findNearestEntry(this.recording.entries, normalizeJson(body), step);
    return this.fail(
      new MissingRecordingError({
        ...base,
        problem:
          nearest === undefined
            ? "the recording file has no entries."
            : `no recorded request has this body (key ${key.slice(0, 12)}).`,
        ...(nearest
          ? {
              difference: describeRequestDifference(nearest.entry.request, normalizeJson(body)),
              nearestStep: nearest.entry.step,
            }
          : {}),
      }),
    );
  }

  private async record(
    request: Request,
    text: string,
    body: JsonValue,
    key: string,
    occurrence: number,
    step: string,
  ): Promise<Response> {
    const headers = new Headers(request.headers);
    for (const name of this.options.dropHeaders ?? []) headers.delete(name);
    headers.delete("content-length");
    const result = await passThrough({
      url: request.url,
      method: request.method,
      headers,
      body: text,
      ...(this.options.retryPolicy ? { policy: this.options.retryPolicy } : {}),
    });
    const base = { scenarioId: this.options.scenarioId, step, attempts: result.attempts };
    if (result.kind === "network_error") {
      const cause = result.error;
      const detail = cause instanceof Error ? cause : new Error(String(cause));
      const reason = detail.cause instanceof Error ? `: ${detail.cause.message}` : "";
      const failure = new RecordApiError({
        ...base,
        type: "connection_error",
        apiMessage: `${detail.message}${reason} (${request.url})`,
        cause,
      });
      this.markFailed(failure);
      return errorResponse(502, "api_error", failure.message);
    }
    const contentType = result.headers.get("content-type") ?? "application/json";
    const answer = new Response(result.text, {
      status: result.status,
      headers: { "content-type": contentType, ...NO_RETRY },
    });
    if (result.status >= 200 && result.status < 300) {
      let responseBody: JsonValue;
      try {
        responseBody = JSON.parse(result.text) as JsonValue;
      } catch (error) {
        return this.fail(
          new RecordingRequestError({
            step,
            problem: "the API answered with a body that is not JSON",
            cause: error,
          }),
        );
      }
      this.entries.push({
        key,
        occurrence,
        step,
        request: normalizeJson(body),
        response: { status: result.status, body: responseBody },
      });
      return answer;
    }
    // A failed call is not recorded: if the calling code sends it again, that is the same occurrence.
    this.occurrences.set(key, occurrence - 1);
    if (isRetryableStatus(result.status, result.headers)) {
      const apiError = apiErrorOf(result.text);
      const requestId = result.headers.get("request-id");
      this.markFailed(
        new RecordApiError({
          ...base,
          status: result.status,
          type: apiError.type,
          apiMessage: apiError.message,
          ...(requestId ? { requestId } : {}),
        }),
      );
    }
    return answer;
  }

  private author(body: JsonValue, key: string, occurrence: number, step: string): Response {
    const answer = this.responder?.({ body, key, occurrence, step }) ?? { found: false, given: 0 };
    if (!answer.found) {
      return this.fail(
        new MissingRecordingError({
          scenarioId: this.options.scenarioId,
          step,
          file: this.options.authoredFile ?? "(no authored replies)",
          problem:
            `no authored reply is left for this step (${answer.given} written for it for ` +
            `${this.options.model}). Add one with step "${step}" in call order.`,
        }),
      );
    }
    this.entries.push({
      key,
      occurrence,
      step,
      request: normalizeJson(body),
      response: { status: 200, body: answer.body },
    });
    return Response.json(answer.body, { status: 200 });
  }

  /**
   * The recording this session made (record and author modes), ready to write.
   *
   * @param date - ISO date `YYYY-MM-DD` of a `recorded` file (default today, UTC).
   * @returns The recording, or `undefined` in replay.
   * @example const recording = session.recordingMade();
   */
  recordingMade(date = new Date().toISOString().slice(0, 10)): RecordingFile | undefined {
    const common = {
      model: this.options.model,
      scenario: this.options.scenarioId,
      extractionPrompt: this.options.extractionPrompt,
      entries: this.entries,
    };
    if (this.options.mode === "record") {
      return { provenance: "recorded", date, ...common };
    }
    if (this.options.mode === "author") {
      return { provenance: "authored", usageMethod: AUTHORED_USAGE_METHOD, ...common };
    }
    return undefined;
  }

  /**
   * Writes the recording this session made (record and author modes; nothing in replay).
   *
   * @param date - ISO date of a `recorded` file (default today, UTC).
   * @returns The file written, or `undefined` in replay.
   * @throws {Error} file-system errors (such as `EACCES`) from writing the file.
   * @example await session.save();
   */
  async save(date?: string): Promise<string | undefined> {
    const recording = this.recordingMade(date);
    if (recording === undefined) return undefined;
    await writeRecordingFile(this.file, recording);
    return this.file;
  }
}
