/**
 * `pnpm eval`: runs every scenario offline from recordings on every model that has recordings, with
 * every released extraction prompt that has recordings (so an edit to any released prompt fails
 * it, not only the prompt lock test), prints per prompt the scenario x check table, the cost per
 * session and the provenance of the recordings, writes the same as JSON with `--json <file>`,
 * writes `evals/out/report.html` (every prompt in one page), appends the run to the history and
 * says what changed since the previous run (a run that ran nothing leaves them as they were), and
 * exits non-zero on any failed check or broken run. `--record` (with ANTHROPIC_API_KEY) calls the
 * API instead and writes the recordings: over authored ones and ones from another host (a local
 * fake), skipping those recorded from the API or this run's host already unless `--force`.
 *
 * Exit codes: 0 every run passed, 1 a check failed or a run broke, 2 bad arguments or a user error
 * (a bad scenario fixture, a model without recordings, no scenario to run), printed as one message
 * without a stack.
 */
import { access, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { costOf, MODELS, PRICES, UnknownModelError } from "@memfiles/core";
import { ZERO_USAGE } from "@memfiles/core/internal";
import { listPrompts, parsePromptRef } from "@memfiles/prompts";
import pLimit from "p-limit";
import { RecordBudget } from "../recordings/index.js";
import { formatGithubAnnotations } from "../report/github-annotations.js";
import {
  buildEvalReport,
  type EvalReport,
  evalReportsView,
  formatEvalReport,
  formatEvalSummary,
  HISTORY_FILE_ENV,
  OUT_DIR_ENV,
  writeRunReport,
} from "../report/index.js";
import { formatJunitReport } from "../report/junit-report.js";
import { LAST_RUN_FILE, lastRunOf, readLastRun, writeLastRun } from "../report/last-run.js";
import { createProgress } from "../report/progress.js";
import { formatRunCounts, sumRunCounts } from "../report/run-counts.js";
import { runScenario, runScenarioEpochs } from "../runner/index.js";
import { closePgliteStoreBackend, pgliteStoreBackend } from "../runner/pg-store-backend.js";
import type { RunMode, ScenarioResult } from "../runner/types.js";
import { loadScenarios, type Scenario } from "../scenarios/index.js";
import { cliArguments, fromUserCwd, isEntryPoint, runCli, userCwd } from "./command-line.js";
import { formatRecordPlan, planRecording, recordingHost } from "./record-plan.js";

const EVALS_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Default recordings folder: `evals/recordings`. */
export const DEFAULT_RECORDINGS_DIR = join(EVALS_ROOT, "recordings");
/** Default scenarios folder: the repository's `scenarios/`. */
export const DEFAULT_SCENARIOS_DIR = join(EVALS_ROOT, "..", "scenarios");

/** Default folder of `report.html` and `history.jsonl`: `evals/out`. */
export const DEFAULT_OUT_DIR = join(EVALS_ROOT, "out");

const USAGE = `Usage: pnpm eval [--scenario <id>]... [--model <id>]... [--prompt extraction@N]... [--json <file>] [--junit <file>] [--reporter github] [--rerun-failed] [--out <dir>] [--history <file>] [--record] [--epochs <n>] [--max-usd <n>] [--force] [--concurrency <n>] [--batch] [--backend files|pg] [--verbose]

Runs every scenario offline from recorded API responses and grades it.
  --scenario <id>     only this scenario (repeatable; default: every scenario)
  --model <id>        only this model (repeatable; default: every model with recordings)
  --prompt <id>       extraction prompt (repeatable; default: every released extraction prompt
                      with recordings, one report each; with --record: extraction@1)
  --json <file>       also write the report as JSON (an array of reports when several prompts ran)
  --junit <file>      also write JUnit XML for CI: one test case per scenario x model x prompt x epoch
  --reporter github   also print GitHub Actions annotations (::error) on the failing expectation's
                      line of each scenario file
  --rerun-failed      run only the cells (scenario x model x prompt) that failed in the last run
                      (read from <out>/${LAST_RUN_FILE}, which every run writes)
  --out <dir>         folder of report.html (default $${OUT_DIR_ENV} or evals/out)
  --history <file>    run history appended to (default $${HISTORY_FILE_ENV} or <out>/history.jsonl)
  --record            call the API and write the recordings (needs ANTHROPIC_API_KEY)
  --epochs <n>        independent samples per scenario x model (default: replay every recorded
                      epoch; --record: 1); epoch n >= 2 is recorded to <scenario>.epoch-<n>.json
  --max-usd <n>       with --record: stop before a call would take the run's spend past n USD
                      (a preview of the cells and the estimated tokens and USD prints first)
  --force             with --record: record cells again that were recorded from the API already
                      (default: skip them; an authored recording, or one from another host
                      than ANTHROPIC_BASE_URL's, such as a local fake, is always recorded over)
  --concurrency <n>   with --record: scenario runs in parallel (default 1)
  --batch             send every write pass and consolidation as a Message Batch (half price, same checks)
  --backend <name>    where each run's memory lives: files (default, a folder) or pg (PostgreSQL
                      embedded as PGlite, one tenant per run; files are graded as mirrored back)
  --recordings <dir>  recordings folder (default evals/recordings)
  --scenarios <dir>   scenario fixtures folder (default scenarios/)
  --verbose           print every check and cost table after the summary, and the full
                      usage-estimation method of authored recordings
  -h, --help          show this help`;

/** Where output goes; injectable for tests. */
export type EvalOutput = { out: (text: string) => void; error: (text: string) => void };

/**
 * What `evalMain` returns: the exit code and the report (when runs were made): `report` is the first
 * prompt's, `reports` one per prompt, in prompt order.
 */
export type EvalMainResult = { exitCode: number; report?: EvalReport; reports?: EvalReport[] };

/** Released extraction prompts (`extraction@N`), in version order. */
function releasedExtractionPrompts(): string[] {
  return listPrompts()
    .filter((item) => item.id === "extraction")
    .sort((a, b) => a.version - b.version)
    .map((item) => `${item.id}@${item.version}`);
}

/** The released extraction prompts that have recordings for some model, in version order. */
async function promptsWithRecordings(recordingsDir: string, released: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const prompt of released) {
    if ((await modelsWithRecordings(recordingsDir, prompt)).length > 0) found.push(prompt);
  }
  return found;
}

