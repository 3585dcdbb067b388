import { access, readdir } from "node:fs/promises";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { costOf, type ModelUsage } from "@memfiles/core";
import {
  estimateTokens,
  roundUsd,
  sumUsage,
  toModelUsage,
  ZERO_USAGE,
} from "@memfiles/core/internal";
import { formatTable } from "../internal/text-table.js";
import {
  API_HOST,
  ASSUMED_OUTPUT_TOKENS,
  BUDGET_OUTPUT_BASIS,
  type JsonValue,
  RecordBudget,
  readRecordingFile,
  recordingPath,
} from "../recordings/index.js";
import { EvalSetupError } from "../runner/index.js";
import type { Scenario } from "../scenarios/index.js";

// The plan's rule, said once beside its figures: an expected cost, unlike the cap's upper bound.
const EXPECTED_BASIS = `a likely bill, not a bound: the usage of a recording of the scenario, or its size with ${ASSUMED_OUTPUT_TOKENS} output tokens a call`;

/** One cell-epoch a record run will make (or skip). */
export type PlannedCell = {
  scenarioId: string;
  model: string;
  epoch: number;
  /**
   * Recorded already (its file has provenance `recorded`) from the API or from the host this run
   * records from, and `--force` not given: not recorded again. An authored file, or one recorded
   * from another host (a local fake, a proxy), stands in for a recording, so it is recorded over.
   */
  skip: boolean;
  /** The provenance of the file at the cell's path, which recording it would replace. */
  replaces?: "authored" | "recorded";
  /** The host of the recording it replaces, when that was recorded from a host not this run's. */
  replacesHost?: string;
  /** Estimated calls, tokens and USD of the run. */
  estimate: { calls: number; usage: ModelUsage; usd: number };
  /** Where the estimate comes from: a recording's usage (named), or the scenario's size. */
  basis: string;
  /**
   * The smallest `--max-usd` that lets this run finish alone, in USD: each call is checked at its
   * upper bound (`RecordBudget.estimate`) on top of what the calls before it cost, so this is the
   * largest such sum over the run's calls, from a recording's requests and usage. Undefined without
   * a recording (the requests are not known before the run).
   */
  capToRecord?: number;
};

/** What `planRecording` returns: every cell, and the totals per model of the cells to record. */
export type RecordPlan = {
  cells: PlannedCell[];
  models: { model: string; cells: number; calls: number; usage: ModelUsage; usd: number }[];
  usd: number;
};

/**
 * The `host` a recording made now carries, as the recording session writes it: the host of
 * `baseUrl` (`ANTHROPIC_BASE_URL`, e.g. `127.0.0.1:8787`), or undefined for the Anthropic API
 * (unset, empty, or api.anthropic.com).
 *
 * @throws {EvalSetupError} when `baseUrl` is not a URL.
 * @example recordingHost("http://127.0.0.1:8787") // "127.0.0.1:8787"
 */
export function recordingHost(baseUrl = process.env.ANTHROPIC_BASE_URL): string | undefined {
  if (!baseUrl) return undefined;
  if (!URL.canParse(baseUrl)) {
    throw new EvalSetupError({
      setting: "ANTHROPIC_BASE_URL",
      message: `ANTHROPIC_BASE_URL "${baseUrl}" is not a URL: set it to the API's address (e.g. https://api.anthropic.com), or unset it.`,
    });
  }
  const { host } = new URL(baseUrl);
  return host === API_HOST ? undefined : host;
}

/**
 * The provenance and host of the recording at `file`, or undefined when there is none.
 *
 * @throws {RecordingFileError} when the file is not a recording, so nothing is recorded over it.
 */
async function existingAt(
  file: string,
): Promise<{ provenance: "authored" | "recorded"; host?: string | undefined } | undefined> {
  const recording = await readRecordingFile(file);
  if (recording === undefined) return undefined;
  return recording.provenance === "recorded"
    ? { provenance: "recorded", host: recording.host }
    : { provenance: "authored" };
}

async function exists(file: string): Promise<boolean> {
  return access(file)
    .then(() => true)
    .catch(() => false);
}

