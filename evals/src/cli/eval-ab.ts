/**
 * `pnpm eval:ab`: runs the promptfoo A/B (extraction prompt x model x scenarios, offline from
 * recordings) through promptfoo's CLI with its database in a throwaway folder (never
 * `~/.promptfoo`), then prints the per-cell summary
 * and writes `evals/out/ab-results.json` (promptfoo's JSON), `evals/out/ab-summary.md` and
 * `evals/out/report.html`, appends the run to the history and says what changed since the last one.
 *
 * Exit codes: 0 every run completed (failed checks are results, shown in the table), 1 a run broke
 * (a missing recording: that cell's scenario shows ERROR) or promptfoo failed, 2 bad arguments or a
 * user error (a bad scenario fixture, checked before promptfoo starts), printed without a stack.
 */
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { LAYOUT_NAMES, safeParseLayoutName } from "@memfiles/core/internal";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { z } from "zod";
import {
  DEFAULT_SCENARIOS_DIR,
  LAYOUT_PAIRS_ENV,
  PROGRESS_FILE_ENV,
  RECORDINGS_DIR_ENV,
  SCENARIOS_DIR_ENV,
} from "../ab/folders.js";
import { formatAbSummary } from "../ab/format-summary.js";
import { layoutPairs } from "../ab/layout-pairs.js";
import { runPromptfoo } from "../ab/run-promptfoo.js";
import { summarizeAb } from "../ab/summary.js";
import { abReportView, HISTORY_FILE_ENV, OUT_DIR_ENV, writeRunReport } from "../report/index.js";
import { createProgress } from "../report/progress.js";
import { loadScenarios } from "../scenarios/index.js";
import { cliArguments, fromUserCwd, isEntryPoint, runCli } from "./command-line.js";

const EVALS_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG_FILE = path.join(EVALS_ROOT, "promptfoo", "promptfooconfig.yaml");

const USAGE = `Usage: pnpm eval:ab [--scenario <id>]... [--arm <model>]... [--recordings <dir>] [--scenarios <dir>] [--out <dir>] [--history <file>] [--verbose]

Runs evals/promptfoo/promptfooconfig.yaml (extraction@1/@2/@3 x Haiku 5.5/Opus 5.5 x scenarios) offline
from recordings, then prints the summary and writes <out>/ab-results.json and <out>/ab-summary.md.
  --scenario <id>     only this scenario (repeatable)
  --arm <model>       an extra model column (repeatable), e.g. --arm claude-haiku-4-5 (legacy Haiku)
  --recall <strategy> recall arms (repeatable): index, side-query; each model runs once per
                      strategy (side-query replays <scenario>@side-query.json: author them with
                      pnpm --filter @memfiles/evals author --recall side-query)
  --layout <layout>   layout arms (repeatable): subject, fact; the tests are then the layout
                      pairs only (a subject seed test <id> that runs on both layouts): the
                      subject arm runs <id>, the fact arm <id>@fact
  --recordings <dir>  recordings folder (default evals/recordings)
  --scenarios <dir>   scenario fixtures folder (default scenarios/)
  --out <dir>         output folder (default $${OUT_DIR_ENV} or evals/out)
  --history <file>    run history appended to (default $${HISTORY_FILE_ENV} or <out>/history.jsonl)
  --verbose           show promptfoo's own output
  -h, --help          show this help`;

/**
 * pnpm runs package scripts in the package folder and sets INIT_CWD to where the run started (the
 * repository root for the root `pnpm eval:ab` script); relative paths are taken from there.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      scenario: { type: "string", multiple: true },
      arm: { type: "string", multiple: true },
      recall: { type: "string", multiple: true },
      layout: { type: "string", multiple: true },
      recordings: { type: "string" },
      scenarios: { type: "string" },
      out: { type: "string" },
      history: { type: "string" },
      verbose: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/**
 * The promptfoo config to run: the default one, or, with extra arms, a copy beside it (so its
 * relative `file://` paths still resolve) with one more provider per arm; deleted after the run.
 */
async function configWithArms(
  arms: readonly string[],
  dimensions: { recalls?: readonly string[]; layouts?: readonly string[] } = {},
): Promise<string> {
  const recalls = dimensions.recalls ?? [];
  const layouts = dimensions.layouts ?? [];
  if (arms.length === 0 && recalls.length === 0 && layouts.length === 0) return CONFIG_FILE;
  const config = parseYaml(await readFile(CONFIG_FILE, "utf8")) as {
    providers: { id: string; label: string; config: Record<string, unknown> }[];
  };
  const template = config.providers[0];
  if (template === undefined) return CONFIG_FILE;
  const known = new Set(config.providers.map((provider) => provider.label));
  for (const model of arms.filter((arm) => !known.has(arm))) {
    config.providers.push({ ...template, label: model, config: { ...template.config, model } });
  }
  if (recalls.length > 0 || layouts.length > 0) {
    // Issue 13: layout x recall arms of every model, labelled "<model> <layout>/<recall>".
    config.providers = config.providers.flatMap((provider) =>
      (layouts.length > 0 ? layouts : ["subject"]).flatMap((layout) =>
        (recalls.length > 0 ? recalls : ["index"]).map((recall) => ({
          ...provider,
          label: `${provider.label} ${layout}/${recall}`,
          config: { ...provider.config, recall, layout },
        })),
      ),
    );
  }
  const file = path.join(path.dirname(CONFIG_FILE), `.promptfooconfig-arms-${process.pid}.yaml`);
  await writeFile(file, stringifyYaml(config));
  return file;
}

