import { costOf } from "@memfiles/core";
import { estimateTokens, ZERO_USAGE } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { formatRecordPlan } from "../cli/record-plan.js";
import { ASSUMED_OUTPUT_TOKENS, BUDGET_OUTPUT_BASIS, RecordBudget } from "./record-budget.js";

const body = (model: string, maxTokens?: number) => ({
  model,
  ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
  messages: [{ role: "user", content: "Where do I deploy?" }],
});

const priced = (request: ReturnType<typeof body>, output: number) =>
  costOf(
    { ...ZERO_USAGE, input: estimateTokens(JSON.stringify(request), request.model), output },
    request.model,
  ).usd;

describe("RecordBudget.estimate", () => {
  it.each([
    { name: "a write pass on Haiku 5.5", request: body("claude-haiku-5-5", 4_096), output: 4_096 },
    { name: "a judge call on Opus 5.5", request: body("claude-opus-5-5", 400), output: 400 },
    { name: "an answer on Haiku 5.5", request: body("claude-haiku-5-5", 200), output: 200 },
    {
      name: "a body without max_tokens",
      request: body("claude-haiku-5-5"),
      output: ASSUMED_OUTPUT_TOKENS,
    },
  ])("prices $name at its input and its max_tokens as output", ({ request, output }) => {
    expect(new RecordBudget(1).estimate(request, "claude-haiku-5-5")).toEqual(
      priced(request, output),
    );
  });

  it("refuses a call whose max_tokens could pass the cap, though 400 output tokens would not", () => {
    const request = body("claude-opus-5-5", 4_096);
    const budget = new RecordBudget(0.05);
    expect({
      at400: priced(request, 400) <= 0.05,
      refused: budget.refusal(request, "claude-opus-5-5")?.endsWith("past --max-usd 0.05"),
    }).toEqual({ at400: true, refused: true });
  });
});

/** One planned cell-epoch; `skip` when its recording exists already. */
const cell = (skip: boolean) => ({
  scenarioId: "remember",
  model: "claude-haiku-4-5",
  epoch: 1,
  skip,
  estimate: {
    calls: 1,
    usage: { input: 10, output: 5, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
    usd: 0.0001,
  },
  basis: "scenario size",
});

describe("the record preview", () => {
  it("is one line, and no plan table, when every run is recorded already", () => {
    const plan = { cells: [cell(true), cell(true)], models: [], usd: 0 };
    expect(formatRecordPlan(plan, { prompt: "extraction@1" })).toBe(
      "nothing to record: 2 run(s) of extraction@1 already recorded (--force records them again)\n",
    );
  });

  it.each([
    {
      name: "without a cap",
      maxUsd: undefined,
      cap: "No cap: --max-usd <n> stops before a call would pass n USD.",
    },
    {
      name: "a cap above the expected total",
      maxUsd: 0.05,
      cap: `Cap --max-usd 0.05: not checked against the expected cost above; ${BUDGET_OUTPUT_BASIS}; the run may stop before its spend reaches the cap.`,
    },
    {
      name: "a cap below the expected total",
      maxUsd: 0.00005,
      cap: `Cap --max-usd 0.00005: not checked against the expected cost above; ${BUDGET_OUTPUT_BASIS}. The cap is below the expected total: the run will likely stop before its end.`,
    },
  ])(
    "labels the plan's expected cost and the cap's upper bound apart ($name)",
    ({ maxUsd, cap }) => {
      const text = formatRecordPlan(
        { cells: [cell(false)], models: [], usd: 0.0001 },
        { prompt: "extraction@1", ...(maxUsd === undefined ? {} : { maxUsd }) },
      );
      const lines = text.trimEnd().split("\n");
      expect(lines.slice(-2)).toEqual([
        `Total expected: ~$0.0001 (a likely bill, not a bound: the usage of a recording of the scenario, or its size with ${ASSUMED_OUTPUT_TOKENS} output tokens a call).`,
        cap,
      ]);
      expect(lines[2]).toContain("| expected USD | expected from |");
      expect(BUDGET_OUTPUT_BASIS).toContain(
        "upper bound (its input by characters, its max_tokens as output)",
      );
    },
  );
});
