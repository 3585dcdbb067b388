import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { renderMemoryBlock } from "@memfiles/core/internal";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYNTHETIC_SAMPLE } from "../../test/locomo-sample.js";
import {
  conversationText,
  countTokens,
  EVIDENCE_BUDGETS,
  evidenceQuestions,
  fillLines,
  measureEvidence,
  type SpeakerMemory,
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

describe("fillLines", () => {
  const units = [
    { text: "Ana  adopted\ta puppy. ", diaIds: ["D1:1"] },
    { text: "", diaIds: ["D1:2"] },
    { text: " \u00a0 ", diaIds: ["D1:3"] },
    { text: "The puppy\nis a beagle.", diaIds: ["D1:4"] },
    { text: "Ben went away for a long while, to the coast.", diaIds: ["D1:5"] },
  ];
  // A unit costs its chars and a line break: 23, 1, 4, 23, 47.
  const chars = (text: string) => text.length;
  it.each([
    [
      "every unit",
      1_000,
      {
        text: units.map((unit) => unit.text).join("\n"),
        normalized:
          "Ana adopted a puppy. The puppy is a beagle. Ben went away for a long while, to the coast.",
      },
    ],
    [
      "the units that fit, the two past the budget passed over",
      50,
      { text: "Ana  adopted\ta puppy. \n\n \u00a0 ", normalized: "Ana adopted a puppy." },
    ],
    ["none", 0, { text: "", normalized: "" }],
  ])(
    "%s: the text, and its spaces normalized as measureEvidence normalizes it",
    (_name, budget, expected) => {
      const filled = fillLines(units, budget, chars);
      expect(filled).toEqual(expected);
      expect(filled.normalized).toBe(filled.text.replace(/\s+/g, " ").trim());
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
      for (const strategy of ["budget", "bm25-facts", "bm25-turns"]) {
        for (const budget of EVIDENCE_BUDGETS) {
          const row = rows.find((one) => one.strategy === strategy && one.budgetTokens === budget);
          expect(row?.tokensMean).toBeLessThanOrEqual(budget);
        }
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
