import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { StoreLayout } from "@memfiles/core";
import { findForgottenLines } from "@memfiles/core/internal";
import { recallForPrompt } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { callerOf, openPlaces, placeFile, placeProposal } from "./forget-places.js";

// A new user's trial: `forget rent 900` removed the Lisbon line and its tombstone hid the Porto
// line too ("rent is 650 a month" shares "rent" and "eur", two thirds of its words), from recall and
// the write pass, and `check` asked for it to be deleted; forgetting "tamarind3" hid "tamarind1"
// and "tamarind10". A tombstone hides what the forget removed and its restatements, never a fact
// that differs from it in a number (decision 0084). Every surface that shows or writes after the
// forget, on both layouts.

type Case = {
  name: string;
  query: string;
  /** The fact the forget removes, and the facts in other files it must leave alone. */
  forgotten: string;
  others: string[];
  /** A new fact with yet another number, for the write pass. */
  fresh: string;
  /** A prompt that recalls the facts, and a search word. */
  prompt: string;
  word: string;
};

const CASES: Case[] = [
  {
    name: "a rent",
    query: "rent 900",
    forgotten: "rent is 900 a month",
    others: ["rent is 650 a month"],
    fresh: "rent is 720 a month",
    prompt: "how much is the rent",
    word: "rent",
  },
  {
    name: "a code word",
    query: "tamarind3",
    forgotten: "the shed code word is tamarind3",
    others: ["the shed code word is tamarind1", "the shed code word is tamarind10"],
    fresh: "the shed code word is tamarind7",
    prompt: "what is the shed code word",
    word: "shed",
  },
];

// Written as a person would: the fact layout's `remember` takes "rent is 650" for an update of
// "rent is 900" (0068) and replaces it in the first file.
const textOf = (layout: StoreLayout, at: number, fact: string) =>
  layout === "fact"
    ? `---\nname: place ${at}\ndescription: Place ${at}.\ntype: user\n---\n${fact}.\n`
    : `---\nname: place-${at}\ndescription: place ${at}\n---\n[stated 2026/12/01] ${fact}\n`;
describe.each(["subject", "fact"] as const)(
  "forget leaves a fact with another number alone, %s layout",
  (layout) => {
    it.each(CASES)("$name", async ({ query, forgotten, others, fresh, prompt, word }) => {
      const { root, store, start } = await openPlaces("memfiles-forget-number-", layout);
      for (const [at, fact] of [forgotten, ...others].entries()) {
        await writeFile(join(root, placeFile(layout, at)), textOf(layout, at, fact));
      }
      const session = await start();
      const call = callerOf(session);
      try {
        expect(JSON.parse(await call("forget", { query })).code).toBe("removed");

        // MCP read and search show the other facts (files are shown as stored).
        for (const [at, fact] of others.entries()) {
          expect(await call("read", { path: placeFile(layout, at + 1) })).toContain(fact);
        }
        const found = await call("search", { words: word });
        for (const fact of others) expect(found).toContain(fact);
        expect(found).not.toContain(forgotten);

        // Recall (the prompt hook's): the other facts, not the forgotten one.
        const recalled = (await recallForPrompt({ root, layout, query: prompt })).text;
        for (const fact of others) expect(recalled).toContain(fact);
        expect(recalled).not.toContain(forgotten);

        // `check`'s forgotten_line: nothing to delete.
        expect(await findForgottenLines(store)).toEqual([]);

        // The write pass's check pipeline: another number is applied, the forgotten fact refused.
        const propose = async (fact: string) =>
          JSON.parse(
            await call("propose", {
              transcript: { date: "2026-12-07", turns: [{ role: "user", content: fact }] },
              proposals: [placeProposal(layout, fact)],
            }),
          ) as { applied: unknown[]; rejected: Array<{ code: string }> };
        expect((await propose(forgotten)).rejected.map((rejection) => rejection.code)).toEqual([
          "forgotten",
        ]);
        const applied = await propose(fresh);
        expect(applied.rejected).toEqual([]);
        expect(applied.applied).toHaveLength(1);
      } finally {
        await session.close();
      }
    });
  },
);
