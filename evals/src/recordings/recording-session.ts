import { bypass } from "msw";
import type { AuthoredReply } from "../scenarios/index.js";
import { type AuthoredResponder, createAuthoredResponder } from "./authored-responder.js";
import { AUTHORED_USAGE_METHOD } from "./authored-usage.js";
import { MissingRecordingError } from "./missing-recording-error.js";
import { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";
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
};

/** A hook run while a request is in flight, before its answer is returned. */
export type InFlightHook = (step: string) => Promise<void>;

function errorResponse(status: number, type: string, message: string): Response {
  return Response.json({ type: "error", error: { type, message } }, { status });
}

/**
 * One scenario run's link to its recording: holds the current step label, counts each request's
 * occurrences, and answers every Messages API request by the mode. The first failure (a missing
 * recording) is kept in `failure`, and the request gets a 404 the SDK does not retry: the runner
 * reports `failure` in place of whatever the calling code made of the 404.
 */
export class RecordingSession {
  /** The step label requests are filed under; the runner sets it before each stage. */
  step = "setup";
  /** The first error met while answering a request (a missing recording...). */
  failure: Error | undefined;
  /** Path of the recording file. */
  readonly file: string;
  readonly options: RecordingSessionOptions;
  private readonly recording: RecordingFile | undefined;
  private readonly entries: RecordingEntry[] = [];
  private readonly occurrences = new Map<string, number>();
  private readonly hooks: InFlightHook[] = [];
  private readonly responder: AuthoredResponder | undefined;

  private constructor(options: RecordingSessionOptions, recording: RecordingFile | undefined) {
    this.options = options;
    this.file = recordingPath(
      options.recordingsDir,
      options.model,
      options.extractionPrompt,
      options.scenarioId,
    );
    this.recording = recording;
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
   * @returns The response to give the SDK. A failure (no recorded or authored reply for the
   *   request, a request or recorded reply that is not JSON) is not thrown: the first one is kept
   *   in `failure` (`MissingRecordingError` or `RecordingRequestError`) and answered with a 404.
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

  private fail(error: Error): Response {
    this.failure ??= error;
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
    const response = await fetch(
      bypass(request.url, { method: request.method, headers, body: text }),
    );
    const responseText = await response.text();
    if (response.ok) {
      let responseBody: JsonValue;
      try {
        responseBody = JSON.parse(responseText) as JsonValue;
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
        response: { status: response.status, body: responseBody },
      });
    } else {
      // A failed call (overloaded, rate limited) is retried by the SDK: the retry is the same occurrence.
      this.occurrences.set(key, occurrence - 1);
    }
    const contentType = response.headers.get("content-type") ?? "application/json";
    return new Response(responseText, {
      status: response.status,
      headers: { "content-type": contentType },
    });
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
