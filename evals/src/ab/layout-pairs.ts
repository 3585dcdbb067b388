import type { StoreLayout } from "@memfiles/core";
import type { Scenario } from "../scenarios/schema.js";

/** The id prefix of a subject-layout scenario's fact-layout twin (`remember` -> `fact-remember`). */
export const FACT_TWIN_PREFIX = "fact-";

/** One layout pair: the same seed test written once per layout. */
export type LayoutPair = {
  /** The pair's name in the A/B: the subject-layout scenario's id, e.g. `remember`. */
  id: string;
  /** Scenario ids per layout: `{ subject: "remember", fact: "remember@fact" }`. */
  scenarios: Record<StoreLayout, string>;
};

/**
 * The layout A/B's pairs: every subject-layout scenario `<id>` that has a
 * fact-layout scenario `fact-<id>`. The two tell the same sessions and ask the same question; each
 * is graded on its own layout's files (`topics/tools.md` vs `deploy-host.md`), so the A/B pairs
 * fixtures rather than converting one folder into the other layout (decision 0025-fact-layout).
 *
 * @param scenarios - Loaded scenario fixtures.
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
    const twin = byId.get(`${scenario.id}@fact`) ?? byId.get(`${FACT_TWIN_PREFIX}${scenario.id}`);
    if (twin === undefined || twin.layout !== "fact") return [];
    return [{ id: scenario.id, scenarios: { subject: scenario.id, fact: twin.id } }];
  });
}

/**
 * The scenario a layout arm runs for a test: the test's own scenario in the subject layout; in
 * the fact layout its fact run (`<id>@fact`, a scenario with `layouts`), else its `fact-` twin.
 *
 * @param scenarioId - The test's `vars.scenario` (a pair id: a subject-layout scenario).
 * @param layout - The arm's layout.
 * @param runIds - Ids of the loaded scenario runs, to tell a fact run from a twin.
 * @returns The scenario id to run, e.g. `remember@fact` for (`remember`, `fact`).
 * @example layoutScenarioId("forget", "fact", ids); // "fact-forget"
 */
export function layoutScenarioId(
  scenarioId: string,
  layout: StoreLayout,
  runIds: ReadonlySet<string>,
): string {
  if (layout !== "fact") return scenarioId;
  return runIds.has(`${scenarioId}@fact`)
    ? `${scenarioId}@fact`
    : `${FACT_TWIN_PREFIX}${scenarioId}`;
}