/**
 * Shows how many scenario runs promptfoo has finished (a bar on a TTY, plain lines otherwise):
 * the provider appends one line per run to a file named in `env`, read here twice a second.
 * Returns the function that stops it.
 */
async function watchProgress(options: {
  configFile: string;
  scenarios: number;
  env: Record<string, string>;
}): Promise<() => Promise<void>> {
  const config = parseYaml(await readFile(options.configFile, "utf8")) as {
    prompts: unknown[];
    providers: unknown[];
  };
  const folder = await mkdtemp(path.join(os.tmpdir(), "memfiles-ab-progress-"));
  const file = path.join(folder, "progress.txt");
  await writeFile(file, "");
  options.env[PROGRESS_FILE_ENV] = file;
  const progress = createProgress({
    total: config.prompts.length * config.providers.length * options.scenarios,
    title: "A/B runs",
  });
  let seen = 0;
  const read = async () => {
    const lines = (await readFile(file, "utf8").catch(() => "")).split("\n").filter(Boolean);
    for (const line of lines.slice(seen)) progress.tick(line);
    seen = Math.max(seen, lines.length);
  };
  const timer = setInterval(() => void read(), 500);
  return async () => {
    clearInterval(timer);
    await read();
    progress.stop();
    await rm(folder, { recursive: true, force: true });
  };
}

const DerivedMetricsSchema = z.object({
  results: z.object({
    prompts: z.array(
      z.object({
        label: z.string(),
        provider: z.string(),
        metrics: z.object({ namedScores: z.record(z.string(), z.number()) }).optional(),
      }),
    ),
  }),
});

/**
 * promptfoo's own per-column figures (the `derivedMetrics` of promptfooconfig.yaml), one line per
 * prompt x model, for the report; none when the output has no `prompts` metrics.
 */
function derivedMetricsOf(output: unknown): string[] {
  const parsed = DerivedMetricsSchema.safeParse(output);
  if (!parsed.success) return [];
  return parsed.data.results.prompts.flatMap(({ label, provider, metrics }) => {
    const scores = metrics?.namedScores;
    if (scores?.pass_rate === undefined || scores.usd_per_session === undefined) return [];
    return [
      `promptfoo's derived metrics, ${label} on ${provider}: pass rate ` +
        `${(scores.pass_rate * 100).toFixed(1)}%, $${scores.usd_per_session.toFixed(6)} per session`,
    ];
  });
}

/** Where output goes; injectable for tests. */
export type EvalAbOutput = { out: (text: string) => void; error: (text: string) => void };

/**
 * The `pnpm eval:ab` command. Arguments and scenario fixtures are checked before promptfoo starts;
 * expected user errors are printed as one message, without a stack, with exit code 2.
 *
 * @param argv - Arguments after the script name.
 * @param output - Where to print (default stdout / stderr).
 * @returns `{ exitCode }`: 0 every run completed, 1 a run broke or promptfoo failed, 2 bad
 *   arguments or a user error.
 * @throws Only on a bug (an error that is not a user error).
 * @example const { exitCode } = await evalAbMain(["--scenario", "remember"]);
 */
export async function evalAbMain(
  argv: string[],
  output: EvalAbOutput = {
    out: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(text),
  },
): Promise<{ exitCode: number }> {
  return runCli("pnpm eval:ab", async () => ({ exitCode: await main(argv, output) }), output.error);
}

