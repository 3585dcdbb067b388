import { describe, expect, it } from "vitest";
import { loadScenarios } from "../scenarios/index.js";
import { DEFAULT_SCENARIOS_DIR } from "./folders.js";
import { layoutPairs, layoutScenarioId } from "./layout-pairs.js";
import { scenarioTests } from "./scenario-tests.js";

describe("layoutPairs", () => {
  it("pairs every subject seed test with its fact run, and nothing else", async () => {
    const pairs = layoutPairs(await loadScenarios(DEFAULT_SCENARIOS_DIR));
    expect(pairs.map((pair) => pair.id)).toEqual([
      "dont-overapply-dinner",
      "dont-overapply-packaging",
      "forget",
      "ignore-noise",
      "remember",
      "update",
    ]);
    expect(pairs.find((pair) => pair.id === "remember")?.scenarios).toEqual({
      subject: "remember",
      fact: "remember@fact",
    });
  });

  it("skips a fact run that is not in the fact layout, and a subject scenario without one", async () => {
    const scenarios = await loadScenarios(DEFAULT_SCENARIOS_DIR);
    const remember = scenarios.find((scenario) => scenario.id === "remember");
    const factRemember = scenarios.find((scenario) => scenario.id === "remember@fact");
    if (remember === undefined || factRemember === undefined) throw new Error("fixtures moved");
    expect(layoutPairs([remember, { ...factRemember, layout: "subject" }])).toEqual([]);
    expect(layoutPairs([remember])).toEqual([]);
  });

  it("maps a pair's id to the scenario each layout runs: its fact run on the fact layout", () => {
    expect(layoutScenarioId("forget", "fact")).toBe("forget@fact");
    expect(layoutScenarioId("remember", "subject")).toBe("remember");
  });

  it("gives promptfoo one test per pair when asked for pairs", async () => {
    const tests = await scenarioTests(DEFAULT_SCENARIOS_DIR, { pairs: true });
    expect(tests.map((test) => test.vars?.scenario)).toHaveLength(6);
    const all = await scenarioTests(DEFAULT_SCENARIOS_DIR, { pairs: false });
    expect(all.length).toBeGreaterThan(30);
  });
});
