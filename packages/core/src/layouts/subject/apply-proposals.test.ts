import { describe, expect, it } from "vitest";
import { tempStore } from "../../../test/temp-store.js";
import { ProposalShapeError } from "../../write/proposal-shape-error.js";
import { applyProposals } from "./apply-proposals.js";

const NOW = new Date("2026-09-20T12:00:00Z");
const transcript = {
  date: "2026-09-20",
  turns: [{ role: "user" as const, content: "I deploy everything on Fly.io these days" }],
};

describe("applyProposals", () => {
  it("refuses proposals without the propose_memories shape and writes nothing", async () => {
    const store = await tempStore();
    const proposals = JSON.parse('[{ "file": "topics/hosting.md", "fact": 42 }]');
    const refused = await applyProposals({ store, transcript, now: NOW, proposals }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ProposalShapeError);
    expect((refused as ProposalShapeError).message).toMatch(
      /^Refused the proposals: they do not have the propose_memories shape/,
    );
    expect(await store.list()).toEqual([]);
  });

  it("applies a proposal quoting a user turn and rejects one that does not, with no usage", async () => {
    const store = await tempStore();
    const result = await applyProposals({
      store,
      transcript,
      now: NOW,
      proposals: [
        {
          file: "topics/hosting.md",
          fact: "deploys everything on Fly.io",
          evidence: "I deploy everything on Fly.io these days",
          replaces: null,
          description: null,
        },
        {
          file: "profile.md",
          fact: "lives in Lisbon",
          evidence: "I live in Lisbon",
          replaces: null,
          description: null,
        },
      ],
    });
    expect(result.applied.map((applied) => applied.line)).toEqual([
      "[stated 2026/09/20] deploys everything on Fly.io",
    ]);
    expect(result.rejected.map((rejected) => rejected.code)).toEqual(["evidence_not_found"]);
    expect(result.usage).toEqual({
      input: 0,
      output: 0,
      cacheWrite5m: 0,
      cacheWrite1h: 0,
      cacheRead: 0,
    });
  });

  it("reports the relative times it resolved in the applied item, as the fact layout does", async () => {
    const store = await tempStore();
    const result = await applyProposals({
      store,
      transcript: {
        date: "2026-09-20",
        turns: [{ role: "user" as const, content: "I fly to Lisbon tomorrow for the offsite" }],
      },
      now: NOW,
      proposals: [
        {
          file: "topics/travel.md",
          fact: "flies to Lisbon tomorrow for the offsite",
          evidence: "I fly to Lisbon tomorrow for the offsite",
          replaces: null,
          description: null,
        },
      ],
    });
    expect(result.applied.map(({ line, resolvedDates }) => ({ line, resolvedDates }))).toEqual([
      {
        line: "[stated 2026/09/20] flies to Lisbon on 2026/09/21 for the offsite",
        resolvedDates: [{ text: "tomorrow", replacement: "on 2026/09/21" }],
      },
    ]);
  });

  it("refuses a write past the cap as too_long without calling a model", async () => {
    const store = await tempStore("subject", { maxChars: 120 });
    const result = await applyProposals({
      store,
      transcript,
      now: NOW,
      proposals: [
        {
          file: "topics/hosting.md",
          fact: "deploys everything on Fly.io",
          evidence: "I deploy everything on Fly.io these days",
          replaces: null,
          description: null,
        },
      ],
    });
    expect(result.rejected.map((rejected) => rejected.code)).toEqual(["too_long"]);
    expect(result.consolidated).toEqual([]);
    expect((await store.read("topics/hosting.md")).exists).toBe(false);
  });
});