async function main(argv: string[], output: EvalAbOutput): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    output.error(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    output.out(`${USAGE}\n`);
    return 0;
  }
  const scenariosDir = values.scenarios ? fromUserCwd(values.scenarios) : DEFAULT_SCENARIOS_DIR;
  const loaded = await loadScenarios(scenariosDir);
  // Layout arms run the layout pairs only: each test is a subject scenario whose fact
  // twin the fact arm runs.
  const pairsOnly = (values.layout ?? []).length > 0;
  const known = pairsOnly
    ? layoutPairs(loaded).map((pair) => pair.id)
    : loaded.map((scenario) => scenario.id);
  const unknown = (values.scenario ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    output.error(
      `pnpm eval:ab: unknown scenario ${unknown.map((id) => `"${id}"`).join(", ")} in ` +
        `${scenariosDir}${pairsOnly ? " with a fact-layout twin (--layout runs the layout pairs)" : ""}. ` +
        `Known: ${known.join(", ")}.\n`,
    );
    return 2;
  }
  const outDir = values.out
    ? fromUserCwd(values.out)
    : (process.env[OUT_DIR_ENV] ?? path.join(EVALS_ROOT, "out"));
  const resultsFile = path.join(outDir, "ab-results.json");
  const summaryFile = path.join(outDir, "ab-summary.md");
  await mkdir(outDir, { recursive: true });
  await rm(resultsFile, { force: true });

  const env: Record<string, string> = {};
  if (values.recordings) env[RECORDINGS_DIR_ENV] = fromUserCwd(values.recordings);
  if (values.scenarios) env[SCENARIOS_DIR_ENV] = scenariosDir;
  if (pairsOnly) env[LAYOUT_PAIRS_ENV] = "1";
  const only = values.scenario ?? [];
  const started = Date.now();
  output.out(
    "Running the promptfoo A/B offline from recordings (promptfoo's database in a temporary folder)...\n",
  );
  const badRecall = (values.recall ?? []).find((item) => !["index", "side-query"].includes(item));
  const badLayout = (values.layout ?? []).find((item) => !safeParseLayoutName(item).success);
  if (badRecall !== undefined || badLayout !== undefined) {
    output.error(
      `${badRecall === undefined ? `--layout takes ${LAYOUT_NAMES.join(" or ")}, not "${badLayout}"` : `--recall takes index or side-query, not "${badRecall}"`}.\n\n${USAGE}\n`,
    );
    return 2;
  }
  const configFile = await configWithArms(values.arm ?? [], {
    ...(values.recall ? { recalls: values.recall } : {}),
    ...(values.layout ? { layouts: values.layout } : {}),
  });
  const stopProgress = values.verbose
    ? undefined
    : await watchProgress({
        configFile,
        scenarios: only.length > 0 ? only.length : known.length,
        env,
      });
  const run = await runPromptfoo({
    configFile,
    outputFile: resultsFile,
    env,
    inherit: values.verbose ?? false,
    ...(only.length > 0 ? { filterPattern: `^(${only.map(escapeRegExp).join("|")}): ` } : {}),
  }).finally(async () => {
    await stopProgress?.();
    if (configFile !== CONFIG_FILE) await rm(configFile, { force: true });
  });

  const wrote = await access(resultsFile).then(
    () => true,
    () => false,
  );
  if (!wrote) {
    const promptfooOutput = `${run.stdout}\n${run.stderr}`;
    output.error(`${promptfooOutput.trim().split("\n").slice(-40).join("\n")}\n\n`);
    const hint = promptfooOutput.includes("Could not locate the bindings file")
      ? "promptfoo's database addon (better-sqlite3) is not built: run `bash scripts/setup.sh`, or " +
        "`npm_config_nodedir=/usr pnpm rebuild better-sqlite3`, then try again."
      : "See promptfoo's output above; rerun with --verbose for all of it.";
    output.error(
      `pnpm eval:ab: promptfoo exited with code ${run.exitCode} and wrote no results to ${resultsFile}. ${hint}\n`,
    );
    return 1;
  }

  const promptfooOutput: unknown = JSON.parse(await readFile(resultsFile, "utf8"));
  const summary = summarizeAb(promptfooOutput);
  const markdown = formatAbSummary({
    summary,
    resultsFile: path.relative(EVALS_ROOT, resultsFile),
  });
  await writeFile(summaryFile, markdown);
  output.out(`\n${markdown}\n`);
  const written = await writeRunReport({
    view: abReportView(summary),
    outDir,
    historyFile: values.history
      ? fromUserCwd(values.history)
      : (process.env[HISTORY_FILE_ENV] ?? path.join(outDir, "history.jsonl")),
    repositoryDir: EVALS_ROOT,
    notes: [
      ...derivedMetricsOf(promptfooOutput),
      `promptfoo's own results: ${resultsFile}; browse every row with \`pnpm exec promptfoo view\` ` +
        "(its web viewer reads promptfoo's database, which this run keeps in a temporary folder).",
    ],
  });
  output.out(`${written.changesText}${written.wroteText}`);
  output.out(
    `Wrote ${resultsFile} and ${summaryFile} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
  const errors = summary.cells.reduce((count, cell) => count + cell.errors, 0);
  const runs = summary.cells.reduce((count, cell) => count + cell.scenarios, 0);
  if (summary.cells.length === 0) {
    output.error("pnpm eval:ab: promptfoo ran no test (no scenario matched?).\n");
    return 1;
  }
  if (errors > 0) {
    output.error(
      `pnpm eval:ab: ${errors} of ${runs} runs broke (see "Failures and errors"); the others completed.\n`,
    );
    return 1;
  }
  return 0;
}

if (isEntryPoint(import.meta.url)) {
  const { exitCode } = await evalAbMain(cliArguments());
  process.exitCode = exitCode;
}
