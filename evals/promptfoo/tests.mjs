// One test per scenario fixture (scenarios/*.yaml, or MEMFILES_AB_SCENARIOS_DIR).
import { tsImport } from "tsx/esm/api";

const { scenarioTests } = await tsImport("../src/ab/scenario-tests.ts", import.meta.url);

export default function tests() {
  return scenarioTests();
}
