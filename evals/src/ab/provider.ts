import { appendFile } from "node:fs/promises";
import * as path from "node:path";
import type { RecallStrategy, StoreLayout } from "@memfiles/core";
import { roundUsd, sumUsage } from "@memfiles/core/internal";
import { parsePromptRef } from "@memfiles/prompts";
import type { ApiProvider, CallApiContextParams, ProviderResponse } from "promptfoo";
import type { RunMode, RunScenarioOptions, ScenarioResult } from "../runner/types.js";
import { loadScenario } from "../scenarios/load-scenario.js";
import type { Scenario } from "../scenarios/schema.js";
import {
  DEFAULT_RECORDINGS_DIR,
  DEFAULT_SCENARIOS_DIR,
  PROGRESS_FILE_ENV,
  RECORDINGS_DIR_ENV,
  SCENARIOS_DIR_ENV,
} from "./folders.js";
import { layoutScenarioId } from "./layout-pairs.js";
import { type SessionCost, sessionCostsOf } from "./session-costs.js";

/** The runner's entry point, injectable for tests. */
export type RunScenario = (options: RunScenarioOptions) => Promise<ScenarioResult>;

/** `config` of a provider entry in `promptfooconfig.yaml`. */
export type ScenarioProviderConfig = {
  /** Model for every stage of the scenario, e.g. `claude-haiku-4-5`. */
  model: string;
  /** Recordings folder; relative paths resolve against `basePath`. Default: `evals/recordings`. */
  recordingsDir?: string;
  /** Scenario fixtures folder; relative paths resolve against `basePath`. Default: `scenarios`. */
  scenariosDir?: string;
  /** `replay` (default) or `record`. */
  mode?: RunMode;
  /** Set by promptfoo: the folder of the config file. */
  basePath?: string;
  /**
   * Recall strategy arm: `index` or `side-query`; default the scenario's own. A run
   * whose strategy is not the scenario's replays `<scenario>@<strategy>.json`.
   */
  recall?: RecallStrategy;
  /**
   * Memory layout arm: `subject` or `fact`. The test's scenario is a layout pair's id
   * (`layoutPairs`): the subject arm runs it, the fact arm its fact run `<id>@fact` (`layoutScenarioId`);
   * a scenario whose layout is not the arm's is an error for that run, never a result.
   */
  layout?: StoreLayout;
};

/** Options of the provider's constructor: what promptfoo passes, plus an injectable runner. */
export type ScenarioProviderOptions = {
  id?: string;
  label?: string;
  config: ScenarioProviderConfig;
  /** Defaults to the evals runner's `runScenario`, imported on first use. */
  runScenario?: RunScenario;
};

/** What the provider puts in `ProviderResponse.metadata`; the A/B summary reads it back. */
export type ScenarioMetadata = {
  scenarioId: string;
  model: string;
  extractionPrompt: string;
  /** The runner's verdict: every check passed and the run did not break. */
  pass: boolean;
  checks: ScenarioResult["checks"];
  /** The memory folder at the end: path -> text. */
  files: Record<string, string>;
  calls: ScenarioResult["calls"];
  /** Per-session USD, stages apart (`sessionCostsOf`). */
  sessions: SessionCost[];
  provenance: ScenarioResult["provenance"];
  durationMs: number;
  /** A broken run (missing recording, thrown error); `response.error` says the same. */
  runError?: { name: string; message: string };
  /** The provider's label when it is a recall or layout arm (the summary's column). */
  arm?: string;
  /** The question's recall: strategy, estimated system prompt and recalled-file tokens. */
  recall?: ScenarioResult["recall"];
  /**
   * The cell's epochs (every recorded one is replayed) and how many passed; `pass` is then the
   * cell's verdict (no broken epoch, passes / epochs >= the scenario's `minPassRate`), `checks`
   * and costs are epoch 1's, and `epochFailures` names each other failing epoch's failed checks.
   */
  epochs?: number;
  passes?: number;
  epochFailures?: { epoch: number; reason: string }[];
  /** Each epoch's `provenance`, in order (with several epochs; `provenance` is epoch 1's). */
  epochProvenance?: ScenarioResult["provenance"][];
};

async function defaultRunScenario(options: RunScenarioOptions): Promise<ScenarioResult> {
  // Imported on first call so loading the provider stays cheap and tests can inject a runner.
  const runner = await import("../runner/index.js");
  return runner.runScenario(options);
}

