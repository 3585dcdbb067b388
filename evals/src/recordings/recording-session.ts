import type { AuthoredReply } from "../scenarios/index.js";
import { type AuthoredResponder, createAuthoredResponder } from "./authored-responder.js";
import { AUTHORED_USAGE_METHOD } from "./authored-usage.js";
import {
  type AnsweredBatch,
  type BatchResultLine,
  batchObject,
  formatResultsJsonl,
  parseResultsJsonl,
} from "./batch-objects.js";
import { BudgetExceededError } from "./budget-exceeded-error.js";
import { MissingRecordingError } from "./missing-recording-error.js";
import { type JsonValue, normalizeJson, recordingKey } from "./normalize.js";
import { isRetryableStatus, passThrough, type RetryPolicy } from "./pass-through.js";
import { RecordApiError } from "./record-api-error.js";
import type { RecordBudget } from "./record-budget.js";
import {
  API_HOST,
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
  /** 1-based epoch (default 1): epoch n >= 2 reads and writes `<scenarioId>.epoch-<n>.json`. */
  epoch?: number;
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
  /** Record mode: the spending cap every call is checked against before it is sent. */
  budget?: RecordBudget;
  /** Author mode: the `note` written into the recording (what is special about this epoch). */
  note?: string;
};

/** A request sent in a batch in record mode, kept until its result is recorded. */
type SentBatchRequest = { key: string; occurrence: number; step: string; request: JsonValue };