/**
 * The usage of an existing recording of the scenario, priced for `model`: the same model and
 * prompt first, then the same model with another prompt, then any model (its token counts, priced
 * at `model`; a side query is priced at the model that ran it).
 */
async function recordedEstimate(
  recordingsDir: string,
  scenarioId: string,
  model: string,
  prompt: string,
): Promise<Omit<PlannedCell, "scenarioId" | "model" | "epoch" | "skip"> | undefined> {
  const budget = new RecordBudget(Number.POSITIVE_INFINITY);
  const models = await readdir(recordingsDir).catch(() => [] as string[]);
  const prompts = async (candidate: string) =>
    readdir(join(recordingsDir, candidate)).catch(() => [] as string[]);
  const candidates: [string, string][] = [[model, prompt]];
  for (const other of await prompts(model)) candidates.push([model, other]);
  for (const otherModel of models.sort()) {
    for (const other of await prompts(otherModel)) candidates.push([otherModel, other]);
  }
  for (const [candidateModel, candidatePrompt] of candidates) {
    const file = recordingPath(recordingsDir, candidateModel, candidatePrompt, scenarioId);
    if (!(await exists(file))) continue;
    const recording = await readRecordingFile(file).catch(() => undefined);
    if (recording === undefined) continue;
    let usd = 0;
    let capToRecord = 0;
    const usages: ModelUsage[] = [];
    for (const entry of recording.entries) {
      const body = entry.response.body as { usage?: Anthropic.Usage; model?: string } | null;
      if (body?.usage === undefined) continue;
      const usage = toModelUsage(body.usage);
      usages.push(usage);
      // The run's own calls are priced at the model being recorded; a side query or a judge call
      // at the model the recording says ran it, when it is not the recording's model.
      const ranAt = body.model !== undefined && body.model !== recording.model ? body.model : model;
      const request = { ...(entry.request as Record<string, JsonValue>), model: ranAt };
      capToRecord = Math.max(capToRecord, usd + budget.estimate(request, ranAt));
      usd += costOf(usage, ranAt).usd;
    }
    return {
      estimate: {
        calls: usages.length,
        usage: sumUsage(ZERO_USAGE, ...usages),
        usd: roundUsd(usd),
      },
      basis: `${recording.provenance} ${candidateModel}/${candidatePrompt}`,
      capToRecord: roundUsd(capToRecord),
    };
  }
  return undefined;
}

/**
 * Plans a record run before any call: every scenario x model x epoch, skipped when its file was
 * recorded from the API or from `host` already (unless `force`; an authored file, or one recorded
 * from another host, is recorded over), each with an estimate of its calls, tokens and USD from the usage
 * of an existing recording of the scenario (authored recordings estimate usage from characters),
 * or, without one, from the scenario's size (`estimateTokens` of its text, twice per session and
 * the question, with `ASSUMED_OUTPUT_TOKENS` out).
 *
 * @param options - `{ scenarios, models, prompt, epochs, recordingsDir, force, host }`; `host`
 *   is the one this run records from (`recordingHost()`), undefined for the API.
 * @returns The cells in run order and the totals per model of the cells to record (USD).
 * @throws {RecordingFileError} when a file at a cell's path is not a valid recording.
 * @example const plan = await planRecording({ scenarios, models: ["claude-haiku-5-5"], prompt: "extraction@1", epochs: 3, recordingsDir, force: false, host: recordingHost() });
 */
