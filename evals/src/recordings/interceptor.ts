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

const messagesHandler = http.post(/\/v1\/messages(\?.*)?$/, async ({ request }) => {
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
  return session.handle(request);
});

/** What `attachRecordingSession` gives the caller. */
export type AttachedRecordingSession = {
  /** Pass as `defaultHeaders` to `new Anthropic(...)`. */
  defaultHeaders: Record<string, string>;
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
 * @returns `{ defaultHeaders, detach }`.
 * @example
 * const attached = attachRecordingSession(session);
 * const client = new Anthropic({ apiKey: "replay", maxRetries: 0, defaultHeaders: attached.defaultHeaders });
 * try { ... } finally { attached.detach(); }
 */
export function attachRecordingSession(session: RecordingSession): AttachedRecordingSession {
  const run = randomUUID();
  sessions.set(run, session);
  if (server === undefined) {
    server = setupServer(messagesHandler);
    server.listen({
      onUnhandledRequest(request, print) {
        if (new URL(request.url).pathname.startsWith("/v1/")) print.error();
      },
    });
  }
  let attached = true;
  return {
    defaultHeaders: { [RECORDING_RUN_HEADER]: run },
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