/** The parts of a Message Batches API path: the batch id, and whether it asks for the results. */
const BATCH_PATH = /\/v1\/messages\/batches(?:\/([^/]+?)(\/results)?)?\/?$/;

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
  /** Every request body received, with the step it was filed under, in order (for request graders). */
  readonly requests: { step: string; body: JsonValue }[] = [];
  /** Path of the recording file. */
  readonly file: string;
  readonly options: RecordingSessionOptions;
  private readonly recording: RecordingFile | undefined;
  private readonly entries: RecordingEntry[] = [];
  /** Hosts the recorded requests were answered by (record mode): `ANTHROPIC_BASE_URL`'s. */
  private readonly hosts = new Set<string>();
  private readonly occurrences = new Map<string, number>();
  private readonly hooks: InFlightHook[] = [];
  private readonly responder: AuthoredResponder | undefined;
  private readonly failedSignal: Promise<Error>;
  private resolveFailed: (error: Error) => void = () => {};
  /** Batches answered from recordings or authored replies, by id. */
  private readonly batches = new Map<string, AnsweredBatch>();
  /** Record mode: each batch's requests by `custom_id`, until its results come back. */
  private readonly sentBatches = new Map<string, Map<string, SentBatchRequest>>();

  private constructor(options: RecordingSessionOptions, recording: RecordingFile | undefined) {
    this.options = options;
    this.file = recordingPath(
      options.recordingsDir,
      options.model,
      options.extractionPrompt,
      options.scenarioId,
      options.epoch,
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
      options.epoch,
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
    this.requests.push({ step, body });
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

  /**
   * Record mode: asks the token-counting endpoint
   * (https://platform.claude.com/docs/en/build-with-claude/token-counting; free of charge, and
   * available for every 5.x model and Haiku 4.5) for the prompt tokens of a recorded request (its
   * `model`, `system`, `tools`, `tool_choice`, `messages`, `thinking`, `output_config`: the fields the
   * endpoint takes). A failure is noted in the entry, never fails the recording.
   */
  private async countTokens(
    url: string,
    headers: Headers,
    body: JsonValue,
  ): Promise<{ countedInputTokens: number } | { countTokensError: string }> {
    const fields = [
      "model",
      "system",
      "tools",
      "tool_choice",
      "messages",
      "thinking",
      "output_config",
    ];
    const source = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
    const countBody = Object.fromEntries(
      Object.entries(source).filter(([name]) => fields.includes(name)),
    );
    const result = await passThrough({
      url: url.replace(/\/v1\/messages(?=$|\?)/, "/v1/messages/count_tokens"),
      method: "POST",
      headers,
      body: JSON.stringify(countBody),
      ...(this.options.retryPolicy ? { policy: this.options.retryPolicy } : {}),
    });
    if (result.kind === "network_error") return { countTokensError: String(result.error) };
    if (result.status < 200 || result.status >= 300) {
      return { countTokensError: `HTTP ${result.status}: ${result.text.slice(0, 200)}` };
    }
    try {
      const parsed = JSON.parse(result.text) as { input_tokens?: unknown };
      if (typeof parsed.input_tokens === "number")
        return { countedInputTokens: parsed.input_tokens };
    } catch {
      // reported below
    }
    return { countTokensError: `no input_tokens in ${result.text.slice(0, 200)}` };
  }

  private async record(
    request: Request,
    text: string,
    body: JsonValue,
    key: string,
    occurrence: number,
    step: string,
  ): Promise<Response> {
    const refusal = this.options.budget?.refusal(body, this.options.model);
    if (refusal !== undefined && this.options.budget !== undefined) {
      this.markFailed(
        new BudgetExceededError({
          scenarioId: this.options.scenarioId,
          step,
          maxUsd: this.options.budget.maxUsd,
          problem: refusal,
        }),
      );
      return errorResponse(402, "budget_exceeded", refusal);
    }
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
      this.options.budget?.charge(responseBody, this.options.model);
      this.hosts.add(new URL(request.url).host);
      const counted = await this.countTokens(request.url, headers, body);
      this.entries.push({
        key,
        occurrence,
        step,
        request: normalizeJson(body),
        response: { status: result.status, body: responseBody },
        ...counted,
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
   * Answers one Message Batches API request (create, retrieve, results;
   * https://platform.claude.com/docs/en/build-with-claude/batch-processing). In replay and author
   * modes each entry of a created batch is answered like a Messages API request with the same body
   * (same key and occurrence count, so a recording serves a request sent alone or in a batch): a
   * recorded `batchResult` gives that result (`errored`, `expired`, `canceled`), any other entry is
   * `succeeded` with the recorded message, its `usage.service_tier` set to `batch` as the API
   * reports a batch's usage. The batch is `in_progress` when created and `ended` when retrieved.
   * In record mode every batch request is passed through to the API, and the results JSONL is
   * recorded entry by entry (a succeeded message as a plain entry, another result as `batchResult`).
   *
   * @param request - The intercepted fetch request (`POST /v1/messages/batches`, `GET
   *   /v1/messages/batches/:id` or `GET /v1/messages/batches/:id/results`).
   * @returns The response to give the SDK, always with `x-should-retry: false`; a missing
   *   recording for any entry fails the create as `handle` fails a request.
   * @example const response = await session.handleBatch(request);
   */
  async handleBatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const [, id, results] = BATCH_PATH.exec(url.pathname) ?? [];
    if (this.options.mode === "record") return this.recordBatch(request, id, results !== undefined);
    if (id === undefined) {
      if (request.method !== "POST") {
        return errorResponse(
          405,
          "invalid_request_error",
          "memfiles recordings: listing batches is not recorded.",
        );
      }
      return this.createBatch(request, url.origin);
    }
    const batch = this.batches.get(id);
    if (batch === undefined) {
      return errorResponse(
        404,
        "not_found_error",
        `memfiles recordings: no batch ${id} was created in this run.`,
      );
    }
    if (results !== undefined) {
      return new Response(formatResultsJsonl(batch.lines), {
        status: 200,
        headers: { "content-type": "application/binary", ...NO_RETRY },
      });
    }
    return Response.json(batchObject(batch, "ended", url.origin), { headers: NO_RETRY });
  }

  private async createBatch(request: Request, origin: string): Promise<Response> {
    const step = this.step;
    const requests = await this.batchRequests(request, step);
    if (requests instanceof Response) return requests;
    const lines: BatchResultLine[] = [];
    for (const { custom_id, params } of requests) {
      this.requests.push({ step, body: params });
      const key = recordingKey(params);
      const occurrence = (this.occurrences.get(key) ?? 0) + 1;
      this.occurrences.set(key, occurrence);
      const recorded = this.recording?.entries.find(
        (candidate) => candidate.key === key && candidate.occurrence === occurrence,
      );
      if (this.options.mode === "replay" && recorded?.batchResult !== undefined) {
        lines.push({ custom_id, result: recorded.batchResult as JsonValue });
        continue;
      }
      const answer =
        this.options.mode === "replay"
          ? this.replay(params, key, occurrence, step)
          : this.author(params, key, occurrence, step);
      if (answer.status !== 200) return answer;
      const message = (await answer.json()) as { usage?: Record<string, JsonValue> };
      lines.push({
        custom_id,
        result: {
          type: "succeeded",
          message: { ...message, usage: { ...message.usage, service_tier: "batch" } },
        } as JsonValue,
      });
    }
    const batch = { id: `msgbatch_memfiles_${this.batches.size + 1}`, lines };
    this.batches.set(batch.id, batch);
    return Response.json(batchObject(batch, "in_progress", origin), { headers: NO_RETRY });
  }

  /** The `requests` of a batch create body, or the failure response when it is not one. */
  private async batchRequests(
    request: Request,
    step: string,
  ): Promise<{ custom_id: string; params: JsonValue }[] | Response> {
    const text = await request.clone().text();
    try {
      const body = JSON.parse(text) as { requests?: { custom_id: string; params: JsonValue }[] };
      if (Array.isArray(body.requests)) return body.requests;
    } catch {
      // described below
    }
    return this.fail(
      new RecordingRequestError({
        step,
        problem: `the batch create body is not { requests: [{ custom_id, params }] } (${JSON.stringify(text.slice(0, 80))})`,
      }),
    );
  }

  private async recordBatch(
    request: Request,
    id: string | undefined,
    results: boolean,
  ): Promise<Response> {
    const step = this.step;
    const headers = new Headers(request.headers);
    for (const name of this.options.dropHeaders ?? []) headers.delete(name);
    headers.delete("content-length");
    const text = request.method === "GET" ? "" : await request.clone().text();
    const sent = await passThrough({
      url: request.url,
      method: request.method,
      headers,
      body: text,
      ...(this.options.retryPolicy ? { policy: this.options.retryPolicy } : {}),
    });
    if (sent.kind === "network_error") {
      const failure = new RecordApiError({
        scenarioId: this.options.scenarioId,
        step,
        attempts: sent.attempts,
        type: "connection_error",
        apiMessage: `${String(sent.error)} (${request.url})`,
        cause: sent.error,
      });
      this.markFailed(failure);
      return errorResponse(502, "api_error", failure.message);
    }
    const ok = sent.status >= 200 && sent.status < 300;
    if (ok) this.hosts.add(new URL(request.url).host);
    if (ok && id === undefined && request.method === "POST") {
      const requests = await this.batchRequests(request, step);
      if (requests instanceof Response) return requests;
      const byCustomId = new Map<string, SentBatchRequest>();
      for (const { custom_id, params } of requests) {
        this.requests.push({ step, body: params });
        const key = recordingKey(params);
        const occurrence = (this.occurrences.get(key) ?? 0) + 1;
        this.occurrences.set(key, occurrence);
        byCustomId.set(custom_id, { key, occurrence, step, request: normalizeJson(params) });
      }
      this.sentBatches.set((JSON.parse(sent.text) as { id: string }).id, byCustomId);
    }
    const byCustomId = id === undefined ? undefined : this.sentBatches.get(id);
    if (ok && results && byCustomId !== undefined) {
      for (const line of parseResultsJsonl(sent.text)) {
        const entry = byCustomId.get(line.custom_id);
        if (entry === undefined) continue;
        byCustomId.delete(line.custom_id);
        const result = line.result as { type: string; message?: JsonValue };
        this.entries.push({
          ...entry,
          ...(result.type === "succeeded"
            ? { response: { status: 200, body: result.message ?? null } }
            : {
                response: { status: 200, body: null },
                batchResult: line.result as RecordingEntry["batchResult"] & object,
              }),
        });
      }
    }
    return new Response(sent.text, {
      status: sent.status,
      headers: {
        "content-type": sent.headers.get("content-type") ?? "application/json",
        ...NO_RETRY,
      },
    });
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
      ...((this.options.epoch ?? 1) > 1 ? { epoch: this.options.epoch as number } : {}),
      ...(this.options.note === undefined ? {} : { note: this.options.note }),
      entries: this.entries,
    };
    if (this.options.mode === "record") {
      // A recording made through a proxy or a fake server says so; the API's own host is left out.
      const hosts = [...this.hosts].filter((host) => host !== API_HOST).sort();
      return {
        provenance: "recorded",
        date,
        ...(hosts.length === 0 ? {} : { host: hosts.join(", ") }),
        ...common,
      };
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
