import { MemfilesError } from "@memfiles/errors";

/**
 * Record mode refused to send a call: it would take the run's spend past `--max-usd`. Nothing of
 * the scenario run is saved; the cells recorded before it are kept, and a second run resumes.
 */
export class BudgetExceededError extends MemfilesError {
  override readonly name = "BudgetExceededError";
  /** The scenario run that was stopped. */
  readonly scenarioId: string;
  /** The step of the refused call. */
  readonly step: string;
  /** The cap, USD. */
  readonly maxUsd: number;

  constructor(options: { scenarioId: string; step: string; maxUsd: number; problem: string }) {
    super(
      `Stopped before a call of "${options.scenarioId}" (${options.step}): ${options.problem}. ` +
        "Cells recorded so far are kept; run the same command again with a higher --max-usd to " +
        "record the rest (recorded cells are skipped unless --force).",
      { code: "budget_exceeded", userFixable: true },
    );
    this.scenarioId = options.scenarioId;
    this.step = options.step;
    this.maxUsd = options.maxUsd;
  }
}
