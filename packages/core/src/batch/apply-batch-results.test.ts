import { describe, expect, it } from "vitest";
import { mockBatches, succeeded } from "../../test/batches-api.js";
import { testClient, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { buildWriteRequest } from "../layouts/index.js";
import { type MemoryStore, NEW_VERSION } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import type { UsageRecord } from "../usage/index.js";
import { applyBatchResults } from "./apply-batch-results.js";
import { CUSTOM_ID_PATTERN } from "./custom-id.js";
import {
  type BatchWriteSession,
  submitWritePasses,
  writePassCustomId,
} from "./submit-write-passes.js";

const server = useMessagesApi();

const MODEL = "claude-haiku-5-5";
const NOW = new Date("2026-09-12T18:30:00Z");
const TOOLS = `---
name: tools
description: Editor, languages, hosting and dev tools.
updated: 2026/08/20
---
[stated 2026/08/20] uses Neovim
`;

async function newStore(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write("topics/tools.md", TOOLS, NEW_VERSION);
  return store;
}

function transcript(sessionId: string, user: string): Transcript {
  return { sessionId, date: "2026-09-12", turns: [{ role: "user", content: user }] };
}

const FLY = "We deploy everything on Fly.io.";
const flyProposal = {
  file: "topics/tools.md",
  fact: "deploys on Fly.io",
  evidence: FLY,
  replaces: null,
  description: null,
};

/** Writes `content` over whatever the file holds now (a person editing it by hand). */
async function overwrite(store: MemoryStore, content: string): Promise<void> {
  const read = await store.read("topics/tools.md");
  await store.write("topics/tools.md", content, read.exists ? read.version : NEW_VERSION);
}

async function text(store: MemoryStore, path = "topics/tools.md"): Promise<string | undefined> {
  const read = await store.read(path);
  return read.exists ? read.content : undefined;
}

describe("submitWritePasses", () => {
  it("sends one entry per session, the request writePass would send, named by store and session", async () => {
    const store = await newStore();
    const sessions: BatchWriteSession[] = [
      { store, transcript: transcript("session 1", FLY), now: NOW },
      { store, transcript: transcript("a session id with spaces/and é", "hello"), now: NOW },
    ];
    const api = mockBatches(server, () => undefined);
    const submitted = await submitWritePasses({ sessions, client: testClient(), model: MODEL });
    expect(submitted.batchId).toBe("msgbatch_013Zva2CMHLNnXjNJJKqJ2EF");
    const requests = api.created[0]?.requests ?? [];
    expect(requests.map((request) => request.custom_id)).toEqual(sessions.map(writePassCustomId));
    for (const request of requests) expect(request.custom_id).toMatch(CUSTOM_ID_PATTERN);
    expect(requests[0]?.params).toEqual(
      await buildWriteRequest({
        ...(sessions[0] as BatchWriteSession),
        client: testClient(),
        model: MODEL,
      }),
    );
  });
});

describe("applyBatchResults", () => {
  it("applies a succeeded entry through the write pass's checks, priced as a batch", async () => {
    const store = await newStore();
    const sessions = [{ store, transcript: transcript("session 1", FLY), now: NOW }];
    mockBatches(server, () => succeeded({ memories: [flyProposal] }));
    const usage: UsageRecord[] = [];
    const { batchId } = await submitWritePasses({ sessions, client: testClient(), model: MODEL });
    const outcome = await applyBatchResults({
      batchId: batchId as string,
      sessions,
      client: testClient(),
      model: MODEL,
      onUsage: (record) => {
        usage.push(record);
      },
    });
    expect(outcome.status).toBe("ended");
    expect(outcome.status === "ended" && outcome.outcomes.map((item) => item.code)).toEqual([
      "applied",
    ]);
    expect(await text(store)).toContain("[stated 2026/09/12] deploys on Fly.io");
    expect(usage.map((record) => [record.stage, record.modifiers])).toEqual([
      ["write", { serviceTier: "batch" }],
    ]);
  });

  it("re-checks a file changed after the request was built: the newer text is kept", async () => {
    const store = await newStore();
    const sessions = [
      { store, transcript: transcript("session 1", `I'm on Neovim 0.10 now. ${FLY}`), now: NOW },
    ];
    mockBatches(server, () =>
      succeeded({
        memories: [
          {
            file: "topics/tools.md",
            fact: "uses Neovim 0.10",
            evidence: "I'm on Neovim 0.10 now.",
            replaces: "uses Neovim",
            description: null,
          },
          flyProposal,
        ],
      }),
    );
    const { batchId } = await submitWritePasses({ sessions, client: testClient(), model: MODEL });
    // After the request was built, and before its result comes back, the user edits the file.
    const edited = TOOLS.replace("uses Neovim", "uses Helix (edited by hand)");
    await overwrite(store, edited);
    const outcome = await applyBatchResults({
      batchId: batchId as string,
      sessions,
      client: testClient(),
      model: MODEL,
    });
    const [first] = outcome.status === "ended" ? outcome.outcomes : [];
    expect(first?.code === "applied" && first.result.rejected.map((item) => item.code)).toEqual([
      "replaces_not_found",
    ]);
    const after = await text(store);
    expect(after).toContain("[stated 2026/08/20] uses Helix (edited by hand)");
    expect(after).toContain("[stated 2026/09/12] deploys on Fly.io");
    expect(after).not.toContain("Neovim");
  });

  it.each([
    {
      name: "errored",
      result: {
        type: "errored",
        error: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      },
      outcome: { code: "errored", message: "overloaded_error: Overloaded" },
    },
    { name: "expired", result: { type: "expired" }, outcome: { code: "expired" } },
    { name: "canceled", result: { type: "canceled" }, outcome: { code: "canceled" } },
    { name: "missing", result: undefined, outcome: { code: "missing" } },
  ] as const)(
    "reports a $name entry for resubmission and writes nothing",
    async ({ result, outcome }) => {
      const store = await newStore();
      const sessions = [{ store, transcript: transcript("session 1", FLY), now: NOW }];
      mockBatches(server, () => result as never);
      const { batchId } = await submitWritePasses({ sessions, client: testClient(), model: MODEL });
      const applied = await applyBatchResults({
        batchId: batchId as string,
        sessions,
        client: testClient(),
        model: MODEL,
      });
      expect(applied).toEqual({
        status: "ended",
        outcomes: [
          {
            customId: writePassCustomId(sessions[0] as BatchWriteSession),
            sessionId: "session 1",
            root: store.root,
            ...outcome,
          },
        ],
        resubmit: sessions,
      });
      expect(await text(store)).toBe(TOOLS);
    },
  );

  it("applies an entry once: a second apply and a resubmission skip it", async () => {
    const store = await newStore();
    const sessions = [{ store, transcript: transcript("session 1", FLY), now: NOW }];
    const api = mockBatches(server, () => succeeded({ memories: [flyProposal] }));
    const client = testClient();
    const { batchId } = await submitWritePasses({ sessions, client, model: MODEL });
    const options = { batchId: batchId as string, sessions, client, model: MODEL };
    await applyBatchResults(options);
    const once = await text(store);
    // Edit the file so a second application would not be refused as a duplicate.
    await overwrite(store, (once ?? "").replace("deploys on Fly.io", "deploys on Fly"));
    const again = await applyBatchResults(options);
    expect(again.status === "ended" && again.outcomes.map((item) => item.code)).toEqual([
      "already_applied",
    ]);
    expect(await text(store)).not.toContain("Fly.io");
    expect(await submitWritePasses({ sessions, client, model: MODEL })).toEqual({
      batchId: undefined,
      sessions: [
        {
          customId: writePassCustomId(sessions[0] as BatchWriteSession),
          sessionId: "session 1",
          root: store.root,
          code: "already_applied",
        },
      ],
    });
    expect(api.created).toHaveLength(1);
  });

  it("polls a batch still processing with doubling pauses, or reports it without wait", async () => {
    const store = await newStore();
    const sessions = [{ store, transcript: transcript("session 1", FLY), now: NOW }];
    const api = mockBatches(server, () => succeeded({ memories: [flyProposal] }), [
      "in_progress",
      "in_progress",
      "in_progress",
      "ended",
    ]);
    const client = testClient();
    const { batchId } = await submitWritePasses({ sessions, client, model: MODEL });
    const options = { batchId: batchId as string, sessions, client, model: MODEL };
    expect(await applyBatchResults(options)).toEqual({
      status: "in_progress",
      requestCounts: { processing: 1, succeeded: 0, errored: 0, canceled: 0, expired: 0 },
    });
    const pauses: number[] = [];
    const outcome = await applyBatchResults({
      ...options,
      wait: { firstDelayMs: 1_000, maxDelayMs: 1_500, sleep: async (ms) => pauses.push(ms) },
    });
    expect(pauses).toEqual([1_000, 1_500]);
    expect(outcome.status).toBe("ended");
    // 1 without wait, then 3 with it; the SDK's results() retrieves once more for results_url.
    expect(api.retrieves()).toBe(5);
  });
});
