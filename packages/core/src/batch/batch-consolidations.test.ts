import { describe, expect, it } from "vitest";
import { mockBatches, succeeded } from "../../test/batches-api.js";
import { HOSTING_BEFORE, HOSTING_GOOD } from "../../test/fixtures/memory-files.js";
import { testClient, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { buildConsolidateRequest } from "../layouts/subject/consolidate/index.js";
import { type MemoryStore, NEW_VERSION } from "../store/index.js";
import type { UsageRecord } from "../usage/index.js";
import { applyBatchResults } from "./apply-batch-results.js";
import { CUSTOM_ID_PATTERN } from "./custom-id.js";
import { submitWritePasses, writePassCustomId } from "./submit-write-passes.js";

const server = useMessagesApi();

const MODEL = "claude-haiku-5-5";
const NOW = new Date("2026-10-01T09:00:00Z");
const HOSTING = "topics/hosting.md";
const TOOLS = "topics/tools.md";
const TOOLS_TEXT = `---
name: tools
description: Editor, languages, hosting and dev tools.
updated: 2026/08/20
---
[stated 2026/08/20] uses Neovim
`;
const FLY = "We deploy everything on Fly.io.";
// Every accepted consolidation spawns git (see consolidate.test.ts): a 30 s limit.
const SPAWNS_GIT = { timeout: 30_000 };

async function newStore(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(TOOLS, TOOLS_TEXT, NEW_VERSION);
  await store.write(HOSTING, HOSTING_BEFORE, NEW_VERSION);
  return store;
}

async function text(store: MemoryStore, path: string): Promise<string | undefined> {
  const read = await store.read(path);
  return read.exists ? read.content : undefined;
}

const saveHostingGood = succeeded({ content: HOSTING_GOOD, dropped: [] }, "save_consolidated_file");
const proposeFly = succeeded({
  memories: [
    {
      file: TOOLS,
      fact: "deploys on Fly.io",
      evidence: FLY,
      replaces: null,
      description: null,
    },
  ],
});

/** Answers each entry by its kind: `w-…` a write pass, `c-…` a consolidation. */
function byKind(
  write: ReturnType<typeof succeeded> | undefined,
  consolidate: ReturnType<typeof succeeded> | Record<string, unknown> | undefined,
) {
  return (request: { custom_id: string }) =>
    (request.custom_id.startsWith("c-") ? consolidate : write) as ReturnType<typeof succeeded>;
}

describe("batched consolidations", SPAWNS_GIT, () => {
  it("sends write passes and consolidations in one batch and applies both", async () => {
    const store = await newStore();
    const sessions = [
      { store, transcript: { sessionId: "s1", date: "2026-10-01", turns: [] }, now: NOW },
    ];
    sessions[0]?.transcript.turns.push({ role: "user", content: FLY } as never);
    const api = mockBatches(server, byKind(proposeFly, saveHostingGood));
    const usage: UsageRecord[] = [];
    const client = testClient();
    const submitted = await submitWritePasses({
      sessions,
      consolidations: [{ store, path: HOSTING, now: NOW }],
      client,
      model: MODEL,
    });
    const requests = api.created[0]?.requests ?? [];
    expect(requests.map((request) => request.custom_id.slice(0, 2))).toEqual(["w-", "c-"]);
    for (const request of requests) expect(request.custom_id).toMatch(CUSTOM_ID_PATTERN);
    // The entry is the request consolidate would send.
    const built = await buildConsolidateRequest({
      store,
      path: HOSTING,
      now: NOW,
      client,
      model: MODEL,
    });
    expect(built.ok && requests[1]?.params).toEqual(built.ok && built.params);
    expect(submitted.consolidations?.map((row) => row.code)).toEqual(["submitted"]);

    const outcome = await applyBatchResults({
      batchId: submitted.batchId as string,
      sessions,
      consolidations: submitted.consolidations,
      client,
      model: MODEL,
      onUsage: (record) => {
        usage.push(record);
      },
    });
    if (outcome.status !== "ended") throw new Error("batch not ended");
    expect(outcome.outcomes.map((item) => item.code)).toEqual(["applied"]);
    expect(outcome.consolidations?.map((item) => item.code)).toEqual(["applied"]);
    const [consolidated] = outcome.consolidations ?? [];
    expect(consolidated?.code === "applied" && consolidated.result.code).toBe("consolidated");
    expect(await text(store, HOSTING)).toBe(HOSTING_GOOD);
    expect(await text(store, TOOLS)).toContain("deploys on Fly.io");
    expect(usage.map((record) => [record.stage, record.modifiers])).toEqual([
      ["write", { serviceTier: "batch" }],
      ["consolidate", { serviceTier: "batch" }],
    ]);

    // Applying again writes nothing; submitting again sends the write pass of no session, and
    // the consolidation only because the file is new text now (a new version, a new id).
    const again = await applyBatchResults({
      batchId: submitted.batchId as string,
      sessions,
      consolidations: submitted.consolidations,
      client,
      model: MODEL,
    });
    expect(again.status === "ended" && again.consolidations?.map((item) => item.code)).toEqual([
      "already_applied",
    ]);
    const resubmitted = await submitWritePasses({
      sessions,
      consolidations: [{ store, path: HOSTING, now: NOW }],
      client,
      model: MODEL,
    });
    expect(resubmitted.sessions.map((row) => row.code)).toEqual(["already_applied"]);
    expect(resubmitted.consolidations?.[0]?.customId).not.toBe(
      submitted.consolidations?.[0]?.customId,
    );
    expect(writePassCustomId(sessions[0] as never)).toBe(requests[0]?.custom_id);
  });

  it("refuses a consolidation whose file changed between submit and result: file_changed, nothing lost", async () => {
    const store = await newStore();
    mockBatches(server, byKind(undefined, saveHostingGood));
    const usage: UsageRecord[] = [];
    const client = testClient();
    const submitted = await submitWritePasses({
      sessions: [],
      consolidations: [{ store, path: HOSTING, now: NOW }],
      client,
      model: MODEL,
    });
    // After the request was built, a remember adds a line the rewrite knows nothing of.
    const added = `${HOSTING_BEFORE}[stated 2026/10/01] uses Cloudflare for DNS\n`;
    const read = await store.read(HOSTING);
    await store.write(HOSTING, added, read.exists ? read.version : NEW_VERSION);
    const outcome = await applyBatchResults({
      batchId: submitted.batchId as string,
      sessions: [],
      consolidations: submitted.consolidations,
      client,
      model: MODEL,
      onUsage: (record) => {
        usage.push(record);
      },
    });
    if (outcome.status !== "ended") throw new Error("batch not ended");
    const [changed] = outcome.consolidations ?? [];
    expect(changed?.code).toBe("file_changed");
    expect(changed?.code === "file_changed" && changed.message).toMatch(
      /topics\/hosting\.md changed after its consolidation request was built .*Resubmit/,
    );
    expect(await text(store, HOSTING)).toBe(added);
    expect(outcome.resubmitConsolidations).toEqual([{ store, path: HOSTING, now: NOW }]);
    // The reply was paid for: its usage is reported at the batch rate.
    expect(usage.map((record) => [record.stage, record.modifiers])).toEqual([
      ["consolidate", { serviceTier: "batch" }],
    ]);
  });

  it.each([
    {
      name: "errored",
      result: {
        type: "errored",
        error: { type: "error", error: { type: "api_error", message: "Internal" } },
      },
      outcome: { code: "errored", message: "api_error: Internal" },
    },
    { name: "expired", result: { type: "expired" }, outcome: { code: "expired" } },
  ])(
    "reports an $name consolidation for resubmission and writes nothing",
    async ({ result, outcome }) => {
      const store = await newStore();
      mockBatches(server, byKind(undefined, result));
      const client = testClient();
      const consolidations = [{ store, path: HOSTING, now: NOW }];
      const submitted = await submitWritePasses({
        sessions: [],
        consolidations,
        client,
        model: MODEL,
      });
      const applied = await applyBatchResults({
        batchId: submitted.batchId as string,
        sessions: [],
        consolidations: submitted.consolidations,
        client,
        model: MODEL,
      });
      expect(applied.status === "ended" && applied.consolidations).toEqual([
        {
          customId: submitted.consolidations?.[0]?.customId,
          path: HOSTING,
          root: store.root,
          ...outcome,
        },
      ]);
      expect(applied.status === "ended" && applied.resubmitConsolidations).toEqual(consolidations);
      expect(await text(store, HOSTING)).toBe(HOSTING_BEFORE);
    },
  );

  it("puts a missing file in no entry and applies a refused rewrite as the refusal it is", async () => {
    const store = await newStore();
    const grown = `${HOSTING_BEFORE}[stated 2026/09/20] deploys on Fly.io\n`;
    mockBatches(
      server,
      byKind(undefined, succeeded({ content: grown, dropped: [] }, "save_consolidated_file")),
    );
    const client = testClient();
    const submitted = await submitWritePasses({
      sessions: [],
      consolidations: [
        { store, path: HOSTING, now: NOW },
        { store, path: "topics/none.md", now: NOW },
      ],
      client,
      model: MODEL,
    });
    expect(submitted.consolidations?.map((row) => row.code)).toEqual(["submitted", "missing_file"]);
    const applied = await applyBatchResults({
      batchId: submitted.batchId as string,
      sessions: [],
      consolidations: submitted.consolidations,
      client,
      model: MODEL,
    });
    if (applied.status !== "ended") throw new Error("batch not ended");
    const [first, second] = applied.consolidations ?? [];
    expect(first?.code === "applied" && first.result.code).toBe("grew");
    expect(second).toMatchObject({ code: "not_submitted", reason: "missing_file" });
    expect(await text(store, HOSTING)).toBe(HOSTING_BEFORE);
  });
});
