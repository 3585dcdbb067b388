import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, type StoreLayout } from "@memfiles/core";
import { findForgottenLines } from "@memfiles/core/internal";
import { recallForPrompt } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

// A new user's trial: `forget sister` showed and removed only "Anna's sister lives in Madrid", yet
// its tombstone hid "Anna's brother lives in Madrid" (three of its four words) from every prompt,
// and `check` asked for it to be deleted. A line stated on or before the forget's day that the
// forget left in memory was kept; only a restatement written later is hidden by the removed line's
// words (decision 0005, amended 2026-12-07). Every surface that shows or checks after the forget,
// on both layouts.

type Case = {
  name: string;
  query: string;
  /** The fact the forget removes, the fact it leaves (sharing most of its words), a restatement. */
  forgotten: string;
  kept: string;
  restated: string;
  prompt: string;
  word: string;
};

const CASES: Case[] = [
  {
    name: "a sibling",
    query: "sister",
    forgotten: "Anna's sister lives in Madrid",
    kept: "Anna's brother lives in Madrid",
    restated: "Anna's sibling lives in Madrid",
    prompt: "who lives in Madrid",
    word: "Madrid",
  },
  {
    name: "an address",
    query: "my address",
    forgotten: "home address is 12 Elm Street, Springfield",
    kept: "the office is at 12 Elm Street, Springfield",
    restated: "lives at 12 Elm Street",
    prompt: "what is on Elm Street",
    word: "Elm",
  },
  {
    name: "a rent with the same number",
    query: "Lisbon 900",
    forgotten: "rent for the Lisbon flat is 900 EUR",
    kept: "rent for the Madrid flat is 900 EUR",
    restated: "rent for the flat is 900 EUR",
    prompt: "how much is the rent for the flat",
    word: "rent",
  },
];

const day = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toISOString().slice(0, 10).replace(/-/g, "/");
};
const textOf = (layout: StoreLayout, at: number, fact: string, stated: string) =>
  layout === "fact"
    ? `---\nname: place ${at}\ndescription: ${fact}.\ntype: user\nupdated: ${stated}\n---\n${fact}.\n`
    : `---\nname: place-${at}\ndescription: place ${at}\n---\n[stated ${stated}] ${fact}\n`;
const fileOf = (layout: StoreLayout, at: number) =>
  layout === "fact" ? `place-${at}.md` : `topics/place-${at}.md`;

function proposal(layout: StoreLayout, fact: string) {
  return layout === "fact"
    ? { name: "place new", type: "user", description: fact, body: `${fact}.`, evidence: fact }
    : { file: "topics/place-new.md", fact, evidence: fact };
}

describe.each(["subject", "fact"] as const)(
  "forget hides no line it left in memory, %s layout",
  (layout) => {
    it.each(CASES)("$name", async ({ query, forgotten, kept, restated, prompt, word }) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-kept-")), "memory");
      const store = new MemoryStore({ root, layout });
      await mkdir(layout === "subject" ? join(root, "topics") : root, { recursive: true });
      // Stated before the forget, as a person's memory is; the same day counts as before.
      await writeFile(join(root, fileOf(layout, 0)), textOf(layout, 0, forgotten, day(-6)));
      await writeFile(join(root, fileOf(layout, 1)), textOf(layout, 1, kept, day(0)));
      const session = await startInProcess(["--root", root, "--layout", layout]);
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await session.client.callTool({ name, arguments: args });
        expect(result.isError ?? false).toBe(false);
        return (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
      };
      const recalled = async () => (await recallForPrompt({ root, layout, query: prompt })).text;
      try {
        const result = JSON.parse(await call("forget", { query })) as {
          code: string;
          removed: Array<{ line: string }>;
        };
        expect(result.code).toBe("removed");
        const removed = result.removed.map((line) => line.line).join("\n");
        expect(removed).toContain(forgotten);
        expect(removed).not.toContain(kept);

        // The line the forget left: shown by search and recall, not reported by `check`.
        expect(await call("search", { words: word })).toContain(kept);
        expect(await recalled()).toContain(kept);
        expect(await findForgottenLines(store)).toEqual([]);

        // What the forget removed, put back as it was (an undo), is still forgotten.
        await writeFile(join(root, fileOf(layout, 2)), textOf(layout, 2, forgotten, day(-6)));
        expect(await recalled()).not.toContain(forgotten);
        // A fact file's description states the fact too: `check` names that line as well (0100).
        const twice = layout === "fact" ? 2 : 1;
        expect((await findForgottenLines(store)).map((line) => line.path)).toEqual(
          Array(twice).fill(fileOf(layout, 2)),
        );

        // A restatement written after the forget is still hidden by the removed line's words,
        // and the write pass still refuses it.
        await writeFile(join(root, fileOf(layout, 3)), textOf(layout, 3, restated, day(1)));
        expect(await recalled()).not.toContain(restated);
        expect((await findForgottenLines(store)).map((line) => line.rule)).toEqual([
          ...Array(twice).fill("same_fact"),
          ...Array(twice).fill("removed_fact_words"),
        ]);
        const proposed = JSON.parse(
          await call("propose", {
            transcript: {
              date: day(0).replace(/\//g, "-"),
              turns: [{ role: "user", content: restated }],
            },
            proposals: [proposal(layout, restated)],
          }),
        ) as { rejected: Array<{ code: string }> };
        expect(proposed.rejected.map((rejection) => rejection.code)).toEqual(["forgotten"]);
        expect(await recalled()).toContain(kept);
      } finally {
        await session.close();
      }
    });
  },
);