export async function planRecording(options: {
  scenarios: readonly Scenario[];
  models: readonly string[];
  prompt: string;
  epochs: number;
  recordingsDir: string;
  force: boolean;
  host: string | undefined;
}): Promise<RecordPlan> {
  const cells: PlannedCell[] = [];
  for (const model of options.models) {
    for (const scenario of options.scenarios) {
      const recorded = await recordedEstimate(
        options.recordingsDir,
        scenario.id,
        model,
        options.prompt,
      );
      const calls = scenario.sessions.length + (scenario.question ? 2 : 0);
      const fallbackUsage: ModelUsage = {
        ...ZERO_USAGE,
        input: calls * estimateTokens(JSON.stringify(scenario), model),
        output: calls * ASSUMED_OUTPUT_TOKENS,
      };
      const estimated = recorded ?? {
        estimate: { calls, usage: fallbackUsage, usd: costOf(fallbackUsage, model).usd },
        basis: `scenario size, ${ASSUMED_OUTPUT_TOKENS} output tokens a call`,
      };
      for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
        const file = recordingPath(
          options.recordingsDir,
          model,
          options.prompt,
          scenario.id,
          epoch,
        );
        const existing = await existingAt(file);
        const replacesHost =
          existing?.host !== undefined && existing.host !== options.host
            ? existing.host
            : undefined;
        const skip =
          !options.force && existing?.provenance === "recorded" && replacesHost === undefined;
        cells.push({
          scenarioId: scenario.id,
          model,
          epoch,
          skip,
          ...(existing === undefined ? {} : { replaces: existing.provenance }),
          ...(replacesHost === undefined ? {} : { replacesHost }),
          ...estimated,
        });
      }
    }
  }
  const models = options.models.map((model) => {
    const own = cells.filter((cell) => cell.model === model && !cell.skip);
    return {
      model,
      cells: own.length,
      calls: own.reduce((sum, cell) => sum + cell.estimate.calls, 0),
      usage: sumUsage(ZERO_USAGE, ...own.map((cell) => cell.estimate.usage)),
      usd: roundUsd(own.reduce((sum, cell) => sum + cell.estimate.usd, 0)),
    };
  });
  return { cells, models, usd: roundUsd(models.reduce((sum, row) => sum + row.usd, 0)) };
}

/**
 * The preview record mode prints before its first call: the cells to record (how many replace an
 * authored or a recorded file, how many are skipped), then the estimate per model and in total, and the cap; one line when every cell is
 * recorded already.
 *
 * @param plan - From `planRecording`.
 * @param options - `{ prompt, host?, maxUsd? }`: `host` as given to `planRecording`.
 * @returns The text, ending with a newline.
 * @example process.stdout.write(formatRecordPlan(plan, { prompt: "extraction@1", maxUsd: 0.05 }));
 */
export function formatRecordPlan(
  plan: RecordPlan,
  options: { prompt: string; host?: string | undefined; maxUsd?: number },
) {
  const todo = plan.cells.filter((cell) => !cell.skip);
  const skipped = plan.cells.length - todo.length;
  // An empty plan table and a zero estimate would read as a run about to happen.
  if (todo.length === 0) {
    return `nothing to record: ${skipped} run(s) of ${options.prompt} already recorded (--force records them again)\n`;
  }
  const authored = todo.filter((cell) => cell.replaces === "authored").length;
  const elsewhere = todo.filter((cell) => cell.replacesHost !== undefined);
  const elsewhereHosts = [...new Set(elsewhere.map((cell) => cell.replacesHost))].sort();
  const again = todo.filter(
    (cell) => cell.replaces === "recorded" && cell.replacesHost === undefined,
  ).length;
  const lines = [
    `Recording plan (${options.prompt}): ${todo.length} scenario run(s) to record` +
      (authored > 0
        ? `, replacing ${authored} authored recording(s) with recorded ones (git keeps the authored files: \`git restore\` brings one back)`
        : "") +
      (elsewhere.length > 0
        ? `, replacing ${elsewhere.length} recording(s) made from ${elsewhereHosts.join(", ")}, not from ${options.host ?? "the API"}`
        : "") +
      (again > 0 ? `, ${again} recorded again over their recordings (--force)` : "") +
      (skipped > 0
        ? `, ${skipped} already recorded and skipped (--force records them again)`
        : "") +
      ".",
    "",
    formatTable({
      headers: [
        "scenario",
        "model",
        "epoch",
        "calls",
        "input",
        "output",
        "expected USD",
        "expected from",
      ],
      align: ["left", "left", "right", "right", "right", "right", "right", "left"],
      rows: todo.map((cell) => [
        cell.scenarioId,
        cell.model,
        String(cell.epoch),
        String(cell.estimate.calls),
        cell.estimate.usage.input.toLocaleString("en-US"),
        cell.estimate.usage.output.toLocaleString("en-US"),
        `$${cell.estimate.usd.toFixed(6)}`,
        cell.basis,
      ]),
    }),
    "",
    "Expected per model (tokens: input incl. cache writes and reads, output):",
    ...plan.models.map((row) => {
      const input =
        row.usage.input + row.usage.cacheWrite5m + row.usage.cacheWrite1h + row.usage.cacheRead;
      return `- ${row.model}: ${row.cells} run(s), ~${row.calls} calls, ~${input.toLocaleString("en-US")} input + ~${row.usage.output.toLocaleString("en-US")} output tokens, ~$${row.usd.toFixed(4)}`;
    }),
    `Total expected: ~$${plan.usd.toFixed(4)} (${EXPECTED_BASIS}).`,
    options.maxUsd === undefined
      ? "No cap: --max-usd <n> stops before a call would pass n USD."
      : `Cap --max-usd ${options.maxUsd}: not checked against the expected cost above; ${BUDGET_OUTPUT_BASIS}` +
        (options.maxUsd < plan.usd
          ? `. The cap is below the expected total: the run will likely stop before its end.`
          : "; the run may stop before its spend reaches the cap."),
    ...capLines(todo, plan.models, options.maxUsd),
    "",
  ];
  return `${lines.join("\n")}\n`;
}

