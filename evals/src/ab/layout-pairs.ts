import type { StoreLayout } from "@memfiles/core";
import type { Scenario } from "../scenarios/schema.js";

/** One layout pair: the same seed test run once per layout. */
export type LayoutPair = {
  /** The pair's name in the A/B: the subject-layout scenario's id, e.g. `remember`. */
  id: string;
  /** Scenario ids per layout: `{ subject: "remember", fact: "remember@fact" }`. */
  scenarios: Record<StoreLayout, string>;
};

/**
 * The layout A/B's pairs: every subject-layout seed test `<id>` that also runs on the fact layout
 * (`layouts: [subject, fact]`, its fact run `<id>@fact`). The two runs tell the same sessions and
 * ask the same question; each is graded on its own layout's files (`topics/tools.md` vs
 * `deploy-host.md`, from `perLayout`), so the A/B pairs runs rather than converting one folder into
 * the other layout (decision 0025-fact-layout).
 *
 * @param scenarios - Loaded scenario runs (`loadScenarios`).
 * @returns The pairs in the order of `scenarios`.
 * @example layoutPairs(await loadScenarios(dir)).map((pair) => pair.id); // ["dont-overapply-dinner", ..., "update"]
 */
export function layoutPairs(scenarios: readonly Scenario[]): LayoutPair[] {
  const byId = new Map(scenarios.map((scenario) => [scenario.id, scenario]));
  return scenarios.flatMap((scenario) => {
    // The seed design's tests only: a guard scenario's fact run has no A/B arm recordings.
    if (scenario.layout !== "subject" || scenario.source !== "seed" || scenario.id.includes("@")) {
      return [];
    }
    const factRun = byId.get(layoutScenarioId(scenario.id, "fact"));
    if (factRun === undefined || factRun.layout !== "fact") return [];
    return [{ id: scenario.id, scenarios: { subject: scenario.id, fact: factRun.id } }];
  });
}

/**
 * The scenario a layout arm runs for a test: the test's own scenario in the subject layout, its
 * fact run `<id>@fact` in the fact layout.
 *
 * @param scenarioId - The test's `vars.scenario` (a pair id: a subject-layout scenario).
 * @param layout - The arm's layout.
 * @returns The scenario id to run, e.g. `forget@fact` for (`forget`, `fact`).
 * @example layoutScenarioId("forget", "fact"); // "forget@fact"
 */
export function layoutScenarioId(scenarioId: string, layout: StoreLayout): string {
  return layout === "fact" ? `${scenarioId}@fact` : scenarioId;
}
