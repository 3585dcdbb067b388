import type { TestCase } from "promptfoo";
import { loadScenarios } from "../scenarios/index.js";
import { DEFAULT_SCENARIOS_DIR, LAYOUT_PAIRS_ENV, SCENARIOS_DIR_ENV } from "./folders.js";
import { layoutPairs } from "./layout-pairs.js";

/**
 * Builds one promptfoo test case per scenario fixture: `vars.scenario` is the id the provider runs.
 *
 * With `MEMFILES_AB_LAYOUT_PAIRS=1` (set by `pnpm eval:ab --layout ...`, or `pairs: true`) only the
 * layout pairs (`layoutPairs`): one test per subject-layout seed test with a fact run (`<id>@fact`),
 * which each layout arm runs in its own layout.
 *
 * @param scenariosDir - Scenario fixtures folder; default `MEMFILES_AB_SCENARIOS_DIR`, else the
 *   repo's `scenarios/`.
 * @param options - `pairs`: the layout pairs only (default: `MEMFILES_AB_LAYOUT_PAIRS` is `1`).
 * @returns Test cases in file-name order, described as `<id>: <title>`.
 * @throws {ScenarioFileError} when a fixture is invalid (the message names the file and field).
 * @example const tests = await scenarioTests(); // [{ description: "remember: ...", vars: { scenario: "remember" } }, ...]
 */
export async function scenarioTests(
  scenariosDir?: string,
  options: { pairs?: boolean } = {},
): Promise<TestCase[]> {
  const dir = scenariosDir ?? (process.env[SCENARIOS_DIR_ENV] || DEFAULT_SCENARIOS_DIR);
  const all = await loadScenarios(dir);
  const pairs = options.pairs ?? process.env[LAYOUT_PAIRS_ENV] === "1";
  const paired = new Set(layoutPairs(all).map((pair) => pair.id));
  const scenarios = pairs ? all.filter((scenario) => paired.has(scenario.id)) : all;
  return scenarios.map((scenario) => ({
    description: `${scenario.id}: ${scenario.title}`,
    vars: { scenario: scenario.id },
    metadata: { scenario: scenario.id },
  }));
}