/** pnpm runs package scripts in the package folder; paths the user typed are relative to INIT_CWD. */

/** Models that have a recordings folder for the prompt, in code-point order. */
async function modelsWithRecordings(recordingsDir: string, prompt: string): Promise<string[]> {
  const entries = await readdir(recordingsDir, { withFileTypes: true }).catch(() => []);
  const models: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const files = await readdir(join(recordingsDir, entry.name, prompt)).catch(() => []);
    if (files.some((file) => file.endsWith(".json"))) models.push(entry.name);
  }
  return models.sort();
}

async function exists(file: string): Promise<boolean> {
  return access(file)
    .then(() => true)
    .catch(() => false);
}

/** Whether core's price table (`PRICES`, dated suffixes accepted) can price the model. */
function hasPrice(model: string): boolean {
  try {
    costOf(ZERO_USAGE, model);
    return true;
  } catch (error) {
    if (error instanceof UnknownModelError) return false;
    throw error;
  }
}

/**
 * Why the requested models cannot run, checked before any scenario runs: in replay a model needs
 * a recordings folder for the prompt; in record mode a model needs a price (the cost table).
 */
async function modelProblem(options: {
  models: string[];
  mode: RunMode;
  prompt: string;
  recordingsDir: string;
}): Promise<string | undefined> {
  const { models, mode, prompt, recordingsDir } = options;
  if (mode === "record") {
    const unpriced = models.filter((model) => !hasPrice(model));
    if (unpriced.length === 0) return undefined;
    return (
      `No price for model ${unpriced.map((model) => `"${model}"`).join(", ")}, so its sessions ` +
      `cannot be costed. Known models: ${Object.keys(PRICES).join(", ")} (a dated suffix such as ` +
      '"-20251001" is accepted). To record another Claude model, add its prices (USD per million ' +
      "tokens) to PRICE_ROWS in packages/core/src/cost/prices.ts first."
    );
  }
  const recorded = await modelsWithRecordings(recordingsDir, prompt);
  const missing = models.filter((model) => !recorded.includes(model));
  if (missing.length === 0) return undefined;
  return (
    `No recordings for model ${missing.map((model) => `"${model}"`).join(", ")} with ${prompt} in ` +
    `${recordingsDir}. Models with recordings: ${recorded.length > 0 ? recorded.join(", ") : "(none)"}. ` +
    `Pick one of those, or record this model with \`pnpm eval --record --model ${missing[0]}\` ` +
    "(needs ANTHROPIC_API_KEY)."
  );
}

