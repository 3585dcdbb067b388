/** What memfiles reads of an error the Anthropic SDK threw, whichever copy of the SDK threw it. */
export type ApiErrorShape = {
  /** The SDK's class name, e.g. `OverloadedError`, `APIConnectionError`. */
  name: string;
  /** The HTTP status, e.g. 529; absent when no response came (a connection error, a timeout). */
  status?: number;
  /** The API's error type from the response body, e.g. `overloaded_error`, when it sent one. */
  type?: string;
  /** `true` for a connection failure or timeout (no HTTP response). */
  connection: boolean;
  message: string;
};

// The SDK's own names (`@anthropic-ai/sdk` core/error): connection failures carry no status.
const CONNECTION_NAMES = new Set(["APIConnectionError", "APIConnectionTimeoutError"]);
const ABORT_NAMES = new Set(["APIUserAbortError", "AbortError"]);

/**
 * Reads an error as an Anthropic API error by its shape, not its class: an application that loads
 * the SDK with `require()` (CommonJS) holds other classes than memfiles' ESM import, so
 * `instanceof APIError` is false for its errors. An API error is an `Error` with a numeric HTTP
 * `status` and the response `headers`, or one named as the SDK names a connection failure
 * (`APIConnectionError`, `APIConnectionTimeoutError`). A user's abort (`APIUserAbortError`) is not
 * one: the caller asked to stop, so it is thrown on.
 *
 * @param error - Anything caught.
 * @returns `{ name, status?, type?, connection, message }`, or `undefined` when `error` is not an
 *   API error (a bug, an abort, a file-system error).
 * @example apiErrorOf(new OverloadedError(529, body, undefined, headers)) // { name: "OverloadedError", status: 529, type: "overloaded_error", connection: false, message: "529 ..." }
 */
export function apiErrorOf(error: unknown): ApiErrorShape | undefined {
  if (!(error instanceof Error) || ABORT_NAMES.has(error.name)) return undefined;
  const fields = error as Error & { status?: unknown; headers?: unknown; type?: unknown };
  const connection = CONNECTION_NAMES.has(error.name);
  const answered =
    typeof fields.status === "number" &&
    typeof fields.headers === "object" &&
    fields.headers !== null;
  if (!connection && !answered) return undefined;
  return {
    name: error.name,
    ...(typeof fields.status === "number" ? { status: fields.status } : {}),
    ...(typeof fields.type === "string" ? { type: fields.type } : {}),
    connection,
    message: error.message,
  };
}
