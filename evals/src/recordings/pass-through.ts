import { bypass } from "msw";

/** How record mode retries a request the API failed with a retryable error. */
export type RetryPolicy = {
  /** Tries in all, the first one included (at least 1). */
  attempts: number;
  /** Backoff before the first retry, ms; doubled for each later one. */
  initialDelayMs: number;
  /** Cap of the exponential backoff, ms. */
  maxBackoffMs: number;
  /** Cap of a wait the API asks for with `retry-after-ms` / `retry-after`, ms. */
  maxRetryAfterMs: number;
};

/**
 * Record mode's retry policy: 3 tries, 0.5 s then 1 s of backoff (with up to 25% jitter), and
 * the API's `retry-after-ms` / `retry-after` wait when it sends one, up to 60 s. The tries and the
 * backoff are those of `@anthropic-ai/sdk` 1.x (`maxRetries: 2`, 0.5 s initial delay, 8 s cap),
 * which record mode turns off because msw/node cannot carry the SDK's own retries
 * (mswjs/interceptors#799).
 */
export const RECORD_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  initialDelayMs: 500,
  maxBackoffMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Whether an HTTP status is worth retrying: 408 request timeout, 409 lock timeout, 429 rate
 * limit, and every 5xx (529 overloaded included). The list is the one `@anthropic-ai/sdk` 1.x
 * retries (`shouldRetry`); an `x-should-retry: true|false` header overrides it.
 *
 * @param status - HTTP status code.
 * @param headers - The answer's headers (for `x-should-retry`).
 * @returns True when the request should be sent again.
 * @example isRetryableStatus(529) // true
 */
export function isRetryableStatus(status: number, headers?: Headers): boolean {
  const header = headers?.get("x-should-retry");
  if (header === "true") return true;
  if (header === "false") return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * How long to wait before retry number `retry` (1 for the first retry): the API's
 * `retry-after-ms` (ms), else `retry-after` (seconds or an HTTP date), capped at
 * `policy.maxRetryAfterMs`; without a usable header, exponential backoff from
 * `policy.initialDelayMs` up to `policy.maxBackoffMs`, less up to 25% jitter.
 *
 * @param retry - 1 for the first retry, 2 for the second...
 * @param headers - Headers of the failed answer (undefined after a network error).
 * @param policy - The retry policy (default `RECORD_RETRY_POLICY`).
 * @param random - Source of jitter in [0, 1) (default `Math.random`).
 * @param now - Current time, for an HTTP-date `retry-after` (default `new Date()`).
 * @returns The wait in ms (0 or more).
 * @example retryDelayMs(1, new Headers({ "retry-after-ms": "1" })) // 1
 */
export function retryDelayMs(
  retry: number,
  headers: Headers | undefined,
  policy: RetryPolicy = RECORD_RETRY_POLICY,
  random: () => number = Math.random,
  now: Date = new Date(),
): number {
  let asked: number | undefined;
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) asked = milliseconds;
  const after = headers?.get("retry-after");
  if (asked === undefined && after) {
    const seconds = Number.parseFloat(after);
    const date = Date.parse(after);
    if (Number.isFinite(seconds) && seconds >= 0) asked = seconds * 1000;
    else if (Number.isFinite(date)) asked = Math.max(0, date - now.getTime());
  }
  if (asked !== undefined) return Math.min(asked, policy.maxRetryAfterMs);
  const backoff = Math.min(policy.initialDelayMs * 2 ** (retry - 1), policy.maxBackoffMs);
  return Math.round(backoff * (1 - random() * 0.25));
}

/** What `passThrough` ends with: the last answer (read in full), or the last network error. */
export type PassThroughResult =
  | { kind: "answer"; attempts: number; status: number; headers: Headers; text: string }
  | { kind: "network_error"; attempts: number; error: unknown };

/** Options of `passThrough`. */
export type PassThroughOptions = {
  url: string;
  method: string;
  headers: Headers;
  /** The request body, sent again unchanged on every try. */
  body: string;
  policy?: RetryPolicy;
  /** Waits `ms` milliseconds (injectable for tests; default a timer). */
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request to the real API past msw (`bypass`), retrying network errors and retryable
 * statuses (`isRetryableStatus`) by `policy`, and reads each answer in full (never cancelling a
 * body, which hangs under msw: mswjs/interceptors#799).
 *
 * @param options - `{ url, method, headers, body, policy?, sleep? }`.
 * @returns The last answer (`kind: "answer"`, successful or not) or the last network error
 *   (`kind: "network_error"`), with the number of tries made.
 * @example const result = await passThrough({ url, method: "POST", headers, body: text });
 */
export async function passThrough(options: PassThroughOptions): Promise<PassThroughResult> {
  const policy = options.policy ?? RECORD_RETRY_POLICY;
  const sleep = options.sleep ?? defaultSleep;
  const attempts = Math.max(1, policy.attempts);
  for (let attempt = 1; ; attempt++) {
    let result: PassThroughResult;
    try {
      const response = await fetch(
        bypass(options.url, {
          method: options.method,
          headers: options.headers,
          // A GET (a batch's status or results) has no body; fetch refuses even an empty one.
          body: options.method === "GET" ? null : options.body,
        }),
      );
      const text = await response.text();
      result = {
        kind: "answer",
        attempts: attempt,
        status: response.status,
        headers: response.headers,
        text,
      };
      if (response.ok || !isRetryableStatus(response.status, response.headers)) return result;
    } catch (error) {
      result = { kind: "network_error", attempts: attempt, error };
    }
    if (attempt >= attempts) return result;
    await sleep(
      retryDelayMs(attempt, result.kind === "answer" ? result.headers : undefined, policy),
    );
  }
}
