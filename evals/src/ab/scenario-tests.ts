import type { TestCase } from "promptfoo";
import { loadScenarios } from "../scenarios/index.js";
import { DEFAULT_SCENARIOS_DIR, SCENARIOS_DIR_ENV } from "./folders.js";

/**
 * Builds one promptfoo test case per scenario fixture: `vars.scenario` is the id the provider runs.
 *
 * @param scenariosDir - Scenario fixtures folder; default `MEMFILES_AB_SCENARIOS_DIR`, else the
 *   repo's `scenarios/`.
 * @returns Test cases in file-name order, described as `<id>: <title>`.
 * @throws {ScenarioFileError} when a fixture is invalid (the message names the file and field).
 * @example const tests = await scenarioTests(); // [{ description: "remember: ...", vars: { scenario: "remember" } }, ...]
 */
export async function scenarioTests(scenariosDir?: string): Promise<TestCase[]> {
  const dir = scenariosDir ?? (process.env[SCENARIOS_DIR_ENV] || DEFAULT_SCENARIOS_DIR);
  const scenarios = await loadScenarios(dir);
  return scenarios.map((scenario) => ({
    description: `${scenario.id}: ${scenario.title}`,
    vars: { scenario: scenario.id },
    metadata: { scenario: scenario.id },
  }));
}
