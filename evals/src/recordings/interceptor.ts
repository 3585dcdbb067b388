import { randomUUID } from "node:crypto";
import { HttpResponse, http } from "msw";
import { type SetupServerApi, setupServer } from "msw/node";
import type { RecordingSession } from "./recording-session.js";

/**
 * Request header that routes a Messages API request to its scenario run's recording session, so
 * runs may overlap in one process. It is not part of the recording key (headers never are) and is
 * not forwarded to the API in record mode.
 */
export const RECORDING_RUN_HEADER = "x-memfiles-recording-run";

const sessions = new Map<string, RecordingSession>();
let server: SetupServerApi | undefined;

const messagesHandler = http.post(/\/v1\/messages(\?.*)?$/, ({ request }) =>
  answer(request, (session) => session.handle(request)),
);

/** The Message Batches API: create, retrieve, results (JSONL). */
const batchesHandler = http.all(/\/v1\/messages\/batches(\/[^?]*)?(\?.*)?$/, ({ request }) =>
  answer(request, (session) => session.handleBatch(request)),
);

async function answer(
  request: Request,
  handle: (session: RecordingSession) => Promise<Response>,
): Promise<Response> {
  const run = request.headers.get(RECORDING_RUN_HEADER);
  const session = run === null ? undefined : sessions.get(run);
  if (session === undefined) {
    return HttpResponse.json(
      {
        type: "error",
        error: {
          type: "not_found_error",
          message:
            "memfiles recordings: this Messages API request belongs to no recording session. " +
            "Create the Anthropic client with the headers returned by attachRecordingSession().",
        },
      },
      { status: 404 },
    );
  }
  try {
    return await handle(session);
  } catch (error) {
    // An in-flight hook or the pass-through threw: the run is broken, and the SDK still gets an
    // answer it does not retry, so its call settles.
    const failure = session.markFailed(error instanceof Error ? error : new Error(String(error)));
    return HttpResponse.json(
      { type: "error", error: { type: "api_error", message: failure.message } },
      { status: 500, headers: { "x-should-retry": "false" } },
    );
  }
}

/**
 * How long a Messages API call may stay unsettled after its recording session failed, ms. The
 * session's own answer settles it within milliseconds; this only ends a call msw never answers.
 */
export const SETTLE_GRACE_MS = 2_000;

/** Statuses whose response has no body (`new Response(text)` refuses them one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Thrown by a guarded fetch that had not settled `graceMs` after its session failed. */
function unsettledError(session: RecordingSession, graceMs: number, failure: Error): Error {
  return new Error(
    `memfiles recordings: a Messages API request at step "${session.step}" was still unanswered ` +
      `${graceMs} ms after the recording session failed (${failure.message}).`,
    { cause: failure },
  );
}

/**
 * Wraps a fetch function for the Anthropic client of a recording session: each answer is read in
 * full and handed over as a plain `Response` (the SDK never touches an msw body stream), and a
 * call still unsettled `graceMs` after the session failed is rejected, so no path leaves the run's
 * promise hanging (an unsettled top-level await would end `pnpm eval` silently, exit code 13).
 *
 * @param session - The run's recording session (its `failed()` starts the grace period).
 * @param inner - The fetch to call (default the global one, patched by msw).
 * @param graceMs - Grace period after a session failure, ms (default `SETTLE_GRACE_MS`).
 * @returns A `fetch`-compatible function to pass as `fetch` to `new Anthropic(...)`.
 * @example const client = new Anthropic({ fetch: guardedFetch(session), maxRetries: 0 });
 */
export function guardedFetch(
  session: RecordingSession,
  inner: typeof fetch = (input, init) => fetch(input, init),
  graceMs: number = SETTLE_GRACE_MS,
): typeof fetch {
  return async (input, init) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = inner(input, init).then(
      async (response) =>
        new Response(NULL_BODY_STATUSES.has(response.status) ? null : await response.text(), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        }),
    );
    const stuck = session.failed().then(
      (failure) =>
        new Promise<never>((_resolve, reject) => {
          if (settled) return;
          timer = setTimeout(() => reject(unsettledError(session, graceMs, failure)), graceMs);
        }),
    );
    try {
      return await Promise.race([answered, stuck]);
    } finally {
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
    }
  };
}

/** What `attachRecordingSession` gives the caller. */
export type AttachedRecordingSession = {
  /** Pass as `defaultHeaders` to `new Anthropic(...)`. */
  defaultHeaders: Record<string, string>;
  /** Pass as `fetch` to `new Anthropic(...)`: `guardedFetch(session)`. */
  fetch: typeof fetch;
  /** Stops routing to the session; the last detach stops the interception. */
  detach: () => void;
};

/**
 * Routes Messages API requests carrying the returned header to a recording session, starting the
 * process-wide msw/node interception on first use. Create the Anthropic client after this call:
 * the SDK keeps the `fetch` it finds when constructed, and msw patches the global one.
 *
 * Any other request to an Anthropic-style `/v1/` path is an error (never sent to the network);
 * unrelated requests pass through.
 *
 * @param session - The scenario run's recording session.
 * @returns `{ defaultHeaders, fetch, detach }`: create the client with `maxRetries: 0` (the SDK's
 *   retries hang behind msw, mswjs/interceptors#799; record mode retries by itself).
 * @example
 * const attached = attachRecordingSession(session);
 * const client = new Anthropic({ apiKey: "replay", maxRetries: 0, defaultHeaders: attached.defaultHeaders, fetch: attached.fetch });
 * try { ... } finally { attached.detach(); }
 */
export function attachRecordingSession(session: RecordingSession): AttachedRecordingSession {
  const run = randomUUID();
  sessions.set(run, session);
  if (server === undefined) {
    server = setupServer(messagesHandler, batchesHandler);
    server.listen({
      onUnhandledRequest(request, print) {
        if (new URL(request.url).pathname.startsWith("/v1/")) print.error();
      },
    });
  }
  let attached = true;
  return {
    defaultHeaders: { [RECORDING_RUN_HEADER]: run },
    fetch: guardedFetch(session),
    detach() {
      if (!attached) return;
      attached = false;
      sessions.delete(run);
      if (sessions.size === 0 && server !== undefined) {
        server.close();
        server = undefined;
      }
    },
  };
}
