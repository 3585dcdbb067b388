import { recordedEpochs } from "../recordings/index.js";
import { loadScenario } from "../scenarios/index.js";
import { recordingId, runScenario } from "./run-scenario.js";
import type { RunScenarioOptions, ScenarioResult } from "./types.js";

/** Options of `runScenarioEpochs`: those of `runScenario` (its `epoch` aside) and an epoch count. */
export type RunScenarioEpochsOptions = Omit<RunScenarioOptions, "epoch"> & {
  /**
   * Epochs to run. Replay: default every recorded epoch (at least 1, so a missing recording is
   * reported as one); record and author: default 1.
   */
  epochs?: number;
  /** Called before each epoch runs (progress). */
  onEpoch?: (epoch: number, epochs: number) => void;
};

/**
 * How many epochs a cell has recorded (`<id>.json`, `<id>.epoch-2.json`, ...), for the run's
 * recording id (the scenario id, or `<id>@<strategy>` for an A/B recall arm).
 *
 * @param options - The run's options (`scenario` loaded, or loaded from `scenariosDir`).
 * @returns The count of consecutive recorded epochs from 1 (0 when none is).
 * @example await cellEpochs({ scenarioId: "remember", model, extractionPrompt: "extraction@1", mode: "replay", recordingsDir, scenariosDir }) // 5
 */
export async function cellEpochs(options: Omit<RunScenarioOptions, "epoch">): Promise<number> {
  const scenario =
    options.scenario ?? (await loadScenario(options.scenariosDir, options.scenarioId));
  return recordedEpochs(
    options.recordingsDir,
    options.model,
    options.extractionPrompt,
    recordingId(options, scenario),
  );
}

/**
 * Runs one cell (scenario x model x prompt) for several epochs, each an independent sample with
 * its own recording, in epoch order.
 *
 * @param options - `runScenario`'s options plus `epochs?` and `onEpoch?`.
 * @returns One `ScenarioResult` per epoch (`epoch` set from 2 on).
 * @throws {Error} as `runScenario` does (record and author modes, a recording that cannot be
 *   written); a scenario file that cannot be loaded, when `scenario` is not given.
 * @example const results = await runScenarioEpochs({ ...options, mode: "replay" }); results.length // 5
 */
export async function runScenarioEpochs(
  options: RunScenarioEpochsOptions,
): Promise<ScenarioResult[]> {
  const { epochs: requested, onEpoch, ...run } = options;
  const epochs = requested ?? (run.mode === "replay" ? Math.max(1, await cellEpochs(run)) : 1);
  const results: ScenarioResult[] = [];
  for (let epoch = 1; epoch <= epochs; epoch += 1) {
    onEpoch?.(epoch, epochs);
    results.push(await runScenario({ ...run, ...(epoch > 1 ? { epoch } : {}) }));
  }
  return results;
}
