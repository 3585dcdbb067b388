import { describe, expect, it } from "vitest";
import type { Layout } from "../../src/layouts/index.js";
import { session, storeIn } from "./common.js";
import type { LayoutFixture } from "./fixture.js";

// What a client that runs its own write pass sends (the MCP `propose` tool): the layout's
// proposal schema and its apply, which runs the same check pipeline with no model.
const NOW = new Date("2026-09-12T09:00:00Z");
const SAID = "I deploy everything on Fly.io";

export function describePropose(layout: Layout, fixture: LayoutFixture): void {
  describe("proposals from a client", () => {
    const given = { slug: "deploy-host", fact: "deploys on Fly.io", evidence: SAID };

    it.each([
      { name: "quotes the user: applied", evidence: SAID, applied: 1, rejected: [] },
      {
        name: "quotes no user turn: rejected, nothing written",
        evidence: "I deploy on Heroku",
        applied: 0,
        rejected: ["evidence_not_found"],
      },
    ])("a proposal that $name", async ({ evidence, applied, rejected }) => {
      const store = await storeIn(layout);
      const proposal = layout.propose.proposal.parse(fixture.proposal({ ...given, evidence }));
      const result = await layout.propose.apply({
        store,
        transcript: session("2026-09-12", SAID),
        proposals: [proposal],
        now: NOW,
      });
      expect({
        applied: result.applied.map((item) => item.path),
        rejected: result.rejected.map((item) => item.code),
        files: (await store.list()).filter((row) => row.path !== "MEMORY.md").length,
      }).toEqual({
        applied: applied === 1 ? [fixture.path(given.slug)] : [],
        rejected,
        files: applied,
      });
    });

    it("a proposal without evidence fails the schema", () => {
      const { evidence: _left, ...proposal } = fixture.proposal(given);
      expect(layout.propose.proposal.safeParse(proposal).success).toBe(false);
    });
  });
}
