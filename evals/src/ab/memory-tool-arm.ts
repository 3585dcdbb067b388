import type { ModelUsage } from "@memfiles/core";
import { roundUsd, sumUsage, ZERO_USAGE } from "@memfiles/core/internal";
import { meanUsdPerSession, runCostOfSessions, type SessionCost } from "./session-costs.js";

/** The id prefix of a scenario's memory-tool twin: `memory-tool-remember` runs `remember` through Claude's memory tool. */
export const MEMORY_TOOL_PREFIX = "memory-tool-";

/** Which tools a run's `chat` offered. */
export type MemoryToolArmName = "memfiles" | "memory-tool";

/** One arm of one prompt x model cell, over the scenarios that have a memory-tool twin. */
export type MemoryToolArmRow = {
  prompt: string;
  model: string;
  arm: MemoryToolArmName;
  /** Runs in the arm, and how many passed (a broken run does not). */
  scenarios: number;
  passed: number;
  /** Sessions of runs that did not break (the final question counts as a session). */
  sessions: number;
  /** Tokens of every call of those sessions. */
  usage: ModelUsage;
  /** Mean USD per session over those sessions (`meanUsdPerSession`). */
  usdPerSession: number;
};

/** One scenario run, as the A/B summary reads it. */
export type MemoryToolArmRun = {
  prompt: string;
  model: string;
  scenarioId: string;
  passed: boolean;
  sessions: SessionCost[];
  /** Whether the run broke (its sessions are then left out of the cost); absent: it did not. */
  broken?: boolean;
};

/**
 * The memory-tool A/B arm: for each prompt x model cell, the scenarios that have a
 * memory-tool twin (`<id>` and `memory-tool-<id>` both ran) compared as two arms, memfiles' own
 * tools (`memory_read` / `memory_write`) against Claude's memory tool: pass rate, tokens and USD
 * per session. Scenarios without a twin (such as `memory-tool-hostile`) are left out, so both arms
 * cover the same sessions.
 *
 * @param runs - Every scenario run of the A/B.
 * @returns Two rows per cell that has twins (memfiles first), in the runs' first-seen cell order;
 *   empty when no scenario has a twin. USD rounded to 1e-9.
 * @example memoryToolArm(runs).map((row) => `${row.arm}: ${row.passed}/${row.scenarios}`)
 */
export function memoryToolArm(runs: readonly MemoryToolArmRun[]): MemoryToolArmRow[] {
  const ids = new Set(runs.map((run) => run.scenarioId));
  const twins = new Set(
    [...ids].filter((id) => !id.startsWith(MEMORY_TOOL_PREFIX) && ids.has(MEMORY_TOOL_PREFIX + id)),
  );
  const cells: Array<{ prompt: string; model: string }> = [];
  for (const run of runs) {
    if (!cells.some((cell) => cell.prompt === run.prompt && cell.model === run.model)) {
      cells.push({ prompt: run.prompt, model: run.model });
    }
  }
  const rows: MemoryToolArmRow[] = [];
  for (const { prompt, model } of cells) {
    const inCell = runs.filter((run) => run.prompt === prompt && run.model === model);
    for (const arm of ["memfiles", "memory-tool"] as const) {
      const inArm = inCell.filter((run) =>
        arm === "memfiles"
          ? twins.has(run.scenarioId)
          : run.scenarioId.startsWith(MEMORY_TOOL_PREFIX) &&
            twins.has(run.scenarioId.slice(MEMORY_TOOL_PREFIX.length)),
      );
      if (inArm.length === 0) continue;
      const counted = inArm.filter((run) => run.broken !== true);
      const sessions = counted.flatMap((run) => run.sessions);
      rows.push({
        prompt,
        model,
        arm,
        scenarios: inArm.length,
        passed: inArm.filter((run) => run.passed).length,
        sessions: sessions.length,
        usage: sumUsage(ZERO_USAGE, ...sessions.map((session) => session.usage)),
        usdPerSession: roundUsd(
          meanUsdPerSession(
            inArm.map((run) => runCostOfSessions(run.sessions, { broken: run.broken === true })),
          ) ?? 0,
        ),
      });
    }
  }
  return rows;
}
