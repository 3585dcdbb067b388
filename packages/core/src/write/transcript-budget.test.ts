import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import {
  MESSAGES_URL,
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../test/messages-api.js";
import { estimateTokens } from "../cost/index.js";
import { writePass } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import { fitTranscript } from "./transcript-budget.js";

// Issue 10, item 10: a session too long for one request still saves its facts.
const server = useMessagesApi();

// The API refuses a prompt over the 200k-token window; stack traces run ~3.85 chars a token
// (the issue: ~1 MB was ~260k tokens).
const CONTEXT_TOKENS = 200_000;
function refuseTooLong(): void {
  server.use(
    http.post(MESSAGES_URL, async ({ request }) => {
      const tokens = Math.round((await request.clone().text()).length / 3.85);
      if (tokens <= CONTEXT_TOKENS) return undefined;
      return HttpResponse.json(
        {
          type: "error",
          error: {
            type: "invalid_request_error",
            message: `prompt is too long: ${tokens} tokens > ${CONTEXT_TOKENS} maximum`,
          },
        },
        { status: 400 },
      );
    }),
  );
}

const FIRST = "I deploy everything on Fly.io and I'm allergic to peanuts.";
const TRACE = `Error: ECONNRESET\n${"    at Socket.onread (node:net:789:19)\n".repeat(64)}`;

const sessions: Array<[string, Transcript]> = [
  [
    "400 assistant turns of stack traces (the issue's input)",
    {
      date: "2026-11-29",
      turns: [
        { role: "user", content: FIRST },
        ...Array.from({ length: 400 }, () => ({ role: "assistant" as const, content: TRACE })),
      ],
    },
  ],
  [
    "400 user turns of pasted stack traces",
    {
      date: "2026-11-29",
      turns: [
        { role: "user", content: FIRST },
        ...Array.from({ length: 400 }, () => ({ role: "user" as const, content: TRACE })),
      ],
    },
  ],
  [
    "one 1 MB user turn that states the facts first",
    {
      date: "2026-11-29",
      turns: [{ role: "user", content: `${FIRST}\n${TRACE.repeat(420)}` }],
    },
  ],
];

describe("writePass on a session longer than one request (item 10)", () => {
  it.each(sessions)("%s: saves its facts", async (_name, transcript) => {
    const chars = transcript.turns.reduce((sum, turn) => sum + turn.content.length, 0);
    expect(chars).toBeGreaterThan(1_000_000);
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-long-")), "memory"),
    });
    const memories = [
      ["topics/hosting.md", "deploys on Fly.io", "I deploy everything on Fly.io"],
      ["profile.md", "is allergic to peanuts", "I'm allergic to peanuts"],
    ].map(([file, fact, evidence]) => ({
      file,
      fact,
      evidence,
      replaces: null,
      description: null,
    }));
    const requests = mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] },
    ]);
    refuseTooLong();
    const result = await writePass({
      store,
      transcript,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: new Date("2026-11-29T18:00:00Z"),
      onTooLong: false,
    });
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/11/29] deploys on Fly.io",
      "[stated 2026/11/29] is allergic to peanuts",
    ]);
    const sent = JSON.stringify(requests[0]);
    expect(sent).toContain(FIRST);
    expect(sent).toContain("chars trimmed by memfiles to fit the write request");
    expect(estimateTokens(sent, "claude-haiku-4-5")).toBeLessThan(110_000);
  });
});

describe("fitTranscript", () => {
  it("returns a transcript that fits as it is", () => {
    const transcript: Transcript = {
      date: "2026-11-29",
      turns: [{ role: "user", content: FIRST }],
    };
    expect(fitTranscript(transcript, 1_000)).toEqual({
      transcript,
      trimmedTurns: 0,
      trimmedChars: 0,
    });
    expect(fitTranscript(transcript, 1_000).transcript).toBe(transcript);
  });

  it("trims the longest turns to one length, assistant turns first, short turns whole", () => {
    const transcript: Transcript = {
      date: "2026-11-29",
      turns: [
        { role: "user", content: "a".repeat(500) },
        { role: "assistant", content: "b".repeat(5_000) },
        { role: "assistant", content: "c".repeat(100) },
        { role: "assistant", content: "d".repeat(9_000) },
        { role: "user", content: "e".repeat(2_000) },
      ],
    };
    const { transcript: fitted, trimmedTurns } = fitTranscript(transcript, 2_000);
    const lengths = fitted.turns.map((turn) => turn.content.length);
    expect(trimmedTurns).toBe(2);
    expect(lengths[0]).toBe(500);
    expect(lengths[2]).toBe(100);
    expect(lengths[4]).toBe(2_000);
    expect(lengths[1]).toBe(lengths[3]);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeLessThanOrEqual(
      Math.floor((2_000 * 40) / 13),
    );
    expect(fitted.turns[1]?.content).toMatch(
      /^b+\n\[… \d+ chars trimmed by memfiles to fit the write request …\]\nb+$/,
    );
    expect(fitted.turns.map((turn) => turn.role)).toEqual(
      transcript.turns.map((turn) => turn.role),
    );
  });

  it("trims user turns too when they alone are over the budget", () => {
    const transcript: Transcript = {
      date: "2026-11-29",
      turns: [
        { role: "user", content: "short fact" },
        { role: "user", content: "x".repeat(50_000) },
        { role: "assistant", content: "y".repeat(50_000) },
      ],
    };
    const { transcript: fitted } = fitTranscript(transcript, 5_000);
    const lengths = fitted.turns.map((turn) => turn.content.length);
    expect(lengths[0]).toBe("short fact".length);
    expect(lengths[2]).toBe(300);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeLessThanOrEqual(
      Math.floor((5_000 * 40) / 13),
    );
  });
});
