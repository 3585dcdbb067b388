import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { commonJsSdk } from "../../test/messages-api.js";
import { apiErrorOf } from "./api-error.js";

const BODY = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };

describe("apiErrorOf", () => {
  it("the SDK's CommonJS entry holds other classes than its ESM import", () => {
    expect(commonJsSdk().APIError).not.toBe(Anthropic.APIError);
  });

  it.each([
    ["the ESM import", Anthropic],
    ["require()", commonJsSdk()],
  ])("reads the errors of a client from %s by their shape", (_name, sdk) => {
    const overloaded = sdk.APIError.generate(529, BODY, undefined, new Headers());
    const connection = new sdk.APIConnectionError({ message: "Connection error." });
    const timeout = new sdk.APIConnectionTimeoutError();
    const abort = new sdk.APIUserAbortError();
    expect([overloaded, connection, timeout, abort].map(apiErrorOf)).toEqual([
      {
        name: "OverloadedError",
        status: 529,
        type: "overloaded_error",
        connection: false,
        message: `529 ${JSON.stringify(BODY)}`,
      },
      { name: "APIConnectionError", connection: true, message: "Connection error." },
      { name: "APIConnectionTimeoutError", connection: true, message: "Request timed out." },
      undefined,
    ]);
  });

  it.each([
    ["a plain error", new Error("boom")],
    ["a file-system error", Object.assign(new Error("ENOSPC"), { code: "ENOSPC" })],
    ["an object shaped like an error", { name: "APIError", status: 529, headers: {} }],
    ["a status without a response", Object.assign(new Error("x"), { status: 500 })],
    ["nothing", undefined],
  ])("is not an API error: %s", (_name, error) => {
    expect(apiErrorOf(error)).toBeUndefined();
  });
});