/**
 * A promptfoo provider that runs one whole scenario with the evals runner (replay from
 * recordings by default) for one model; the prompt is the extraction prompt id (`extraction@2`)
 * and `vars.scenario` names the scenario. The final answer is the output; the file state, checks,
 * calls and per-session costs are the metadata; `cost` is the USD sum from core's price table
 * (promptfoo's own Anthropic pricing ignores cache tokens).
 *
 * A broken run (a missing recording, a thrown error) is returned as `error`, so promptfoo marks that
 * one test as an error and the other cells go on.
 *
 * @example
 * const provider = new ScenarioProvider({ config: { model: "claude-haiku-4-5" } });
 * const response = await provider.callApi("extraction@1", { vars: { scenario: "remember" }, prompt });
 * response.cost; // USD
 */
export class ScenarioProvider implements ApiProvider {
  readonly model: string;
  readonly label: string;
  readonly config: ScenarioProviderConfig;
  private readonly runScenario: RunScenario;
  private readonly providerId: string;

  /**
   * @param options - `{ id?, label?, config: { model, recordingsDir?, scenariosDir?, mode?, basePath? },
   *   runScenario? }` as promptfoo passes them for a `file://` provider.
   * @throws {Error} when `config.model` is missing.
   */
  constructor(options: ScenarioProviderOptions) {
    const model = options.config?.model;
    if (typeof model !== "string" || model === "") {
      throw new Error(
        "memfiles scenario provider: config.model is missing. In promptfooconfig.yaml give each " +
          "provider entry `config: { model: claude-haiku-4-5 }` (or another model id).",
      );
    }
    this.model = model;
    this.config = options.config;
    this.label = options.label ?? model;
    const arm = [this.config.layout, this.config.recall].filter(Boolean).join("+");
    this.providerId = `memfiles-scenario:${model}${arm === "" ? "" : `:${arm}`}`;
    this.runScenario = options.runScenario ?? defaultRunScenario;
  }

  id(): string {
    return this.providerId;
  }

  /** The arm's column name: `<model> <layout>/<recall>` (promptfoo does not pass a `file://` provider its label). */
  arm(): string {
    return `${this.model} ${this.config.layout ?? "subject"}/${this.config.recall ?? "index"}`;
  }

  private folder(env: string, configured: string | undefined, fallback: string): string {
    const chosen = process.env[env] || configured;
    if (chosen === undefined || chosen === "") return fallback;
    return path.resolve(this.config.basePath ?? process.cwd(), chosen);
  }

  /**
   * Runs the scenario named by `context.vars.scenario` with the extraction prompt named by
   * `prompt`.
   *
   * @param prompt - The rendered prompt: an extraction prompt id such as `extraction@1`.
   * @param context - promptfoo's call context; `vars.scenario` is the scenario id.
   * @returns `{ output, metadata, tokenUsage, cost }`, or `{ error, ... }` for a broken run.
   */
  async callApi(prompt: string, context?: CallApiContextParams): Promise<ProviderResponse> {
    const extractionPrompt = prompt.trim();
    const scenarioId = context?.vars?.scenario;
    if (typeof scenarioId !== "string" || scenarioId === "") {
      return {
        error: "memfiles scenario provider: the test has no `vars.scenario` (a scenario id).",
      };
    }
    if (parsePromptRef(extractionPrompt)?.id !== "extraction") {
      return {
        error:
          `memfiles scenario provider: the prompt must be an extraction prompt id such as ` +
          `"extraction@1", got "${extractionPrompt.slice(0, 60)}" (scenario ${scenarioId}).`,
      };
    }
    const scenariosDir = this.folder(
      SCENARIOS_DIR_ENV,
      this.config.scenariosDir,
      DEFAULT_SCENARIOS_DIR,
    );
    let scenario: Scenario | undefined;
    let runId = scenarioId;
    if (this.config.layout !== undefined) {
      try {
        runId = layoutScenarioId(scenarioId, this.config.layout);
        scenario = await loadScenario(scenariosDir, runId);
      } catch (error) {
        return {
          error:
            `memfiles scenario provider: the ${this.config.layout} layout arm (${this.arm()}) runs ` +
            `"${runId}" for test "${scenarioId}", which cannot be loaded: ${(error as Error).message} ` +
            "Layout arms run the layout pairs only (a subject seed test <id> with a fact run <id>@fact).",
          metadata: { arm: this.arm() },
        };
      }
      if (scenario.layout !== this.config.layout) {
        return {
          error:
            `memfiles scenario provider: the ${this.config.layout} layout arm (${this.arm()}) would ` +
            `run "${runId}", a ${scenario.layout}-layout scenario; no result is reported for it. ` +
            "Layout arms run the layout pairs only (a subject seed test <id> with a fact run <id>@fact).",
          metadata: { arm: this.arm() },
        };
      }
    }
    const options: RunScenarioOptions = {
      scenarioId: runId,
      ...(scenario === undefined ? {} : { scenario }),
      model: this.model,
      ...(this.config.recall === undefined ? {} : { recall: this.config.recall }),
      extractionPrompt,
      mode: this.config.mode ?? "replay",
      recordingsDir: this.folder(
        RECORDINGS_DIR_ENV,
        this.config.recordingsDir,
        DEFAULT_RECORDINGS_DIR,
      ),
      scenariosDir,
    };
    const results: ScenarioResult[] = [];
    try {
      const epochs =
        options.mode === "replay" ? Math.max(1, await cellEpochsOf(options).catch(() => 1)) : 1;
      for (let epoch = 1; epoch <= epochs; epoch += 1) {
        results.push(await this.runScenario({ ...options, ...(epoch > 1 ? { epoch } : {}) }));
      }
      await reportProgress(options);
    } catch (error) {
      await reportProgress(options);
      const name = error instanceof Error ? error.name : "Error";
      const message = error instanceof Error ? error.message : String(error);
      return { error: `${name} in ${runId} (${this.model}, ${extractionPrompt}): ${message}` };
    }
    const response = withEpochs(toProviderResponse(results[0] as ScenarioResult), results);
    if (this.config.recall !== undefined || this.config.layout !== undefined) {
      response.metadata = { ...response.metadata, arm: this.arm() };
    }
    return response;
  }
}

