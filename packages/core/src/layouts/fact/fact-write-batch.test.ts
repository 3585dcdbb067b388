import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testClient, toolUseMessage } from "../../../test/messages-api.js";
import { tempStore } from "../../../test/temp-store.js";
import { ModelReplyError } from "../../tool-reply/index.js";
import type { Transcript } from "../../transcript/index.js";
import { applyWriteReply, buildWriteRequest } from "../index.js";

// A batched write pass (submitWritePasses -> applyBatchResults) builds its request with
// buildWriteRequest and applies each entry's reply with applyWriteReply: on a fact store both must
// speak the fact layout (propose_facts), with every guard of the synchronous fact write pass.

const NOW = new Date("2026-09-12T18:30:00Z");
const TRANSCRIPT: Transcript = {
  date: "2026-09-12",
  sessionId: "s1",
  turns: [
    { role: "user", content: "How do I set a secret? I deploy everything on Fly.io." },
    { role: "assistant", content: "Run fly secrets set." },
  ],
};

const proposal = (overrides: Record<string, unknown>) => ({
  action: "save",
  name: "deploy host",
  type: "project",
  description: "Where the user deploys services. Read for any hosting or deploy question.",
  body: "Deploys everything on Fly.io.",
  evidence: "I deploy everything on Fly.io",
  replaces: null,
  ...overrides,
});

describe("write pass batch entries on a fact store", () => {
  it("builds the fact layout's request: the propose_facts tool and fact-extraction@1", async () => {
    const store = await tempStore("fact");
    const params = await buildWriteRequest({
      store,
      transcript: TRANSCRIPT,
      client: testClient(),
      model: "claude-haiku-5-5",
      now: NOW,
    });
    expect(params.tools?.map((tool) => ("name" in tool ? tool.name : ""))).toEqual([
      "propose_facts",
    ]);
  });

  it("applies a propose_facts reply with the fact guards: one file created, a paraphrase refused", async () => {
    const store = await tempStore("fact");
    const result = await applyWriteReply(
      { store, transcript: TRANSCRIPT, client: testClient(), model: "claude-haiku-5-5", now: NOW },
      toolUseMessage("propose_facts", {
        memories: [
          proposal({}),
          proposal({
            name: "fly secrets",
            body: "Sets app secrets with fly secrets.",
            evidence: "how do I set a secret for my app",
          }),
        ],
      }),
    );
    expect(result.applied.map((item) => [item.change, item.path])).toEqual([
      ["created", "deploy-host.md"],
    ]);
    expect(result.rejected.map((item) => item.code)).toEqual(["evidence_not_found"]);
    expect(await readFile(join(store.root, "deploy-host.md"), "utf8")).toContain(
      "Deploys everything on Fly.io.",
    );
    expect(result.usage.input).toBe(100);
  });

  it("refuses a subject-layout reply (propose_memories) on a fact store and writes nothing", async () => {
    const store = await tempStore("fact");
    await expect(
      applyWriteReply(
        {
          store,
          transcript: TRANSCRIPT,
          client: testClient(),
          model: "claude-haiku-5-5",
          now: NOW,
        },
        toolUseMessage("propose_memories", {
          memories: [
            {
              file: "topics/tools.md",
              fact: "deploys on Fly.io",
              evidence: "I deploy everything on Fly.io",
              replaces: null,
              description: null,
            },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(ModelReplyError);
    expect(await store.list()).toEqual([]);
  });
});
