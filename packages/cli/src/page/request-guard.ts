import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Why a request was refused; `undefined` from {@link refuseReason} means it may go on. */
export type RefusedReason = "bad_host" | "bad_origin" | "bad_token" | "bad_content_type";

/**
 * Decides whether a request to the memory page comes from the page itself:
 * - `Host` must be this server's own `127.0.0.1:<port>` or `localhost:<port>` (a DNS-rebinding
 *   page has its own host name there);
 * - an `Origin` header, when sent, must be this server's origin, and a change (any method but
 *   GET) must send one: browsers send it on every cross-origin request and on same-origin POSTs
 *   (RFC 6454, Fetch), so a form or fetch from another site is refused (CSRF);
 * - the per-run token must be in the URL (`?token=`), compared in constant time;
 * - a change must be `application/json`, which another origin cannot send without a CORS
 *   preflight this server never answers.
 *
 * @param request - The incoming request.
 * @param expected - `{ port, token }` of this run.
 * @returns The reason to refuse, or `undefined`.
 */
export function refuseReason(
  request: IncomingMessage,
  expected: { port: number; token: string },
): RefusedReason | undefined {
  const hosts = [`127.0.0.1:${expected.port}`, `localhost:${expected.port}`];
  if (!hosts.includes(request.headers.host ?? "")) return "bad_host";
  const origin = request.headers.origin;
  const isChange = request.method !== "GET" && request.method !== "HEAD";
  if (origin !== undefined && !hosts.some((host) => origin === `http://${host}`))
    return "bad_origin";
  if (isChange && origin === undefined) return "bad_origin";
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return "bad_origin";
  const token = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("token") ?? "";
  if (!sameText(token, expected.token)) return "bad_token";
  if (isChange && !(request.headers["content-type"] ?? "").startsWith("application/json")) {
    return "bad_content_type";
  }
  return undefined;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
