import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyFactProposals } from "../layouts/index.js";
import { applyProposals } from "../layouts/subject/apply-proposals.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";

// A key said in two halves across two facts of one pass: both are refused, and no refusal (fact,
// evidence, message) carries either half, though each evidence quotes its fact.
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const KEY = ["AKI", "A", "2E4KQ7XY5ZB3MN6P"].join("");
const [FIRST, SECOND] = [KEY.slice(0, 4), KEY.slice(4)];
const SAID = `For the deploy I use aws key ${FIRST} then ${SECOND} in the script`;
const HALVES = [
  { fact: `aws key ${FIRST}`, evidence: `I use aws key ${FIRST}` },
  { fact: SECOND, evidence: `${SECOND} in the script` },
];

async function pass(layout: StoreLayout) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-split-redaction-")), "memory");
  const store = new MemoryStore({ root, layout });
  const transcript = { date: "2026-10-02", turns: [{ role: "user" as const, content: SAID }] };
  const now = new Date("2026-10-02T08:00:00Z");
  return layout === "subject"
    ? applyProposals({
        store,
        transcript,
        now,
        proposals: HALVES.map(({ fact, evidence }) => ({
          file: "topics/deploy.md",
          fact,
          evidence,
          replaces: null,
          description: null,
        })),
      })
    : applyFactProposals({
        store,
        transcript,
        now,
        proposals: HALVES.map(({ fact, evidence }, index) => ({
          action: "save" as const,
          name: `deploy step ${index + 1}`,
          type: "project",
          description: "How the user deploys.",
          body: fact,
          evidence,
          replaces: null,
        })),
      });
}

describe.each(["subject", "fact"] as const)(
  "a key split across two facts (%s layout)",
  (layout) => {
    it("refuses both, and no refusal carries either half", async () => {
      const result = await pass(layout);
      expect(result.applied).toEqual([]);
      expect(result.rejected.map((item) => item.code)).toEqual(["secret", "secret"]);
      const said = JSON.stringify(result.rejected);
      expect([said.includes(FIRST), said.includes(SECOND)]).toEqual([false, false]);
    });
  },
);
