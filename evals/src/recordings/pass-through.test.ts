import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  isRetryableStatus,
  passThrough,
  RECORD_RETRY_POLICY,
  type RetryPolicy,
  retryDelayMs,
} from "./pass-through.js";

const FAST: RetryPolicy = { attempts: 3, initialDelayMs: 1, maxBackoffMs: 4, maxRetryAfterMs: 50 };

describe("isRetryableStatus", () => {
  it.each([
    [408, {}, true],
    [409, {}, true],
    [429, {}, true],
    [500, {}, true],
    [503, {}, true],
    [529, {}, true],
    [400, {}, false],
    [401, {}, false],
    [404, {}, false],
    [529, { "x-should-retry": "false" }, false],
    [400, { "x-should-retry": "true" }, true],
  ])("status %i with headers %j -> %s", (status, headers, expected) => {
    expect(isRetryableStatus(status, new Headers(headers))).toBe(expected);
  });
});

describe("retryDelayMs", () => {
  const now = new Date("2026-11-29T12:00:00.000Z");
  it.each([
    ["retry-after-ms", 1, { "retry-after-ms": "1" }, 1],
    ["retry-after-ms before retry-after", 1, { "retry-after-ms": "250", "retry-after": "9" }, 250],
    ["retry-after seconds", 1, { "retry-after": "2" }, 2_000],
    ["retry-after as an HTTP date", 1, { "retry-after": "Sun, 29 Nov 2026 12:00:05 GMT" }, 5_000],
    ["retry-after capped at 60 s", 1, { "retry-after": "3600" }, 60_000],
    ["no header: 0.5 s backoff", 1, {}, 500],
    ["no header, second retry: 1 s", 2, {}, 1_000],
    ["no header, backoff capped at 8 s", 6, {}, 8_000],
    ["an unusable header: backoff", 1, { "retry-after": "soon" }, 500],
  ])("%s", (_name, retry, headers, expected) => {
    expect(retryDelayMs(retry, new Headers(headers), RECORD_RETRY_POLICY, () => 0, now)).toBe(
      expected,
    );
  });

  it("takes up to 25% jitter off the backoff", () => {
    expect(retryDelayMs(1, undefined, RECORD_RETRY_POLICY, () => 0.999, now)).toBe(375);
  });
});

async function serve(statuses: number[]) {
  let served = 0;
  const server = createServer((_request, response) => {
    const status = statuses[Math.min(served, statuses.length - 1)] ?? 200;
    served += 1;
    response.writeHead(status, { "content-type": "application/json", "retry-after-ms": "1" });
    response.end(JSON.stringify({ served }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(url: string, policy: RetryPolicy = FAST) {
  const waits: number[] = [];
  const result = passThrough({
    url,
    method: "POST",
    headers: new Headers({ "content-type": "application/json" }),
    body: '{"model":"claude-haiku-4-5"}',
    policy,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { result, waits };
}

describe("passThrough", () => {
  it.each([
    ["529 then 200", [529, 200], { status: 200, attempts: 2, text: '{"served":2}' }, [1]],
    ["529 three times", [529], { status: 529, attempts: 3, text: '{"served":3}' }, [1, 1]],
    ["a 401, not retried", [401], { status: 401, attempts: 1, text: '{"served":1}' }, []],
  ])("%s", async (_name, statuses, expected, expectedWaits) => {
    const server = await serve(statuses);
    const { result, waits } = send(server.url);
    const { headers: _headers, ...answer } = (await result) as { headers: Headers };
    await server.close();
    expect(answer).toEqual({ kind: "answer", ...expected });
    expect(waits).toEqual(expectedWaits);
  });

  it("retries a network error with backoff, then returns it", async () => {
    const server = await serve([200]);
    await server.close();
    const { result, waits } = send(server.url);
    const last = await result;
    expect({ kind: last.kind, attempts: last.attempts }).toEqual({
      kind: "network_error",
      attempts: 3,
    });
    expect(waits.length).toBe(2);
  });
});
