import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { renderMemoryBlock } from "@memfiles/core/internal";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYNTHETIC_SAMPLE } from "../../test/locomo-sample.js";
import {
  annotatedFacts,
  BASELINE_STRATEGIES,
  bm25Ranker,
  chanceRanker,
  datedTurns,
  fillBaseline,
} from "./baselines.js";
import {
  conversationText,
  countTokens,
  EVIDENCE_BUDGETS,
  evidenceQuestions,
  measureEvidence,
  type SpeakerMemory,
  sameTokens,
  sampleEvidenceRecall,
  summarizeEvidence,
} from "./evidence-recall.js";
import { importSpeaker } from "./import-sample.js";
import { runOracle } from "./oracle-write.js";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "memfiles-evidence-test-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("measureEvidence", () => {
  const pixel = { text: "Ana adopted a beagle puppy named Pixel.", diaIds: ["D1:1"] };
  const nurse = { text: "Ana works as a nurse.", diaIds: ["D2:2"] };
  it.each([
    [
      "one of two evidence turns present",
      [pixel.text],
      [pixel, nurse],
      { recall: 1 / 2, tokens: countTokens(pixel.text) },
    ],
    [
      "one evidence turn held by two files, present in both: still counted once",
      [`${pixel.text}\n${pixel.text}`],
      [pixel, { ...pixel }, nurse],
      { recall: 1 / 2, tokens: countTokens(`${pixel.text}\n${pixel.text}`) },
    ],
    [
      "a profile.md fact not in the text sent: not found, however always-loaded the file",
      ["<recalled_memory>\n- Ana works as a nurse.\n</recalled_memory>"],
      [{ ...pixel, path: "profile.md" }, nurse],
      {
        recall: 1 / 2,
        tokens: countTokens("<recalled_memory>\n- Ana works as a nurse.\n</recalled_memory>"),
      },
    ],
    [
      "a path alone finds nothing",
      ["profile.md: Ana's pets"],
      [pixel],
      { recall: 0, tokens: countTokens("profile.md: Ana's pets") },
    ],
  ])("%s", (_name, parts, units, expected) => {
    expect(measureEvidence(parts, units, new Set(["D1:1", "D2:2"]), countTokens)).toEqual(expected);
  });
});

async function memories(layout: "subject" | "fact"): Promise<SpeakerMemory[]> {
  const result: SpeakerMemory[] = [];
  for (const speaker of ["Ana", "Ben"]) {
    const store = new MemoryStore({ root: await mkdtemp(join(folder, `${speaker}-`)), layout });
    const oracle = await runOracle({
      sample: SYNTHETIC_SAMPLE,
      conversation: importSpeaker(SYNTHETIC_SAMPLE, speaker),
      store,
      descriptions: "facts",
    });
    result.push({ speaker, store, outcomes: oracle.outcomes });
  }
  return result;
}

describe("the baselines' fill, pinned", () => {
  // Chars, not tokens, so the synthetic conversation is longer than the smaller budgets.
  const chars = (text: string) => text.length;
  const units = { turns: datedTurns(SYNTHETIC_SAMPLE), facts: annotatedFacts(SYNTHETIC_SAMPLE) };
  const unitsOf = (strategy: string) => (strategy.includes("turns") ? units.turns : units.facts);
  // What a fill may fall short of its budget by: less than its longest unit with a new day.
  const slack = (strategy: string) =>
    Math.max(...unitsOf(strategy).map((unit) => chars(`[2023/05/08]\n${unit.text}\n`)));
  const rankerOf = (strategy: string) =>
    strategy === "chance-facts"
      ? chanceRanker(unitsOf(strategy))
      : bm25Ranker(unitsOf(strategy), strategy.endsWith("-tuned"));
  // What the fill is when it takes every unit: a budget past it cannot be reached.
  const whole = (strategy: string) =>
    chars(fillBaseline(rankerOf(strategy)(""), unitsOf(strategy), 1e9, chars).text);

  it.each(["subject", "fact"] as const)(
    "%s: every baseline at every budget, per question, is filled up to its budget",
    async (layout) => {
      const evidence = await sampleEvidenceRecall({
        sample: SYNTHETIC_SAMPLE,
        layout,
        memories: await memories(layout),
        count: chars,
      });
      let bound = 0;
      for (const strategy of BASELINE_STRATEGIES) {
        for (const budget of EVIDENCE_BUDGETS) {
          const row = [...evidence.rows.values()].find(
            (one) => one.strategy === strategy && one.budgetTokens === budget,
          );
          expect(row?.figures.length).toBe(evidenceQuestions(SYNTHETIC_SAMPLE).length);
          for (const figure of row?.figures ?? []) {
            expect(figure.tokens).toBeLessThanOrEqual(budget);
            expect(figure.tokens).toBeGreaterThan(
              Math.min(whole(strategy) - 1, budget - slack(strategy)),
            );
            if (budget < whole(strategy)) bound += 1;
          }
        }
      }
      // The budget binds somewhere, or the check above could not fail.
      expect(bound).toBeGreaterThan(0);
    },
  );

  it("fills tuned BM25 to each memfiles row's own tokens, per question", async () => {
    const evidence = await sampleEvidenceRecall({
      sample: SYNTHETIC_SAMPLE,
      layout: "subject",
      memories: await memories("subject"),
      count: chars,
    });
    const compared = [...evidence.rows.values()].filter((row) => row.bm25Facts.length > 0);
    expect(compared.map((row) => row.strategy).sort()).toEqual([
      "memory-block",
      "perfect-pick-5-files",
      "prefilter-top-30",
      "side-query-fallback-5-files",
    ]);
    for (const row of compared) {
      for (const [index, figure] of row.figures.entries()) {
        expect(row.bm25FactsTokens[index]).toBeLessThanOrEqual(figure.tokens);
        expect(row.bm25TurnsTokens[index]).toBeLessThanOrEqual(figure.tokens);
      }
    }
  });

  it.each(["bm25-facts-tuned", "bm25-turns-tuned"])(
    "sameTokens fills %s to the row's tokens, short of them by less than one unit",
    (strategy) => {
      const question = evidenceQuestions(SYNTHETIC_SAMPLE)[0];
      if (question === undefined) throw new Error("the synthetic sample has questions");
      const ranked = rankerOf(strategy)(question.question);
      for (const tokens of [300, 400, 500]) {
        expect(whole(strategy)).toBeGreaterThan(tokens);
        const same = sameTokens(new Map(), ranked, unitsOf(strategy), question, { tokens }, chars);
        expect(same.tokens).toBeLessThanOrEqual(tokens);
        expect(same.tokens).toBeGreaterThan(tokens - slack(strategy));
      }
    },
  );
});

