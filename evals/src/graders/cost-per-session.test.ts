import { describe, expect, it } from "vitest";
import type { CostExpectation } from "../scenarios/schema.js";
import { costPerSession, costPerSessionGrader } from "./cost-per-session.js";

const EXPECTATIONS: CostExpectation[] = [
  { model: "claude-opus-5-5", session: "question", usd: 0.0095344, computed: "by hand" },
  {
    model: "claude-opus-5-5",
    prompt: "extraction@1",
    session: 1,
    usd: 0.007856,
    computed: "by hand",
  },
  { model: "claude-haiku-4-5", session: 1, usd: 0.001849, computed: "by hand" },
];

// Float sums of the call costs must compare equal to the hand figure.
const CALLS = [
  { session: 1 as const, usd: 0.007856 },
  { session: "question" as const, usd: 0.0047184 },
  { session: "question" as const, usd: 0.004816 },
];

describe("costPerSession", () => {
  it("grades the expectations of the run's model and prompt against the sum per session", () => {
    expect(
      costPerSession(EXPECTATIONS, CALLS, {
        model: "claude-opus-5-5",
        extractionPrompt: "extraction@1",
      }),
    ).toEqual([
      {
        name: "cost_per_session(question, $0.0095344)",
        pass: true,
        score: 1,
        reason: "$0.0095344 over 2 call(s)",
      },
      {
        name: "cost_per_session(1, $0.007856)",
        pass: true,
        score: 1,
        reason: "$0.007856 over 1 call(s)",
      },
    ]);
  });

  it("skips expectations of another prompt or model", () => {
    expect(
      costPerSession(EXPECTATIONS, CALLS, {
        model: "claude-opus-5-5",
        extractionPrompt: "extraction@2",
      }).map((check) => check.name),
    ).toEqual(["cost_per_session(question, $0.0095344)"]);
  });

  it("grades a row naming batch only on runs of that write mode (--batch or not)", () => {
    const rows: CostExpectation[] = [
      { model: "claude-haiku-4-5", batch: false, session: 1, usd: 0.001855, computed: "sync" },
      { model: "claude-haiku-4-5", batch: true, session: 1, usd: 0.0009275, computed: "batch" },
      { model: "claude-haiku-4-5", session: "question", usd: 0, computed: "both" },
    ];
    const run = { model: "claude-haiku-4-5", extractionPrompt: "extraction@1" };
    const names = (writeBatch?: boolean) =>
      costPerSession(rows, [], { ...run, ...(writeBatch === undefined ? {} : { writeBatch }) }).map(
        (check) => check.name,
      );
    expect(names()).toEqual(["cost_per_session(1, $0.001855)", "cost_per_session(question, $0)"]);
    expect(names(false)).toEqual(names());
    expect(names(true)).toEqual([
      "cost_per_session(1, $0.0009275)",
      "cost_per_session(question, $0)",
    ]);
  });

  it("fails a session that cost another figure, with how the figure was computed", () => {
    const [check] = costPerSession(EXPECTATIONS, [{ session: 1, usd: 0.001718 }], {
      model: "claude-haiku-4-5",
      extractionPrompt: "extraction@3",
    });
    expect(check).toEqual({
      name: "cost_per_session(1, $0.001849)",
      pass: false,
      score: 0,
      reason: "cost $0.001718 over 1 call(s), expected $0.001849 (by hand)",
    });
  });
});

describe("costPerSessionGrader", () => {
  const context = { root: "/nowhere", answer: "", seedFiles: {}, maxChars: 12_000, path: "" };

  it("grades the scenario's costPerSession rows of the run's model against its calls", async () => {
    const results = await costPerSessionGrader.grade(EXPECTATIONS, {
      ...context,
      calls: CALLS,
      run: { model: "claude-haiku-4-5", extractionPrompt: "extraction@2" },
    });
    expect(results.map((result) => result.name)).toEqual(["cost_per_session(1, $0.001849)"]);
  });

  it("grades nothing without a run (no row can apply)", async () => {
    expect(await costPerSessionGrader.grade(EXPECTATIONS, { ...context, calls: CALLS })).toEqual(
      [],
    );
  });

  it("is the registry's grader of the scenario field costPerSession", () => {
    expect([costPerSessionGrader.scope, costPerSessionGrader.field]).toEqual([
      "scenario",
      "costPerSession",
    ]);
  });
});

describe("costPerSession by provenance: exact figures for their recordings, budgets for every run", () => {
  const ROWS: CostExpectation[] = [
    {
      model: "claude-haiku-5-5",
      provenance: "authored",
      session: 1,
      usd: 0.000271775,
      computed: "the authored write",
    },
    { model: "claude-haiku-5-5", session: 1, maxUsd: 0.0012, computed: "budget" },
  ];
  const run = (provenance?: "authored" | "recorded") => ({
    model: "claude-haiku-5-5",
    extractionPrompt: "extraction@1",
    ...(provenance === undefined ? {} : { provenance }),
  });

  it.each([
    {
      name: "an authored run: the exact figure and the budget",
      provenance: "authored" as const,
      calls: [{ session: 1 as const, usd: 0.000271775 }],
      expected: [
        ["cost_per_session(1, $0.000271775)", true],
        ["cost_per_session(1, <= $0.0012)", true],
      ],
    },
    {
      // What a real model's recording costs: never the authored estimate, within the budget.
      name: "a recorded run: only the budget",
      provenance: "recorded" as const,
      calls: [{ session: 1 as const, usd: 0.000318 }],
      expected: [["cost_per_session(1, <= $0.0012)", true]],
    },
    {
      name: "a recorded run over the budget fails",
      provenance: "recorded" as const,
      calls: [
        { session: 1 as const, usd: 0.0009 },
        { session: 1 as const, usd: 0.0004 },
      ],
      expected: [["cost_per_session(1, <= $0.0012)", false]],
    },
    {
      name: "a budget with no priced call in its session fails",
      provenance: "recorded" as const,
      calls: [{ session: "question" as const, usd: 0.0001 }],
      expected: [["cost_per_session(1, <= $0.0012)", false]],
    },
    {
      name: "a run of unknown provenance: only the budget",
      provenance: undefined,
      calls: [{ session: 1 as const, usd: 0.0012 }],
      expected: [["cost_per_session(1, <= $0.0012)", true]],
    },
  ])("$name", ({ provenance, calls, expected }) => {
    expect(
      costPerSession(ROWS, calls, run(provenance)).map((check) => [check.name, check.pass]),
    ).toEqual(expected);
  });

  it("says why a budget failed, with the row's computed line", () => {
    const [check] = costPerSession(ROWS, [{ session: 1, usd: 0.002 }], run("recorded"));
    expect(check?.reason).toBe("cost $0.002 over 1 call(s), over the budget of $0.0012 (budget)");
  });
});