/**
 * The `pnpm eval` command. Expected user errors (a bad scenario fixture, an unknown model or
 * prompt) are printed as one message, without a stack, with exit code 2.
 *
 * @param argv - Arguments after the script name.
 * @param output - Where to print (default stdout / stderr).
 * @returns `{ exitCode, report? }`: 0 all passed, 1 a failed check or broken run, 2 bad arguments
 *   or a user error.
 * @throws Only on a bug (an error that is not a user error).
 * @example const { exitCode } = await evalMain(["--scenario", "remember"]);
 */
export async function evalMain(
  argv: string[],
  output: EvalOutput = {
    out: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(text),
  },
): Promise<EvalMainResult> {
  try {
    return await runCli("pnpm eval", () => evalCommand(argv, output), output.error);
  } finally {
    await closePgliteStoreBackend();
  }
}

async function evalCommand(argv: string[], output: EvalOutput): Promise<EvalMainResult> {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    output.error(`${(error as Error).message}\n\n${USAGE}\n`);
    return { exitCode: 2 };
  }
  if (values.help) {
    output.out(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const epochs = values.epochs === undefined ? undefined : Number(values.epochs);
  if (epochs !== undefined && !(Number.isInteger(epochs) && epochs >= 1)) {
    output.error(`--epochs "${values.epochs}" is not a whole number of 1 or more.\n\n${USAGE}\n`);
    return { exitCode: 2 };
  }
  const maxUsd = values["max-usd"] === undefined ? undefined : Number(values["max-usd"]);
  if (maxUsd !== undefined && !(Number.isFinite(maxUsd) && maxUsd > 0)) {
    output.error(`--max-usd "${values["max-usd"]}" is not a positive number of USD.\n\n${USAGE}\n`);
    return { exitCode: 2 };
  }
  const concurrency = Number(values.concurrency ?? "1");
  if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
    output.error(
      `--concurrency "${values.concurrency}" is not a whole number of 1 or more.\n\n${USAGE}\n`,
    );
    return { exitCode: 2 };
  }
  for (const reporter of values.reporter ?? []) {
    if (reporter !== "github") {
      output.error(`--reporter "${reporter}" is not a reporter: give github.\n\n${USAGE}\n`);
      return { exitCode: 2 };
    }
  }
  if (values["rerun-failed"] && values.record) {
    output.error(
      "--rerun-failed replays the last run's failed cells; record them with --record --scenario <id> --model <id> --force instead.\n",
    );
    return { exitCode: 2 };
  }
  if (values.backend !== "files" && values.backend !== "pg") {
    output.error(`--backend "${values.backend}" is not a backend: give files or pg.\n\n${USAGE}\n`);
    return { exitCode: 2 };
  }
  const released = releasedExtractionPrompts();
  for (const prompt of values.prompt ?? []) {
    if (parsePromptRef(prompt)?.id !== "extraction") {
      output.error(`--prompt "${prompt}" is not an extraction prompt id such as "extraction@1".\n`);
      return { exitCode: 2 };
    }
    if (!released.includes(prompt)) {
      output.error(
        `--prompt "${prompt}" is not a released extraction prompt. Released: ${released.join(", ")} ` +
          "(packages/prompts/prompts/).\n",
      );
      return { exitCode: 2 };
    }
  }
  const outDir = values.out
    ? fromUserCwd(values.out)
    : (process.env[OUT_DIR_ENV] ?? DEFAULT_OUT_DIR);
  const lastRunFile = join(outDir, LAST_RUN_FILE);
  let rerun: Set<string> | undefined;
  let rerunFolders: { scenariosDir?: string; recordingsDir?: string } = {};
  if (values["rerun-failed"]) {
    const read = await readLastRun(lastRunFile);
    if (!read.success) {
      output.error(`pnpm eval: ${read.error}\n`);
      return { exitCode: 2 };
    }
    const { scenariosDir, recordingsDir } = read.value;
    rerunFolders = {
      ...(scenariosDir === undefined ? {} : { scenariosDir }),
      ...(recordingsDir === undefined ? {} : { recordingsDir }),
    };
    const failed = read.value.cells.filter((cell) => !cell.pass);
    if (failed.length === 0) {
      output.out(
        `Nothing to re-run: every one of the ${read.value.cells.length} cells of the last run (${read.value.date}) passed.\n`,
      );
      return { exitCode: 0 };
    }
    rerun = new Set(failed.map((cell) => rerunKey(cell.prompt, cell.scenarioId, cell.model)));
    values.prompt ??= [...new Set(failed.map((cell) => cell.prompt))];
    values.scenario ??= [...new Set(failed.map((cell) => cell.scenarioId))];
    output.out(
      `Re-running the ${failed.length} cell(s) that failed in the last run (${read.value.date}): ${failed
        .map((cell) => `${cell.scenarioId} · ${cell.model} · ${cell.prompt}`)
        .join("; ")}\n`,
    );
  }
  // A re-run reads the folders the last run read, unless told otherwise.
  const recordingsDir = values.recordings
    ? fromUserCwd(values.recordings)
    : (rerunFolders.recordingsDir ?? DEFAULT_RECORDINGS_DIR);
  const scenariosDir = values.scenarios
    ? fromUserCwd(values.scenarios)
    : (rerunFolders.scenariosDir ?? DEFAULT_SCENARIOS_DIR);
  const mode: RunMode = values.record ? "record" : "replay";
  const recorded = mode === "replay" ? await promptsWithRecordings(recordingsDir, released) : [];
  // Without recordings at all, extraction@1 is run so the report says what is missing.
  const prompts = values.prompt ?? (recorded.length > 0 ? recorded : ["extraction@1"]);
  if (values.model !== undefined) {
    for (const prompt of prompts) {
      const problem = await modelProblem({ models: values.model, mode, prompt, recordingsDir });
      if (problem !== undefined) {
        output.error(`pnpm eval: ${problem}\n`);
        return { exitCode: 2 };
      }
    }
  }
  if (mode === "record" && !process.env.ANTHROPIC_API_KEY) {
    output.error(
      "--record calls the Anthropic API and needs ANTHROPIC_API_KEY. Set it, or run `pnpm eval` " +
        "without --record to replay the recordings.\n",
    );
    return { exitCode: 2 };
  }
  const scenarios = await loadScenarios(scenariosDir);
  const known = new Set(scenarios.map((scenario) => scenario.id));
  const unknown = (values.scenario ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    output.error(
      `Unknown scenario ${unknown.map((id) => `"${id}"`).join(", ")} in ${scenariosDir}. ` +
        `Known: ${[...known].join(", ")}.\n`,
    );
    return { exitCode: 2 };
  }
  const chosen = values.scenario
    ? values.scenario.flatMap((id) => scenarios.filter((scenario) => scenario.id === id))
    : scenarios;
  // Nothing to run checks nothing: a CI step that selected no scenario must not read as a pass.
  if (chosen.length === 0) {
    output.error(
      `pnpm eval: no scenario to run: ${scenariosDir} holds no scenario fixture (*.yaml). ` +
        "Give --scenarios the folder of your fixtures (the format is in scenarios/README.md). " +
        "Nothing was checked.\n",
    );
    return { exitCode: 2 };
  }
  const reports: EvalReport[] = [];
  let stopped = false;
  for (const prompt of prompts) {
    const run =
      mode === "record"
        ? await recordPrompt({ prompt, values, recordingsDir, scenariosDir, chosen, output })
        : await runPrompt({ prompt, values, mode, recordingsDir, scenariosDir, chosen, rerun });
    if ("exitCode" in run) {
      output.error(run.message);
      return { exitCode: run.exitCode };
    }
    reports.push(run.report);
    if ("stopped" in run && run.stopped !== undefined) {
      output.out(`\n${run.stopped}\n`);
      stopped = true;
      break;
    }
  }
  const counts = sumRunCounts(reports.map((report) => report.summary));
  // The verdict comes first; the full tables, long on a whole suite, only when asked for.
  if (reports.length > 0) output.out(formatEvalSummary(reports));
  if (values.verbose) {
    for (const report of reports) output.out(`\n${formatEvalReport(report, { verbose: true })}`);
    if (reports.length > 1) {
      output.out(`\nAll prompts (${prompts.join(", ")}): ${formatRunCounts(counts)}.\n`);
    }
  } else if (reports.length > 0) {
    output.out("(pnpm eval --verbose prints every check and cost table)\n");
  }
  const scenarioPath = (scenarioId: string) =>
    join(scenariosDir, `${scenarioId.split("@")[0]}.yaml`);
  // CI matches annotation and test-case paths against the repository's files.
  const scenarioFile = (scenarioId: string) =>
    relative(process.env.GITHUB_WORKSPACE ?? userCwd(), scenarioPath(scenarioId));
  if (values.reporter?.includes("github") && reports.length > 0) {
    const ids = new Set(reports.flatMap((report) => report.cells.map((cell) => cell.scenarioId)));
    const texts = new Map<string, string | undefined>();
    for (const scenarioId of ids) {
      texts.set(
        scenarioId,
        await readFile(scenarioPath(scenarioId), "utf8").catch(() => undefined),
      );
    }
    output.out(
      formatGithubAnnotations(reports, {
        scenarioFile: (scenarioId) => {
          const text = texts.get(scenarioId);
          return { path: scenarioFile(scenarioId), ...(text === undefined ? {} : { text }) };
        },
      }),
    );
  }
  // A run that ran nothing has nothing to report: the last report and history stay as they were.
  if (counts.cells === 0 && reports.length > 0) {
    const last = join(outDir, "report.html");
    output.out(
      (await exists(last))
        ? `\nNothing ran, so no report was written: the last one is still ${last}\n`
        : "\nNothing ran, so no report was written.\n",
    );
  }
  if (counts.cells > 0) {
    await writeLastRun(
      lastRunFile,
      lastRunOf(reports, new Date().toISOString(), { scenariosDir, recordingsDir }),
    );
    const written = await writeRunReport({
      view: evalReportsView(reports),
      outDir,
      historyFile: values.history
        ? fromUserCwd(values.history)
        : (process.env[HISTORY_FILE_ENV] ?? join(outDir, "history.jsonl")),
      repositoryDir: EVALS_ROOT,
    });
    output.out(`\n${written.changesText}${written.wroteText}`);
  }
  if (values.junit) {
    const file = fromUserCwd(values.junit);
    const created = await mkdir(dirname(file), { recursive: true });
    await writeFile(file, formatJunitReport(reports, { scenarioFile }), "utf8");
    output.out(`Wrote ${file}${created === undefined ? "" : ` (created the folder ${created})`}\n`);
  }
  if (values.json) {
    const file = fromUserCwd(values.json);
    const created = await mkdir(dirname(file), { recursive: true });
    const json = reports.length === 1 ? reports[0] : reports;
    await writeFile(file, `${JSON.stringify(json, null, 2)}\n`, "utf8");
    output.out(`Wrote ${file}${created === undefined ? "" : ` (created the folder ${created})`}\n`);
  }
  return {
    exitCode: counts.passedCells === counts.cells && !stopped ? 0 : 1,
    ...(reports[0] ? { report: reports[0] } : {}),
    reports,
  };
}

