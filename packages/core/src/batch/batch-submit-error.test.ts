import { describe, expect, it } from "vitest";
import { testClient, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { BatchSubmitError } from "./batch-submit-error.js";
import { type BatchWriteSession, submitWritePasses } from "./submit-write-passes.js";

// No handler: a request sent despite the refusal fails the test as an unhandled request.
useMessagesApi();

const NOW = new Date("2026-09-12T18:30:00Z");

async function session(sessionId: string | undefined): Promise<BatchWriteSession> {
  const store = await tempStore();
  const turns = [{ role: "user" as const, content: "We deploy everything on Fly.io." }];
  return {
    store,
    transcript: { ...(sessionId === undefined ? {} : { sessionId }), date: "2026-09-12", turns },
    now: NOW,
  };
}

describe("submitWritePasses refuses its input before sending anything", () => {
  it.each([
    ["a session without an id", async () => [await session(undefined)], "missing_session_id"],
    [
      "a session listed twice",
      async () => {
        const once = await session("s1");
        return [once, once];
      },
      "duplicate_entry",
    ],
  ])("%s", async (_, sessions, code) => {
    const refused = await submitWritePasses({
      sessions: await sessions(),
      client: testClient(),
      model: "claude-haiku-5-5",
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BatchSubmitError);
    expect({
      code: (refused as BatchSubmitError).code,
      fixable: (refused as BatchSubmitError).userFixable,
    }).toEqual({
      code,
      fixable: true,
    });
  });
});