describe("sampleEvidenceRecall on the synthetic conversation", () => {
  it.each(["subject", "fact"] as const)(
    "%s: every row counts the same questions, with the one estimator it is given",
    async (layout) => {
      const speakers = await memories(layout);
      // Chars, not tokens: a row counted with another estimator is ~3 times off.
      const chars = (text: string) => text.length;
      const evidence = await sampleEvidenceRecall({
        sample: SYNTHETIC_SAMPLE,
        layout,
        memories: speakers,
        count: chars,
      });
      const { rows } = summarizeEvidence([evidence], layout);
      const questions = evidenceQuestions(SYNTHETIC_SAMPLE);
      // Q1-Q4 (category 5 and the question whose evidence names no turn are out).
      expect(questions.map((question) => question.question)).toEqual([
        "What breed of puppy was adopted?",
        "Where does Ana work as a nurse?",
        "Which instrument lessons are on Tuesdays?",
        "Who went away recently?",
      ]);
      expect(new Set(rows.map((row) => row.questions))).toEqual(new Set([questions.length]));
      const full = rows.find((row) => row.strategy === "full-context");
      expect(full).toMatchObject({
        recall: 1,
        tokensMean: conversationText(SYNTHETIC_SAMPLE).length,
      });
      let blocks = 0;
      for (const question of questions) {
        const texts = await Promise.all(
          speakers.map((memory) =>
            renderMemoryBlock({ store: memory.store, query: question.question }),
          ),
        );
        blocks += texts.join("\n").length;
      }
      expect(rows.find((row) => row.strategy === "memory-block")?.tokensMean).toBe(
        blocks / questions.length,
      );
      for (const strategy of ["budget", ...BASELINE_STRATEGIES]) {
        for (const budget of EVIDENCE_BUDGETS) {
          const row = rows.find((one) => one.strategy === strategy && one.budgetTokens === budget);
          expect(row?.tokensMean).toBeLessThanOrEqual(budget);
          // Every fill says what it spent on lines; the wrapper is never free.
          expect(row?.linesMean).toBeGreaterThan(0);
          expect(row?.lineTokensMean).toBeLessThan(row?.tokensMean ?? 0);
        }
      }
      for (const strategy of ["full-context", "memory-block"]) {
        expect(rows.find((row) => row.strategy === strategy)).not.toHaveProperty("linesMean");
      }
    },
  );

  it("measures the baselines with the estimator of each call, not of an earlier call on the sample", async () => {
    const speakers = await memories("subject");
    const full = async (count?: (text: string) => number) =>
      summarizeEvidence(
        [
          await sampleEvidenceRecall({
            sample: SYNTHETIC_SAMPLE,
            layout: "subject",
            memories: speakers,
            ...(count === undefined ? {} : { count }),
          }),
        ],
        "subject",
      ).rows.find((row) => row.strategy === "full-context")?.tokensMean;
    const text = conversationText(SYNTHETIC_SAMPLE);
    expect([await full(), await full((one) => one.length)]).toEqual([
      countTokens(text),
      text.length,
    ]);
  });

  it("finds Ana's puppy by budgeted recall within 300 tokens, in both layouts", async () => {
    for (const layout of ["subject", "fact"] as const) {
      const evidence = await sampleEvidenceRecall({
        sample: SYNTHETIC_SAMPLE,
        layout,
        memories: await memories(layout),
      });
      const row = summarizeEvidence([evidence], layout).rows.find(
        (one) => one.strategy === "budget" && one.budgetTokens === 300,
      );
      expect(row?.byCategory["1"]?.recall).toBe(1);
    }
  });
});
