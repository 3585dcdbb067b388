import { existsSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { MESSAGES_URL, testClient, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { createUsageLog } from "../usage/usage-log.js";
import { writePass } from "./write-pass.js";

const server = useMessagesApi();

// The quickstart's first run with a refused key: the write pass's call fails before any proposal,
// so the new memory folder must be left as it was (absent), not with an empty `.memfiles/`.
describe("a write pass whose model call is refused on a new memory folder", () => {
  it.each(["subject", "fact"] as const)("%s layout: creates nothing", async (layout) => {
    const store = await tempStore(layout);
    server.use(
      http.post(MESSAGES_URL, () =>
        HttpResponse.json(
          { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } },
          { status: 401 },
        ),
      ),
    );
    const call = writePass({
      store,
      client: testClient(),
      model: "claude-haiku-4-5",
      onUsage: createUsageLog({ store }),
      transcript: {
        date: "2026-11-29",
        turns: [{ role: "user", content: "I deploy everything on Fly.io" }],
      },
    });
    await expect(call).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    expect(existsSync(store.root)).toBe(false);
  });
});