async function cellEpochsOf(options: RunScenarioOptions): Promise<number> {
  const runner = await import("../runner/index.js");
  return runner.cellEpochs(options);
}

/**
 * Folds a cell's epochs into epoch 1's response: `metadata.epochs` / `passes`, the cell's verdict
 * as `metadata.pass`, and the other failing epochs' reasons. One epoch: the response unchanged.
 */
function withEpochs(response: ProviderResponse, results: ScenarioResult[]): ProviderResponse {
  if (results.length <= 1) return response;
  const passes = results.filter((result) => result.pass).length;
  const broken = results.some((result) => result.error !== undefined);
  const rate = results[0]?.minPassRate ?? 1;
  const pass = !broken && passes >= Math.ceil(rate * results.length - 1e-9);
  const epochFailures = results.flatMap((result, index) =>
    result.pass
      ? []
      : [
          {
            epoch: index + 1,
            reason: result.error
              ? `${result.error.name}: ${result.error.message}`
              : result.checks
                  .filter((check) => !check.pass)
                  .map((check) => `${check.name}: ${check.reason}`)
                  .join("; "),
          },
        ],
  );
  const metadata = response.metadata as ScenarioMetadata;
  return {
    ...response,
    metadata: {
      ...metadata,
      pass,
      epochs: results.length,
      passes,
      epochFailures,
      epochProvenance: results.map((result) => result.provenance),
    },
  };
}

/** Appends the finished run to the progress file `pnpm eval:ab` watches, when it set one. */
async function reportProgress(options: RunScenarioOptions): Promise<void> {
  const file = process.env[PROGRESS_FILE_ENV];
  if (!file) return;
  const line = `${options.scenarioId} ${options.model} ${options.extractionPrompt}\n`;
  await appendFile(file, line, "utf8").catch(() => undefined);
}

/**
 * Turns a scenario run into promptfoo's provider response.
 *
 * @param result - A `ScenarioResult` from `runScenario`.
 * @returns Output = the final answer; metadata = `ScenarioMetadata`; `tokenUsage.prompt` counts every
 *   input token (uncached, cache write, cache read), `cached` the cache reads; `cost` in USD.
 * @example toProviderResponse(result).cost // 0.0123
 */
export function toProviderResponse(result: ScenarioResult): ProviderResponse {
  const usage = sumUsage(...result.calls.map((call) => call.usage));
  const promptTokens = usage.input + usage.cacheWrite5m + usage.cacheWrite1h + usage.cacheRead;
  const cost = roundUsd(result.calls.reduce((sum, call) => sum + call.usd, 0));
  const metadata: ScenarioMetadata = {
    scenarioId: result.scenarioId,
    model: result.model,
    extractionPrompt: result.extractionPrompt,
    pass: result.pass,
    checks: result.checks,
    files: result.files,
    calls: result.calls,
    sessions: sessionCostsOf(result.calls),
    provenance: result.provenance,
    durationMs: result.durationMs,
    ...(result.error ? { runError: result.error } : {}),
    ...(result.recall ? { recall: result.recall } : {}),
  };
  const response: ProviderResponse = {
    output: result.answer,
    metadata,
    cost,
    tokenUsage: {
      total: promptTokens + usage.output,
      prompt: promptTokens,
      completion: usage.output,
      cached: usage.cacheRead,
      numRequests: result.calls.length,
    },
  };
  if (result.error) {
    response.error = `${result.error.name} in ${result.scenarioId} (${result.model}, ${result.extractionPrompt}): ${result.error.message}`;
  }
  return response;
}
