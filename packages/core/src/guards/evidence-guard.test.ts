import { describe, expect, it } from "vitest";
import type { Transcript } from "../transcript/index.js";
import { checkEvidence } from "./evidence-guard.js";

const transcript: Transcript = {
  date: "2026-09-12",
  turns: [
    { role: "user", content: "Honestly  I LOVE Thai food,\nespecially green curry." },
    { role: "assistant", content: "You might enjoy Lao food too, since you like spicy dishes." },
    { role: "user", content: "I can’t stand cilantro though." },
    { role: "user", content: "I deploy everything on Fly.io, nothing else." },
  ],
};

describe("checkEvidence", () => {
  it.each([
    ["an exact quote", "I LOVE Thai food", { ok: true, code: "quoted", turn: 0 }],
    [
      "a quote with case and white space folded",
      "i love thai food, especially green curry",
      { ok: true, code: "quoted", turn: 0 },
    ],
    [
      "a quote with straight apostrophes for curly ones",
      "I can't stand cilantro",
      { ok: true, code: "quoted", turn: 2 },
    ],
    [
      "a quote in quote marks with end punctuation",
      '"I can’t stand cilantro though."',
      { ok: true, code: "quoted", turn: 2 },
    ],
    [
      "a quote ending in two punctuation marks",
      "I deploy everything on Fly.io!!",
      { ok: true, code: "quoted", turn: 3 },
    ],
    [
      "a quote in doubled quote marks",
      '«"I can’t stand cilantro"»',
      { ok: true, code: "quoted", turn: 2 },
    ],
    [
      "a quote with a space before its end mark",
      "I LOVE Thai food !",
      { ok: true, code: "quoted", turn: 0 },
    ],
    [
      "the assistant's words",
      "you like spicy dishes",
      { ok: false, code: "evidence_not_from_user", turn: 1 },
    ],
    ["words nobody said", "I am vegetarian", { ok: false, code: "evidence_not_found" }],
    ["a paraphrase", "I really love Thai food", { ok: false, code: "evidence_not_found" }],
    ["blank evidence", "  ", { ok: false, code: "evidence_not_found" }],
    ["only punctuation", '"."', { ok: false, code: "evidence_not_found" }],
  ])("%s", (_, evidence, expected) => {
    expect(checkEvidence(evidence, transcript)).toEqual(expected);
  });
});
