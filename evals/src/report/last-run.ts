import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import type { EvalReport } from "./build-eval-report.js";

/** The file, in the report folder, where each `pnpm eval` leaves its cells for `--rerun-failed`. */
export const LAST_RUN_FILE = "last-run.json";

/** One cell of a run (scenario x model x prompt, over its epochs) and whether it passed. */
export const LastRunCellSchema = z.object({
  scenarioId: z.string(),
  model: z.string(),
  prompt: z.string(),
  pass: z.boolean(),
});
export type LastRunCell = z.infer<typeof LastRunCellSchema>;

/** What `pnpm eval` keeps of its last run: the date, the folders it read and every cell's verdict. */
export const LastRunSchema = z.object({
  /** ISO date-time of the run. */
  date: z.string(),
  /** Absolute path of the scenarios folder the run read (absent in files of older runs). */
  scenariosDir: z.string().optional(),
  /** Absolute path of the recordings folder the run read (absent in files of older runs). */
  recordingsDir: z.string().optional(),
  cells: z.array(LastRunCellSchema),
});
export type LastRun = z.infer<typeof LastRunSchema>;

/**
 * The cells of a run, for `--rerun-failed`.
 *
 * @param reports - One report per extraction prompt.
 * @param date - ISO date-time of the run.
 * @param folders - The scenarios and recordings folders the run read (absolute paths), so a
 *   re-run reads the same ones.
 * @returns The `LastRun`.
 * @example const lastRun = lastRunOf(reports, new Date().toISOString(), { scenariosDir, recordingsDir });
 */
export function lastRunOf(
  reports: readonly EvalReport[],
  date: string,
  folders: { scenariosDir?: string; recordingsDir?: string } = {},
): LastRun {
  return {
    date,
    ...folders,
    cells: reports.flatMap((report) =>
      report.cells.map((cell) => ({
        scenarioId: cell.scenarioId,
        model: cell.model,
        prompt: report.extractionPrompt,
        pass: cell.pass,
      })),
    ),
  };
}

/**
 * Writes the last run's cells (creating the folder).
 *
 * @param file - Path of `last-run.json`.
 * @param lastRun - From {@link lastRunOf}.
 * @throws {Error} when the file cannot be written.
 * @example await writeLastRun("evals/out/last-run.json", lastRunOf(reports, date));
 */
export async function writeLastRun(file: string, lastRun: LastRun): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(lastRun, null, 2)}\n`, "utf8");
}

/**
 * Reads the last run's cells.
 *
 * @param file - Path of `last-run.json`.
 * @returns `{ success: true, value }`, or `{ success: false, error }` with a message saying what
 *   to run (a missing file, a file that is not a run's cells).
 * @example const read = await readLastRun("evals/out/last-run.json");
 */
export async function readLastRun(
  file: string,
): Promise<{ success: true; value: LastRun } | { success: false; error: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return {
      success: false,
      error: `--rerun-failed reads the last run's cells from ${file}, and there is none: run \`pnpm eval\` first (with the same --out).`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = LastRunSchema.safeParse(json);
  if (!parsed.success) {
    return {
      success: false,
      error: `${file} is not a run's cells as \`pnpm eval\` writes them (edited or cut off?): delete it and run \`pnpm eval\` again.`,
    };
  }
  return { success: true, value: parsed.data };
}