/** The key of a cell in the `--rerun-failed` set. */
function rerunKey(prompt: string, scenarioId: string, model: string): string {
  return `${prompt}\u0000${scenarioId}\u0000${model}`;
}

/**
 * Runs every scenario on every model with one extraction prompt (with `rerun`, only the cells in
 * it); a setup problem is a message.
 */
async function runPrompt(options: {
  prompt: string;
  values: ReturnType<typeof parse>["values"];
  mode: RunMode;
  recordingsDir: string;
  scenariosDir: string;
  chosen: Scenario[];
  rerun: Set<string> | undefined;
}): Promise<{ report: EvalReport } | { exitCode: number; message: string }> {
  const { prompt, values, mode, recordingsDir, scenariosDir, chosen, rerun } = options;
  const models =
    values.model ??
    (mode === "record"
      ? [MODELS.haiku, MODELS.opus]
      : await modelsWithRecordings(recordingsDir, prompt));
  // A folder without recordings is a setup mistake, as an empty --scenarios folder is: exit 2,
  // never the 1 of a failed check, since nothing was checked.
  if (models.length === 0) {
    return {
      exitCode: 2,
      message:
        `pnpm eval: no recordings for ${prompt} in ${recordingsDir}, so nothing was checked. ` +
        "Give --recordings the folder that holds them, record them with `pnpm eval --record` " +
        "(needs ANTHROPIC_API_KEY) or author them with `pnpm --filter @memfiles/evals author`.\n",
    };
  }
  const results: ScenarioResult[] = [];
  // Replay takes seconds; recording calls the API for minutes, so it shows how far it has got.
  const progress =
    mode === "record"
      ? createProgress({ total: models.length * chosen.length, title: "Recording" })
      : undefined;
  for (const model of models) {
    for (const scenario of chosen) {
      if (rerun !== undefined && !rerun.has(rerunKey(prompt, scenario.id, model))) continue;
      progress?.tick(`${scenario.id} on ${model}`);
      results.push(
        ...(await runScenarioEpochs({
          ...(values.epochs === undefined ? {} : { epochs: Number(values.epochs) }),
          scenarioId: scenario.id,
          scenario,
          model,
          extractionPrompt: prompt,
          mode,
          recordingsDir,
          scenariosDir,
          writeBatch: values.batch,
          ...(values.backend === "pg" ? { storeBackend: pgliteStoreBackend } : {}),
        })),
      );
    }
  }
  progress?.stop();
  return { report: buildEvalReport(results, prompt) };
}

