import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { applyFactProposals } from "./index.js";
import { applyProposals } from "./subject/apply-proposals.js";

// Facts the whose-fact and polarity checks must not refuse, in the user's own place of both
// layouts (profile.md; a fact of type user): a relative the fact names itself, and a denial said
// with a contraction, straight or curly.
const KEPT = [
  ["daughter's birthday is in May", "my daughter's birthday is in May"],
  ["wife's name is Maria", "My wife\u2019s name is Maria"],
  ["has not been to Japan", "I haven\u2019t been to Japan"],
  ["has not been to Japan", "I haven't been to Japan"],
] as const;

const cases = (["subject", "fact"] as const).flatMap((layout) =>
  KEPT.map(([fact, said]) => ({ layout, fact, said })),
);

async function propose(layout: StoreLayout, fact: string, said: string) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-own-facts-")), "memory");
  const store = new MemoryStore({ root, layout });
  const transcript = { date: "2026-12-01", turns: [{ role: "user" as const, content: said }] };
  const now = new Date("2026-12-01T12:00:00Z");
  return layout === "subject"
    ? applyProposals({
        store,
        transcript,
        now,
        proposals: [
          { file: "profile.md", fact, evidence: said, replaces: null, description: null },
        ],
      })
    : applyFactProposals({
        store,
        transcript,
        now,
        proposals: [
          {
            action: "save",
            name: "family and travel",
            type: "user",
            description: "About the user.",
            body: fact,
            evidence: said,
            replaces: null,
          },
        ],
      });
}

describe.each(cases)("$fact from $said ($layout layout)", ({ layout, fact, said }) => {
  it("is saved in the user's own place", async () => {
    const result = await propose(layout, fact, said);
    expect(result.rejected).toEqual([]);
    expect(result.applied).toHaveLength(1);
  });
});
