import * as path from "node:path";
import { fileURLToPath } from "node:url";

const EVALS_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Default recordings folder (`evals/recordings`). */
export const DEFAULT_RECORDINGS_DIR = path.join(EVALS_ROOT, "recordings");
/** Default scenario fixtures folder (the repo's `scenarios/`). */
export const DEFAULT_SCENARIOS_DIR = path.join(EVALS_ROOT, "..", "scenarios");
/** Environment variable that overrides the provider's recordings folder (`pnpm eval:ab --recordings`). */
export const RECORDINGS_DIR_ENV = "MEMFILES_AB_RECORDINGS_DIR";
/** Environment variable that overrides the scenarios folder (`pnpm eval:ab --scenarios`). */
export const SCENARIOS_DIR_ENV = "MEMFILES_AB_SCENARIOS_DIR";
/**
 * Environment variable naming a file the provider appends one line to per finished scenario run
 * (`<scenario> <model> <prompt>`), so `pnpm eval:ab` can show progress while promptfoo runs.
 */
export const PROGRESS_FILE_ENV = "MEMFILES_AB_PROGRESS_FILE";

/**
 * Set (to `1`) by `pnpm eval:ab --layout ...`: the promptfoo tests are the layout pairs only
 * (`layoutPairs`), one test per subject-layout seed test that has a fact run (`<id>@fact`).
 */
export const LAYOUT_PAIRS_ENV = "MEMFILES_AB_LAYOUT_PAIRS";
