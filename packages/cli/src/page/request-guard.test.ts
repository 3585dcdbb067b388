import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { refuseReason } from "./request-guard.js";

const EXPECTED = { port: 4321, token: "a".repeat(64) };
const GOOD = `/api/memory?token=${EXPECTED.token}`;

function request(method: string, url: string, headers: Record<string, string>): IncomingMessage {
  return { method, url, headers } as unknown as IncomingMessage;
}

describe("refuseReason", () => {
  it.each([
    {
      name: "the page loading",
      method: "GET",
      url: `/?token=${EXPECTED.token}`,
      headers: { host: "127.0.0.1:4321", "sec-fetch-site": "none" },
      reason: undefined,
    },
    {
      name: "a same-origin fetch",
      method: "GET",
      url: GOOD,
      headers: { host: "localhost:4321", "sec-fetch-site": "same-origin" },
      reason: undefined,
    },
    {
      name: "a same-origin JSON POST",
      method: "POST",
      url: GOOD,
      headers: {
        host: "127.0.0.1:4321",
        origin: "http://127.0.0.1:4321",
        "content-type": "application/json",
      },
      reason: undefined,
    },
    {
      name: "another Host (DNS rebinding)",
      method: "GET",
      url: GOOD,
      headers: { host: "evil.example:4321" },
      reason: "bad_host",
    },
    {
      name: "another port as Host",
      method: "GET",
      url: GOOD,
      headers: { host: "127.0.0.1:80" },
      reason: "bad_host",
    },
    {
      name: "a POST from another origin",
      method: "POST",
      url: GOOD,
      headers: {
        host: "127.0.0.1:4321",
        origin: "http://127.0.0.1:9999",
        "content-type": "application/json",
      },
      reason: "bad_origin",
    },
    {
      name: "a POST without Origin",
      method: "POST",
      url: GOOD,
      headers: { host: "127.0.0.1:4321", "content-type": "application/json" },
      reason: "bad_origin",
    },
    {
      name: "a cross-site GET",
      method: "GET",
      url: GOOD,
      headers: { host: "127.0.0.1:4321", "sec-fetch-site": "cross-site" },
      reason: "bad_origin",
    },
    {
      name: "no token",
      method: "GET",
      url: "/api/memory",
      headers: { host: "127.0.0.1:4321" },
      reason: "bad_token",
    },
    {
      name: "a wrong token",
      method: "GET",
      url: `/api/memory?token=${"b".repeat(64)}`,
      headers: { host: "127.0.0.1:4321" },
      reason: "bad_token",
    },
    {
      name: "a text/plain POST",
      method: "POST",
      url: GOOD,
      headers: {
        host: "127.0.0.1:4321",
        origin: "http://127.0.0.1:4321",
        "content-type": "text/plain",
      },
      reason: "bad_content_type",
    },
  ])("$name: $reason", ({ method, url, headers, reason }) => {
    expect(refuseReason(request(method, url, headers), EXPECTED)).toBe(reason);
  });
});
