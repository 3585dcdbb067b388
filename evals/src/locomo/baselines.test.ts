import { describe, expect, it } from "vitest";
import { SYNTHETIC_SAMPLE } from "../../test/locomo-sample.js";
import {
  annotatedFacts,
  bm25Ranker,
  chanceRanker,
  datedTurns,
  fillBaseline,
  normalize,
} from "./baselines.js";

const chars = (text: string) => text.length;

describe("the baselines' units", () => {
  it("dates every annotated fact and turn by its session, as a memory line is dated", () => {
    expect(annotatedFacts(SYNTHETIC_SAMPLE).map((unit) => [unit.text, unit.date])).toContainEqual([
      "Ana works as a nurse at the city hospital.",
      "2023/05/25",
    ]);
    expect(datedTurns(SYNTHETIC_SAMPLE).map((unit) => [unit.diaIds, unit.date])).toEqual([
      [["D1:1"], "2023/05/08"],
      [["D1:2"], "2023/05/08"],
      [["D1:3"], "2023/05/08"],
      [["D1:4"], "2023/05/08"],
      [["D2:1"], "2023/05/25"],
      [["D2:2"], "2023/05/25"],
      [["D2:3"], "2023/05/25"],
      [["D2:4"], "2023/05/25"],
      [["D3:1"], "2023/06/09"],
      [["D3:2"], "2023/06/09"],
    ]);
  });
});

describe("bm25Ranker", () => {
  const facts = annotatedFacts(SYNTHETIC_SAMPLE);
  it.each([
    // "adopting" and "puppies" stem to what "adopted" and "puppy" stem to; the plain index keeps
    // words whole, so only the tuned one finds the fact.
    ["tuned: Porter stems", true, "adopting puppies", "Ana adopted a beagle puppy named Pixel."],
    // "hosp" is a prefix of "hospital" (4+ chars); the plain index matches whole words only.
    ["tuned: prefix match", true, "hosp", "Ana works as a nurse at the city hospital."],
  ])("%s", (_name, tuned, query, first) => {
    expect(bm25Ranker(facts, tuned)(query)[0]?.text).toBe(first);
    expect(bm25Ranker(facts, false)(query)[0]?.score).toBe(Number.MIN_VALUE);
  });

  it("ranks every unit, those that matched nothing last, newest first, so a fill can reach its budget", () => {
    const ranking = bm25Ranker(facts, true)("Who works as a nurse?");
    expect(ranking).toHaveLength(facts.length);
    expect(ranking[0]?.text).toBe("Ana works as a nurse at the city hospital.");
    const rest = ranking.slice(1).map((unit) => Number(unit.path));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(ranking.every((unit) => unit.score > 0)).toBe(true);
  });

  it("keeps the plain baseline undated and dates the tuned one", () => {
    expect(bm25Ranker(facts, false)("nurse").every((unit) => unit.date === undefined)).toBe(true);
    expect(bm25Ranker(facts, true)("nurse").every((unit) => unit.date !== undefined)).toBe(true);
  });
});

describe("chanceRanker", () => {
  it("gives every unit once, in a new order for each question, the same orders in every run", () => {
    const facts = annotatedFacts(SYNTHETIC_SAMPLE);
    const first = chanceRanker(facts);
    const again = chanceRanker(facts);
    const orders = [first("a"), first("b")].map((ranking) => ranking.map((unit) => unit.path));
    expect(orders.map((order) => [...order].sort())).toEqual([
      facts.map((_unit, index) => String(index)).sort(),
      facts.map((_unit, index) => String(index)).sort(),
    ]);
    expect(orders[0]).not.toEqual(orders[1]);
    expect(again("a").map((unit) => unit.path)).toEqual(orders[0]);
  });
});

describe("fillBaseline", () => {
  const facts = annotatedFacts(SYNTHETIC_SAMPLE);
  const ranking = bm25Ranker(facts, true)("Where does Ana work as a nurse?");
  const whole = fillBaseline(ranking, facts, 100_000, chars);

  it("renders as budgeted recall renders: the wrapper, one [date] a day, oldest day first", () => {
    expect(whole.text.startsWith("<recalled_memory>\n")).toBe(true);
    expect(whole.text.endsWith("\n</recalled_memory>")).toBe(true);
    const days = whole.text.split("\n").filter((line) => /^\[\d{4}\/\d{2}\/\d{2}\]$/.test(line));
    expect(days).toEqual(["[2023/05/08]", "[2023/05/25]", "[2023/06/09]"]);
  });

  it("says what it spent on lines: every picked line and its break, the rest on wrapper and days", () => {
    const lines = facts.map((unit) => `${unit.text}\n`);
    expect(whole.spent).toEqual({
      lines: facts.length,
      lineTokens: lines.join("").length,
    });
    const days = ["[2023/05/08]\n", "[2023/05/25]\n", "[2023/06/09]\n"].join("").length;
    const [open, intro] = whole.text.split("\n");
    const wrapper = `${open}\n${intro}\n</recalled_memory>`.length;
    expect(whole.text.length - lines.join("").length - days).toBe(wrapper);
  });

  it("normalizes as measureEvidence would, leaving out the wrapper and headers (they hold no evidence)", () => {
    for (const unit of facts) expect(whole.normalized).toContain(normalize(unit.text));
    expect(whole.normalized).not.toContain("recalled_memory");
  });

  it.each([300, 400, 500])(
    "fills %i chars: at most the budget, short of it by less than the largest unit and its day",
    (budget) => {
      expect(whole.text.length).toBeGreaterThan(budget);
      const filled = fillBaseline(ranking, facts, budget, chars);
      const slack = Math.max(...facts.map((unit) => chars(`[2023/05/08]\n${unit.text}\n`)));
      expect(filled.text.length).toBeLessThanOrEqual(budget);
      expect(filled.text.length).toBeGreaterThan(budget - slack);
    },
  );
});
