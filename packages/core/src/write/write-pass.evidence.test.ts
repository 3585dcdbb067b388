import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock } from "../../test/messages-api.js";
import { MemoryStore } from "../store/index.js";
import { writePass } from "./write-pass.js";

// The evidence rule end to end, through the real SDK client and MSW: any substring of a user turn
// is a verbatim quote, so the write pass also checks that the quote can back the fact.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const transcript = {
  date: "2026-09-12",
  turns: [
    { role: "user" as const, content: "I started a new job in May. I drink green tea every day." },
  ],
};

describe("writePass: evidence that cannot back the fact", () => {
  it.each([
    ["a one-word quote", "I", "evidence_too_short"],
    ["a quote about something else", "I started a new job in May", "evidence_unrelated"],
    ["a quote that states it", "I drink green tea every day", "applied"],
  ])("%s", async (_name, evidence, code) => {
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-evidence-")), "memory"),
    });
    const proposal = {
      file: "preferences.md",
      fact: "likes tea",
      evidence,
      replaces: null,
      description: null,
    };
    mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories: [proposal] } })] },
    ]);
    const result = await writePass({
      store,
      transcript,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: new Date("2026-09-12T18:00:00Z"),
      onTooLong: false,
    });
    expect([...result.applied, ...result.rejected].map((item) => item.code)).toEqual([code]);
    expect((await store.list()).map((row) => row.path)).toEqual(
      code === "applied" ? ["preferences.md"] : [],
    );
  });
});
