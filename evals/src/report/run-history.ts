import { execFile } from "node:child_process";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { meanUsdPerSession } from "../ab/session-costs.js";
import type { MatrixCell, ReportView } from "./html/report-view.js";

/** Environment variable naming the folder of `report.html` (default `evals/out`); tests set it. */
export const OUT_DIR_ENV = "MEMFILES_EVAL_OUT";

/** Environment variable naming the history file (default `<out>/history.jsonl`); tests set it. */
export const HISTORY_FILE_ENV = "MEMFILES_EVAL_HISTORY";

/** One run's summary, one JSON line of the history file. */
export const RunSummarySchema = z.object({
  command: z.enum(["eval", "ab"]),
  /** Short git commit of the working tree, or `unknown` outside a repository. */
  commit: z.string(),
  /** ISO date-time of the run. */
  date: z.string(),
  prompts: z.array(z.string()),
  models: z.array(z.string()),
  /** Scenario ids run, sorted; absent in lines written before it was kept. */
  scenarios: z.array(z.string()).optional(),
  /** Cells run (scenario x model x prompt, over its epochs) and cells passed. */
  runs: z.number(),
  passed: z.number(),
  /** Failed or broken runs, as `scenario · model · prompt`. */
  failing: z.array(z.string()),
  /** Mean USD per session, by model. */
  costPerSession: z.record(z.string(), z.number()),
  /**
   * Every cell with its verdict, whether it ran to the end (no broken epoch) and its USD over
   * its priced sessions, so two runs compare over the cells both ran; absent in older lines.
   */
  cells: z
    .array(
      z.object({
        scenarioId: z.string(),
        model: z.string(),
        prompt: z.string(),
        pass: z.boolean(),
        complete: z.boolean(),
        usd: z.number(),
        sessions: z.number(),
        /**
         * Provenance sources of its epochs (`provenanceSource`), sorted; a cell whose sources
         * changed between two runs is not compared. Absent in older lines and in the A/B.
         */
        provenance: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

const execFileAsync = promisify(execFile);

/**
 * The short commit of the working tree the run was made on.
 *
 * @param cwd - A folder inside the repository.
 * @returns e.g. `e2d7ea5`, or `unknown` when git is missing or the folder is not a repository.
 * @example const commit = await currentCommit(process.cwd());
 */
export async function currentCommit(cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync("git", ["rev-parse", "--short", "HEAD"], { cwd });
    return stdout.trim() || "unknown";
  } catch {
    return "unknown";
  }
}

function cellName(cell: MatrixCell): string {
  return `${cell.scenarioId} · ${cell.model} · ${cell.prompt}`;
}

/**
 * Summarizes a run for the history file: pass counts, failing runs, every cell, and the mean USD
 * per session by model: over the sessions of its cells that ran to the end when every cell keeps
 * its cost, else the sum of the stages' means (the judge's left out).
 *
 * @param view - The run's report view.
 * @param run - `{ commit, date }`: short git commit, ISO date-time.
 * @returns The `RunSummary`.
 * @example const summary = summarizeRun(view, { commit: "e2d7ea5", date: new Date().toISOString() });
 */
export function summarizeRun(view: ReportView, run: { commit: string; date: string }): RunSummary {
  const costPerSession: Record<string, number> = {};
  // The judge's calls are a cost of the eval, not of memory.
  for (const point of view.stageCosts.filter((each) => each.stage !== "judging")) {
    costPerSession[point.model] = (costPerSession[point.model] ?? 0) + point.usdPerSession;
  }
  const prompts = [...new Set(view.cells.map((cell) => cell.prompt))];
  // The A/B has several prompts per model: the mean over them, so each model keeps one figure.
  for (const model of Object.keys(costPerSession)) {
    const count = new Set(
      view.stageCosts.filter((point) => point.model === model).map((point) => point.prompt),
    ).size;
    costPerSession[model] = Math.round(((costPerSession[model] ?? 0) / count) * 1e9) / 1e9;
  }
  // Where every cell keeps its cost, the mean pools their sessions, as the like-for-like
  // comparison does, so the trend and the comparison print the same figure.
  if (view.cells.length > 0 && view.cells.every((cell) => cell.cost !== undefined)) {
    for (const model of Object.keys(costPerSession)) {
      const usd = meanUsdPerSession(
        view.cells
          .filter((cell) => cell.model === model)
          .map((cell) => ({
            usd: cell.cost?.usd ?? 0,
            sessions: cell.cost?.sessions ?? 0,
            broken: cell.outcome === "error",
          })),
      );
      if (usd !== undefined) costPerSession[model] = Math.round(usd * 1e9) / 1e9;
    }
  }
  return {
    command: view.command,
    commit: run.commit,
    date: run.date,
    prompts,
    models: [...new Set(view.cells.map((cell) => cell.model))],
    scenarios: [...new Set(view.cells.map((cell) => cell.scenarioId))].sort(),
    runs: view.cells.length,
    passed: view.cells.filter((cell) => cell.outcome === "pass").length,
    failing: view.cells.filter((cell) => cell.outcome !== "pass").map(cellName),
    costPerSession,
    cells: view.cells.map((cell) => ({
      scenarioId: cell.scenarioId,
      model: cell.model,
      prompt: cell.prompt,
      pass: cell.outcome === "pass",
      complete: cell.outcome !== "error",
      usd: cell.cost?.usd ?? 0,
      sessions: cell.cost?.sessions ?? 0,
      ...(cell.sources === undefined
        ? {}
        : { provenance: cell.sources.map((count) => count.source) }),
    })),
  };
}

/**
 * Reads the history file; a missing file is an empty history, and a line that is not a run
 * summary (hand-edited, cut off) is skipped.
 *
 * @param file - Path of the JSONL history file.
 * @returns The run summaries, oldest first.
 * @example const history = await readRunHistory("evals/out/history.jsonl");
 */
export async function readRunHistory(file: string): Promise<RunSummary[]> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const parsed = RunSummarySchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Appends one run summary to the history file as a JSON line, creating its folder.
 *
 * @param file - Path of the JSONL history file.
 * @param summary - From `summarizeRun`.
 * @example await appendRunHistory("evals/out/history.jsonl", summary);
 */
export async function appendRunHistory(file: string, summary: RunSummary): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(summary)}\n`, "utf8");
}

function sameSet(a: string[] | undefined, b: string[] | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.length === right.length && left.every((item, index) => item === right[index]);
}

/**
 * The run a new run is compared with: the latest earlier run of the same command with the same
 * scenarios, models and prompts. Comparing a subset with a full run would report cost and pass
 * changes that are only the difference in what was run.
 *
 * @param history - Earlier runs, oldest first.
 * @param current - This run's summary.
 * @returns The comparable run, or `undefined` when there is none.
 * @example const previous = comparableRun(history, summary);
 */
export function comparableRun(history: RunSummary[], current: RunSummary): RunSummary | undefined {
  return history.findLast(
    (run) =>
      run.command === current.command &&
      sameSet(run.scenarios, current.scenarios) &&
      sameSet(run.models, current.models) &&
      sameSet(run.prompts, current.prompts),
  );
}

/** What changed between two runs of the same command. */
export type RunChanges = {
  previous: { commit: string; date: string; scenarios: number; models: number; prompts: number };
  newFailures: string[];
  fixed: string[];
  /**
   * Per model in both runs: USD per session before and after, over the cells present and
   * complete in both (`like`), or over each whole run when the previous line keeps no cells.
   */
  cost: { model: string; before: number; after: number }[];
  /**
   * The cells both runs ran to the end, the share of them that passed before and after, and the
   * cells left out of the cost and pass-rate comparison with why; absent when the previous
   * history line keeps no cells (then cost compares the whole runs' means). A cell whose
   * recordings' provenance sources changed is in `provenanceChanged` only: not compared, and
   * never a new failure or a fix.
   */
  like?: {
    cells: number;
    passedBefore: number;
    passedAfter: number;
    /**
     * `before` / `after`: the cell's provenance sources joined with ` + `, e.g. `authored`;
     * `pass`: its verdict in this run.
     */
    provenanceChanged: {
      cell: string;
      model: string;
      before: string;
      after: string;
      pass: boolean;
    }[];
    leftOut: {
      cell: string;
      why:
        | "only in this run"
        | "only in the previous run"
        | "broken in this run"
        | "broken in the previous run"
        | "broken in both runs";
    }[];
  };
};

type HistoryCell = NonNullable<RunSummary["cells"]>[number];

function historyCellName(cell: HistoryCell): string {
  return `${cell.scenarioId} · ${cell.model} · ${cell.prompt}`;
}

function newAndFixed(previous: RunSummary, current: RunSummary, notCompared = new Set<string>()) {
  return {
    newFailures: current.failing.filter(
      (name) => !previous.failing.includes(name) && !notCompared.has(name),
    ),
    fixed: previous.failing.filter(
      (name) => !current.failing.includes(name) && !notCompared.has(name),
    ),
  };
}

function sourcesOf(cell: HistoryCell): string | undefined {
  return cell.provenance?.join(" + ");
}

/**
 * Like for like: cost per session by model and the pass rate over only the cells present in both
 * runs and complete (no broken epoch) in both, and what was left out. A cell that broke in one
 * run priced fewer sessions there, so a mean over each whole run moves when nothing did.
 */
function compareRunCells(
  previous: RunSummary,
  current: RunSummary,
): Omit<RunChanges, "newFailures" | "fixed"> {
  const before = new Map((previous.cells ?? []).map((cell) => [historyCellName(cell), cell]));
  const now = new Map((current.cells ?? []).map((cell) => [historyCellName(cell), cell]));
  type LeftOut = NonNullable<RunChanges["like"]>["leftOut"][number];
  const leftOut: LeftOut[] = [];
  const provenanceChanged: NonNullable<RunChanges["like"]>["provenanceChanged"] = [];
  const pairs: [HistoryCell, HistoryCell][] = [];
  for (const [name, cell] of now) {
    const old = before.get(name);
    if (old === undefined) leftOut.push({ cell: name, why: "only in this run" });
    else if (!old.complete && !cell.complete)
      leftOut.push({ cell: name, why: "broken in both runs" });
    else if (!old.complete) leftOut.push({ cell: name, why: "broken in the previous run" });
    else if (!cell.complete) leftOut.push({ cell: name, why: "broken in this run" });
    else if (
      sourcesOf(old) !== undefined &&
      sourcesOf(cell) !== undefined &&
      sourcesOf(old) !== sourcesOf(cell)
    )
      // Authored and recorded replies (or two hosts) differ in usage and wording: the change
      // between them is the recordings', not the code's.
      provenanceChanged.push({
        cell: name,
        model: cell.model,
        before: sourcesOf(old) ?? "",
        after: sourcesOf(cell) ?? "",
        pass: cell.pass,
      });
    else pairs.push([old, cell]);
  }
  for (const name of before.keys()) {
    if (!now.has(name)) leftOut.push({ cell: name, why: "only in the previous run" });
  }
  const models = [...new Set(pairs.map(([, cell]) => cell.model))];
  const mean = (cells: HistoryCell[]) => {
    const usd = meanUsdPerSession(
      cells.map((cell) => ({ usd: cell.usd, sessions: cell.sessions, broken: false })),
    );
    return usd === undefined ? undefined : Math.round(usd * 1e9) / 1e9;
  };
  return {
    previous: {
      commit: previous.commit,
      date: previous.date,
      scenarios: previous.scenarios?.length ?? 0,
      models: previous.models.length,
      prompts: previous.prompts.length,
    },
    cost: models.flatMap((model) => {
      const own = pairs.filter(([, cell]) => cell.model === model);
      const old = mean(own.map(([cell]) => cell));
      const fresh = mean(own.map(([, cell]) => cell));
      return old === undefined || fresh === undefined ? [] : [{ model, before: old, after: fresh }];
    }),
    like: {
      cells: pairs.length,
      passedBefore: pairs.filter(([cell]) => cell.pass).length,
      passedAfter: pairs.filter(([, cell]) => cell.pass).length,
      provenanceChanged,
      leftOut,
    },
  };
}

/**
 * Compares a run with the previous one: runs that fail now and passed (or did not run) before,
 * runs that pass now and failed before, and the USD per session of each model in both.
 *
 * @param previous - The earlier run's summary.
 * @param current - This run's summary.
 * @returns The `RunChanges`.
 * @example const changes = compareRuns(history.at(-1), summary);
 */
export function compareRuns(previous: RunSummary, current: RunSummary): RunChanges {
  if (previous.cells !== undefined && current.cells !== undefined) {
    const compared = compareRunCells(previous, current);
    const changed = new Set(compared.like?.provenanceChanged.map((item) => item.cell));
    return { ...compared, ...newAndFixed(previous, current, changed) };
  }
  return {
    previous: {
      commit: previous.commit,
      date: previous.date,
      scenarios: previous.scenarios?.length ?? 0,
      models: previous.models.length,
      prompts: previous.prompts.length,
    },
    ...newAndFixed(previous, current),
    cost: current.models.flatMap((model) => {
      const before = previous.costPerSession[model];
      const after = current.costPerSession[model];
      return before === undefined || after === undefined ? [] : [{ model, before, after }];
    }),
  };
}

/** Left-out cells named before "and N more". */
const MAX_LEFT_OUT = 5;

function usd(value: number): string {
  return `$${value.toFixed(6)}`;
}

/**
 * Says in a few lines what changed since the previous run, for the terminal.
 *
 * @param changes - From `compareRuns`, or `undefined` when no earlier run is comparable.
 * @returns Lines ending in a newline, e.g. `New failures (1): remember · claude-haiku-5-5 · extraction@1`.
 * @example output.out(formatRunChanges(compareRuns(previous, summary)));
 */
export function formatRunChanges(changes: RunChanges | undefined): string {
  if (changes === undefined)
    return "Since the previous run: none to compare with (no earlier run of the same scenarios, models and prompts in the history).\n";
  const { commit, date, scenarios, models, prompts } = changes.previous;
  const lines = [
    `Since the previous run of the same ${scenarios} scenarios x ${models} models x ${prompts} prompts (${commit}, ${date}):`,
  ];
  const changed = changes.like?.provenanceChanged ?? [];
  // A cell whose provenance changed is never a new failure, but one failing now is named here,
  // so "none" never stands beside a failed run.
  const failingChanged = changed.filter((item) => !item.pass).length;
  const alsoFailing =
    failingChanged === 0
      ? ""
      : `${changes.newFailures.length === 0 ? " among like-for-like cells" : ""}; ${failingChanged} failing cells changed provenance (below)`;
  lines.push(
    changes.newFailures.length === 0
      ? `  New failures: none${alsoFailing}`
      : `  New failures (${changes.newFailures.length}): ${changes.newFailures.join("; ")}${alsoFailing}`,
  );
  if (changes.fixed.length > 0) {
    lines.push(`  Fixed (${changes.fixed.length}): ${changes.fixed.join("; ")}`);
  }
  if (changes.like !== undefined) {
    const { cells, passedBefore, passedAfter, leftOut, provenanceChanged } = changes.like;
    lines.push(
      `  Like for like: cost and pass rate over the ${cells} cells present and complete in both runs${provenanceChanged.length > 0 ? " with the same provenance" : ""}: ${passedBefore} -> ${passedAfter} passed`,
    );
    if (provenanceChanged.length > 0) {
      const transitions = new Map<string, number>();
      for (const item of provenanceChanged) {
        const key = `${item.before} -> ${item.after}`;
        transitions.set(key, (transitions.get(key) ?? 0) + 1);
      }
      const shown = provenanceChanged.slice(0, MAX_LEFT_OUT).map((item) => item.cell);
      const more =
        provenanceChanged.length > MAX_LEFT_OUT
          ? `; and ${provenanceChanged.length - MAX_LEFT_OUT} more`
          : "";
      const failing = provenanceChanged.filter((item) => !item.pass).length;
      lines.push(
        `  Provenance changed: ${provenanceChanged.length} cells, not compared, ${failing} failing now (${[...transitions].map(([key, count]) => `${key}: ${count}`).join("; ")}): ${shown.join("; ")}${more}`,
      );
    }
    if (leftOut.length > 0) {
      const shown = leftOut.slice(0, MAX_LEFT_OUT).map((item) => `${item.cell} (${item.why})`);
      const more =
        leftOut.length > MAX_LEFT_OUT ? `; and ${leftOut.length - MAX_LEFT_OUT} more` : "";
      lines.push(`  Left out (${leftOut.length}): ${shown.join("; ")}${more}`);
    }
  } else {
    lines.push(
      "  Cost compared as each whole run's mean: the previous run's history line keeps no cells",
    );
  }
  const changedOf = (model: string) => changed.filter((item) => item.model === model).length;
  for (const { model, before, after } of changes.cost) {
    const delta = after - before;
    const percent =
      before === 0 ? "" : ` (${delta >= 0 ? "+" : ""}${((delta / before) * 100).toFixed(1)}%)`;
    // This run's cost table mixes the changed cells in; the comparison leaves them out.
    const apart =
      changedOf(model) === 0
        ? ""
        : `, over the cells with the same provenance only (${changedOf(model)} cells whose provenance changed not compared)`;
    lines.push(
      Math.abs(delta) < 1e-9
        ? `  Cost per session, ${model}: unchanged at ${usd(after)}${apart}`
        : `  Cost per session, ${model}: ${delta > 0 ? "up" : "down"} ${usd(Math.abs(delta))}${percent}, ${usd(before)} -> ${usd(after)}${apart}`,
    );
  }
  const compared = new Set(changes.cost.map((item) => item.model));
  for (const model of new Set(changed.map((item) => item.model))) {
    if (!compared.has(model))
      lines.push(
        `  Cost per session, ${model}: not compared, the provenance of its ${changedOf(model)} cells changed`,
      );
  }
  return `${lines.join("\n")}\n`;
}