/** A run's cost as the cap sees it: its smallest cap when a recording gives one, else its estimate. */
function capNeed(cell: PlannedCell): number {
  return cell.capToRecord ?? cell.estimate.usd;
}

/**
 * The cap in figures: per model, the smallest `--max-usd` that records one run of it (its
 * cheapest run, alone), their sum for one run of each model; and with a cap, how many runs of each
 * model it will record in run order (one at a time) before the first refused call stops the run.
 */
export function capLines(
  todo: readonly PlannedCell[],
  models: RecordPlan["models"],
  maxUsd: number | undefined,
): string[] {
  const cheapest = models.flatMap(({ model }) => {
    const own = todo.filter((cell) => cell.model === model);
    const best = own.reduce<PlannedCell | undefined>(
      (found, cell) => (found === undefined || capNeed(cell) < capNeed(found) ? cell : found),
      undefined,
    );
    return best === undefined ? [] : [best];
  });
  if (cheapest.length === 0) return [];
  const need = (cell: PlannedCell) =>
    `${cell.model} $${capNeed(cell).toFixed(4)} (--model ${cell.model} --scenario ${cell.scenarioId}${cell.capToRecord === undefined ? "; no recording, so its expected cost, not a bound" : ""})`;
  const sum = roundUsd(cheapest.reduce((total, cell) => total + capNeed(cell), 0));
  const lines = [
    `Smallest cap that records one run of each model: --max-usd ${sum.toFixed(4)}, the sum of each model's cheapest run alone: ${cheapest.map(need).join("; ")}.`,
  ];
  if (maxUsd === undefined) return lines;
  let spent = 0;
  let stoppedAt: PlannedCell | undefined;
  const recorded = new Map<string, number>();
  for (const cell of todo) {
    if (spent + capNeed(cell) > maxUsd) {
      stoppedAt = cell;
      break;
    }
    spent += cell.estimate.usd;
    recorded.set(cell.model, (recorded.get(cell.model) ?? 0) + 1);
  }
  const total = [...recorded.values()].reduce((sum, count) => sum + count, 0);
  const perModel = models
    .filter((row) => row.cells > 0)
    .map((row) => `${row.model} ${recorded.get(row.model) ?? 0} of ${row.cells}`)
    .join(", ");
  lines.push(
    `--max-usd ${maxUsd} will record about ${total} of ${todo.length} run(s) in run order (${perModel})` +
      (stoppedAt === undefined
        ? "."
        : `, then stop at ${stoppedAt.scenarioId} on ${stoppedAt.model}, epoch ${stoppedAt.epoch}.`),
  );
  const none = models.filter((row) => row.cells > 0 && (recorded.get(row.model) ?? 0) === 0);
  if (none.length > 0) {
    lines.push(
      `No run of ${none.map((row) => row.model).join(", ")} will be recorded: raise the cap, or record each model apart with the --model and --scenario above.`,
    );
  }
  return lines;
}