/**
 * Record mode for one prompt: prints the plan (cells, skipped cells, estimated tokens and USD per
 * model) before the first call, then records the cells not yet recorded (`--force`: all), up to
 * `--concurrency` at once, each call checked against `--max-usd`. The run a budget stop cut short
 * is not saved and not reported; `stopped` says what was recorded and how to resume.
 */
async function recordPrompt(options: {
  prompt: string;
  values: ReturnType<typeof parse>["values"];
  recordingsDir: string;
  scenariosDir: string;
  chosen: Scenario[];
  output: EvalOutput;
}): Promise<{ report: EvalReport; stopped?: string } | { exitCode: number; message: string }> {
  const { prompt, values, recordingsDir, scenariosDir, chosen, output } = options;
  const models = values.model ?? [MODELS.haiku, MODELS.opus];
  const maxUsd = values["max-usd"] === undefined ? undefined : Number(values["max-usd"]);
  const host = recordingHost();
  const plan = await planRecording({
    scenarios: chosen,
    models,
    prompt,
    epochs: values.epochs === undefined ? 1 : Number(values.epochs),
    recordingsDir,
    force: values.force,
    host,
  });
  output.out(formatRecordPlan(plan, { prompt, host, ...(maxUsd === undefined ? {} : { maxUsd }) }));
  const todo = plan.cells.filter((cell) => !cell.skip);
  const budget = maxUsd === undefined ? undefined : new RecordBudget(maxUsd);
  const limit = pLimit(Number(values.concurrency ?? "1"));
  const progress = createProgress({ total: todo.length, title: "Recording" });
  let stop: string | undefined;
  const results = await Promise.all(
    todo.map((cell) =>
      limit(async () => {
        if (stop !== undefined) return undefined;
        progress.tick(`${cell.scenarioId} on ${cell.model}, epoch ${cell.epoch}`);
        const result = await runScenario({
          scenarioId: cell.scenarioId,
          scenario: chosen.find((scenario) => scenario.id === cell.scenarioId) as Scenario,
          model: cell.model,
          extractionPrompt: prompt,
          mode: "record",
          recordingsDir,
          scenariosDir,
          writeBatch: values.batch,
          ...(cell.epoch > 1 ? { epoch: cell.epoch } : {}),
          ...(budget === undefined ? {} : { budget }),
          ...(values.backend === "pg" ? { storeBackend: pgliteStoreBackend } : {}),
        });
        if (result.error?.name === "BudgetExceededError") {
          stop ??= result.error.message;
          return undefined;
        }
        return result;
      }),
    ),
  );
  progress.stop();
  const recorded = results.filter((result): result is ScenarioResult => result !== undefined);
  const report = buildEvalReport(recorded, prompt);
  if (stop === undefined) return { report };
  return {
    report,
    stopped:
      `${stop}\nRecorded ${recorded.length} of ${todo.length} scenario run(s) for ` +
      `$${(budget?.spentUsd ?? 0).toFixed(4)} (${budget?.calls ?? 0} calls).`,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scenario: { type: "string", multiple: true },
      model: { type: "string", multiple: true },
      prompt: { type: "string", multiple: true },
      json: { type: "string" },
      junit: { type: "string" },
      reporter: { type: "string", multiple: true },
      "rerun-failed": { type: "boolean", default: false },
      out: { type: "string" },
      history: { type: "string" },
      record: { type: "boolean", default: false },
      epochs: { type: "string" },
      "max-usd": { type: "string" },
      force: { type: "boolean", default: false },
      concurrency: { type: "string" },
      batch: { type: "boolean", default: false },
      backend: { type: "string", default: "files" },
      recordings: { type: "string" },
      scenarios: { type: "string" },
      verbose: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

if (isEntryPoint(import.meta.url)) {
  const { exitCode } = await evalMain(cliArguments());
  process.exitCode = exitCode;
}
