import { describe, expect, it } from "vitest";
import type { EvidenceRow } from "./evidence-recall.js";
import { formatLeaveOneOut } from "./format-locomo.js";
import { leaveOneOut, leaveOneOutRows } from "./leave-one-out.js";

/** A row whose conversations have these recalls and question counts. */
function row(
  strategy: string,
  budgetTokens: number,
  conversations: Record<string, [recall: number, questions: number]>,
): EvidenceRow {
  const entries = Object.entries(conversations);
  const questions = entries.reduce((sum, [, [, count]]) => sum + count, 0);
  return {
    layout: strategy === "budget" ? "subject" : null,
    strategy,
    budgetTokens,
    tokensMean: budgetTokens,
    recall: entries.reduce((sum, [, [recall, count]]) => sum + recall * count, 0) / questions,
    questions,
    byCategory: {},
    byConversation: Object.fromEntries(
      entries.map(([key, [recall, count]]) => [key, { recall, questions: count }]),
    ),
  };
}

describe("leaveOneOut", () => {
  it.each([
    {
      name: "one conversation carries the row: above over all, below without it",
      ours: { a: [0.9, 100], b: [0.5, 100], c: [0.5, 100] },
      baseline: { a: [0.5, 100], b: [0.6, 100], c: [0.6, 100] },
      holds: false,
      worst: "a",
    },
    {
      name: "above in every conversation",
      ours: { a: [0.7, 100], b: [0.7, 100], c: [0.7, 100] },
      baseline: { a: [0.6, 100], b: [0.6, 100], c: [0.6, 100] },
      holds: true,
      worst: "a",
    },
    {
      name: "below in one small conversation, above without it and with it",
      ours: { a: [0.5, 10], b: [0.8, 100], c: [0.8, 100] },
      baseline: { a: [0.6, 10], b: [0.7, 100], c: [0.7, 100] },
      holds: true,
      worst: "b",
    },
    {
      // Means of conversations, unweighted, would say below (0.6 vs 0.767); questions say above.
      name: "weighted by questions, not by conversations",
      ours: { a: [0.2, 10], b: [0.8, 200], c: [0.8, 200] },
      baseline: { a: [0.9, 10], b: [0.7, 200], c: [0.7, 200] },
      holds: true,
      worst: "b",
    },
    {
      name: "equal rows hold",
      ours: { a: [0.3, 7], b: [0.7, 13], c: [0.1, 3] },
      baseline: { a: [0.3, 7], b: [0.7, 13], c: [0.1, 3] },
      holds: true,
      worst: "a",
    },
  ] as const)("$name", ({ ours, baseline, holds, worst }) => {
    const result = leaveOneOut(
      row("budget", 4_000, ours as never),
      row("bm25-facts-tuned", 4_000, baseline as never),
    );
    expect({ holds: result.holds, worst: result.worst?.conversation }).toEqual({ holds, worst });
  });

  it("gives each conversation's figures without it", () => {
    const result = leaveOneOut(
      row("budget", 4_000, { a: [0.9, 100], b: [0.5, 100], c: [0.5, 300] }),
      row("bm25-facts-tuned", 4_000, { a: [0.5, 100], b: [0.6, 100], c: [0.6, 300] }),
    );
    expect(result.without.map((entry) => entry.conversation)).toEqual(["a", "b", "c"]);
    expect(result.without[0]?.recall).toBeCloseTo(0.5, 12);
    expect(result.without[0]?.baseline).toBeCloseTo(0.6, 12);
    expect(result.without[2]?.recall).toBeCloseTo(0.7, 12);
    expect(result.without[2]?.baseline).toBeCloseTo(0.55, 12);
    expect(result.margin).toBeCloseTo(0.58 - 0.58, 12);
  });

  it("leaves nothing out of one conversation and judges it over all its questions", () => {
    const result = leaveOneOut(
      row("budget", 1_000, { a: [0.4, 10] }),
      row("bm25-facts-tuned", 1_000, { a: [0.5, 10] }),
    );
    expect(result).toEqual({ margin: expect.closeTo(-0.1, 12), without: [], holds: false });
  });
});

describe("leaveOneOutRows and formatLeaveOneOut", () => {
  it("checks each layout at each budget and prints which conversation carries it", () => {
    const carried = { "conv-1": [0.9, 100], "conv-2": [0.5, 100] } as const;
    const even = { "conv-1": [0.7, 100], "conv-2": [0.7, 100] } as const;
    const facts = { "conv-1": [0.5, 100], "conv-2": [0.6, 100] } as const;
    const below = { "conv-1": [0.5, 100], "conv-2": [0.5, 100] } as const;
    const baselines = [1_000, 4_000, 8_000].map((budget) =>
      row("bm25-facts-tuned", budget, facts as never),
    );
    const rows = leaveOneOutRows([
      {
        layout: "subject",
        evidenceRecall: [
          ...baselines,
          row("budget", 1_000, even as never),
          row("budget", 4_000, carried as never),
          row("budget", 8_000, below as never),
        ],
      },
    ]);
    expect(rows.map((item) => [item.layout, item.budgetTokens, item.holds])).toEqual([
      ["subject", 1_000, true],
      ["subject", 4_000, false],
      ["subject", 8_000, false],
    ]);
    expect(formatLeaveOneOut(rows).split("\n").slice(2)).toEqual([
      "| layout  | budget |   all | without conv-1 | without conv-2 | no one conversation carries it |",
      "| ------- | -----: | ----: | -------------: | -------------: | -----------------------------: |",
      "| subject |  1,000 | +15.0 |          +10.0 |          +20.0 |                            yes |",
      "| subject |  4,000 | +15.0 |          -10.0 |          +40.0 |            no (without conv-1) |",
      "| subject |  8,000 |  -5.0 |          -10.0 |           +0.0 |            no (below over all) |",
    ]);
  });
});
