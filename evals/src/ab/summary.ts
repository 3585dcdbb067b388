import type { ModelUsage } from "@memfiles/core";
import { roundUsd, sumUsage, ZERO_USAGE } from "@memfiles/core/internal";
import { z } from "zod";
import {
  countProvenance,
  mergeProvenanceCounts,
  type ProvenanceCount,
  type ProvenanceKind,
  provenanceKinds,
} from "../report/describe-provenance.js";
import type { Provenance } from "../runner/types.js";
import { type ArmComparison, compareArms, wilsonInterval } from "../statistics/index.js";
import { type MemoryToolArmRow, memoryToolArm } from "./memory-tool-arm.js";
import { meanUsdPerSession, runCostOfSessions, type SessionCost } from "./session-costs.js";

const UsageSchema = z.object({
  input: z.number(),
  output: z.number(),
  cacheWrite5m: z.number(),
  cacheWrite1h: z.number(),
  cacheRead: z.number(),
});

const SessionCostSchema = z.object({
  session: z.union([z.number(), z.literal("question")]),
  usd: z.number(),
  write: z.number(),
  consolidate: z.number(),
  chat: z.number(),
  recall: z.number().optional(),
  usage: UsageSchema,
  calls: z.number(),
});

const ProvenanceSchema = z.union([
  z.object({
    kind: z.literal("recorded"),
    model: z.string(),
    date: z.string(),
    host: z.string().optional(),
  }),
  z.object({ kind: z.literal("authored"), usageMethod: z.string() }),
]);

const CheckSchema = z.object({
  name: z.string(),
  pass: z.boolean(),
  score: z.number(),
  reason: z.string(),
});

/** The part of `ScenarioMetadata` the summary reads. */
const MetadataSchema = z.object({
  scenarioId: z.string(),
  model: z.string(),
  extractionPrompt: z.string(),
  pass: z.boolean(),
  checks: z.array(CheckSchema),
  sessions: z.array(SessionCostSchema),
  provenance: z.array(ProvenanceSchema),
  epochProvenance: z.array(z.array(ProvenanceSchema)).optional(),
  runError: z.object({ name: z.string(), message: z.string() }).optional(),
  arm: z.string().optional(),
  epochs: z.number().optional(),
  passes: z.number().optional(),
  recall: z
    .object({
      strategy: z.enum(["index", "side-query"]),
      systemTokens: z.number(),
      recalledTokens: z.number(),
    })
    .optional(),
});

/** One row of promptfoo's `results.results`, as far as the summary needs it. */
const ResultRowSchema = z.object({
  provider: z.object({ id: z.string(), label: z.string().optional() }),
  prompt: z.object({ raw: z.string(), label: z.string().optional() }),
  vars: z.record(z.string(), z.unknown()).optional(),
  promptIdx: z.number().optional(),
  testIdx: z.number().optional(),
  success: z.boolean(),
  /** promptfoo's ResultFailureReason: 0 none, 1 a failed assertion, 2 an error (a broken run). */
  failureReason: z.number().optional(),
  /** On a failed assertion promptfoo copies the grading reason here too; not a broken run. */
  error: z.string().nullish(),
  response: z
    .object({
      output: z.unknown().optional(),
      metadata: z.unknown().optional(),
      error: z.string().nullish(),
    })
    .nullish(),
  gradingResult: z.object({ pass: z.boolean(), reason: z.string().optional() }).nullish(),
});

/** The parts of promptfoo's `--output x.json` file (0.120.x) the summary reads. */
export const PromptfooOutputSchema = z.object({
  evalId: z.string().nullish(),
  results: z.object({
    timestamp: z.string().optional(),
    results: z.array(ResultRowSchema),
  }),
});
export type PromptfooOutput = z.infer<typeof PromptfooOutputSchema>;

/** How one scenario ended in one cell. */
export type AbOutcome = "pass" | "fail" | "error";

/** One scenario run in one cell. */
export type AbScenarioResult = {
  scenarioId: string;
  outcome: AbOutcome;
  /** Failed checks, or the whole error message (may span lines); "" on a pass. */
  reason: string;
  /** USD of the run (0 for a broken run). */
  usd: number;
  /** Sessions priced in `usd` (0 for a broken run; the final question counts as a session). */
  sessions: number;
  /** Epochs the scenario ran in this cell, and how many passed (1 and 0 or 1 by default). */
  epochs: number;
  passes: number;
  /** Recording kinds of its epochs. */
  provenance: ProvenanceKind[];
  /**
   * Its epochs by provenance source (`countProvenance`): part of the result's identity when runs
   * are compared (the history), as in the eval report.
   */
  sources: ProvenanceCount[];
};

/** One cell of the matrix: an extraction prompt on a model over every scenario. */
export type AbCell = {
  prompt: string;
  model: string;
  scenarios: number;
  passed: number;
  failed: number;
  errors: number;
  /** Epochs over every scenario of the cell, how many passed, and the 95% Wilson interval. */
  epochs: number;
  epochPasses: number;
  interval: [number, number];
  /** Sessions of runs that did not break (the final question counts as a session). */
  sessions: number;
  /** Mean USD per session (`meanUsdPerSession`) and the max over those sessions. */
  meanSessionUsd: number;
  maxSessionUsd: number;
  /** USD of every write pass in the cell. */
  writeUsd: number;
  /** USD of every call in the cell. */
  totalUsd: number;
  /**
   * Mean USD per session by stage (`meanUsdPerSession` of each stage's USD); `recall` only when a
   * session made a side query.
   */
  stageUsdPerSession: { write: number; consolidate: number; chat: number; recall?: number };
  /** Tokens of every call in the cell. */
  usage: ModelUsage;
  /** Recording kinds seen in the cell. */
  provenance: ProvenanceKind[];
  /** Its scenarios' epochs by provenance source (`countProvenance`); several is a mixed cell. */
  sources: ProvenanceCount[];
  results: AbScenarioResult[];
  /**
   * The final questions' recall, over the cell's runs that asked one (absent when none did):
   * mean estimated tokens of the chat system prompt and of the files side-query recall added
   * after it, the side queries' USD, and mean USD of the question (side query included).
   */
  recall?: {
    questions: number;
    meanSystemTokens: number;
    meanRecalledTokens: number;
    sideQueryUsd: number;
    meanQuestionUsd: number;
  };
};

/** The `recall` figures of a cell, from its runs that asked a final question. */
function recallOfCell(
  rows: readonly {
    sessions: SessionCost[];
    recall?: { systemTokens: number; recalledTokens: number };
  }[],
): Pick<AbCell, "recall"> {
  const asked = rows.flatMap((row) =>
    row.recall ? [{ ...row.recall, sessions: row.sessions }] : [],
  );
  if (asked.length === 0) return {};
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const questions = asked.flatMap((row) =>
    row.sessions.filter((session) => session.session === "question"),
  );
  return {
    recall: {
      questions: asked.length,
      meanSystemTokens: Math.round(mean(asked.map((row) => row.systemTokens))),
      meanRecalledTokens: Math.round(mean(asked.map((row) => row.recalledTokens))),
      sideQueryUsd: roundUsd(questions.reduce((sum, session) => sum + (session.recall ?? 0), 0)),
      meanQuestionUsd:
        questions.length === 0 ? 0 : roundUsd(mean(questions.map((session) => session.usd))),
    },
  };
}

/** Result of `summarizeAb`. */
export type AbSummaryResult = {
  /** Prompt and model labels in first-seen order. */
  prompts: string[];
  models: string[];
  scenarios: string[];
  /** One cell per prompt x model present, prompts outer, models inner. */
  cells: AbCell[];
  /** `authored`, `recorded`, `mixed`, or `none` when no run reported its recordings. */
  recordings: "authored" | "recorded" | "mixed" | "none";
  /** Recorded provenance entries (model, date, host when not the API), deduplicated. */
  recorded: RecordedProvenance[];
  /** The authored recordings' usage-estimate methods, deduplicated. */
  authoredUsageMethods: string[];
  /**
   * The memory-tool arm (memfiles' tools vs Claude's memory tool over twin scenarios, see
   * `memoryToolArm`); present only when some scenario ran with its `memory-tool-` twin.
   */
  memoryToolArm?: MemoryToolArmRow[];
  /**
   * Each pair of arms tested for a difference in pass rate over their epochs (Fisher's exact
   * test): every pair of prompts on one model, then every pair of models on one prompt.
   */
  comparisons: ArmComparison[];
};

/**
 * The scenarios two arms both ran to the end (present in both, not broken in either), and the
 * ones left out, sorted: arms are compared like for like, over those scenarios only.
 *
 * @param a - One arm's cell.
 * @param b - The other arm's cell.
 * @returns `{ shared, leftOut }`, scenario ids.
 * @example sharedScenarios(haikuCell, opusCell).shared // ["forget", "remember"]
 */
export function sharedScenarios(
  a: Pick<AbCell, "results">,
  b: Pick<AbCell, "results">,
): { shared: string[]; leftOut: string[] } {
  const complete = (cell: Pick<AbCell, "results">) =>
    new Set(
      cell.results
        .filter((result) => result.outcome !== "error")
        .map((result) => result.scenarioId),
    );
  const inA = complete(a);
  const inB = complete(b);
  const all = new Set([...a.results, ...b.results].map((result) => result.scenarioId));
  const shared = [...all].filter((id) => inA.has(id) && inB.has(id)).sort();
  return { shared, leftOut: [...all].filter((id) => !shared.includes(id)).sort() };
}

/**
 * One arm's figures over some scenarios only: passing epochs and epochs, and USD per session.
 *
 * @param cell - The arm's cell.
 * @param scenarios - The scenario ids to count (from {@link sharedScenarios}).
 * @returns `{ passes, epochs, usd, sessions }`.
 * @example armOver(cell, ["remember"]).passes
 */
export function armOver(
  cell: Pick<AbCell, "results">,
  scenarios: readonly string[],
): { passes: number; epochs: number; usd: number; sessions: number } {
  const own = cell.results.filter((result) => scenarios.includes(result.scenarioId));
  return {
    passes: own.reduce((sum, result) => sum + result.passes, 0),
    epochs: own.reduce((sum, result) => sum + result.epochs, 0),
    usd: own.reduce((sum, result) => sum + result.usd, 0),
    sessions: own.reduce((sum, result) => sum + result.sessions, 0),
  };
}

/**
 * Every pair of arms: prompts on each model, then models on each prompt, each over the scenarios
 * both arms ran to the end.
 */
function comparisonsOf(cells: readonly AbCell[], prompts: string[], models: string[]) {
  const comparisons: ArmComparison[] = [];
  const cellOf = (prompt: string, model: string) =>
    cells.find((cell) => cell.prompt === prompt && cell.model === model);
  const pair = (first: string, a: AbCell, second: string, b: AbCell, context: string) => {
    const { shared } = sharedScenarios(a, b);
    const left = armOver(a, shared);
    const right = armOver(b, shared);
    return compareArms(
      { label: first, passes: left.passes, epochs: left.epochs },
      { label: second, passes: right.passes, epochs: right.epochs },
      context,
    );
  };
  for (const model of models) {
    for (const [index, first] of prompts.entries()) {
      for (const second of prompts.slice(index + 1)) {
        const a = cellOf(first, model);
        const b = cellOf(second, model);
        if (a && b) comparisons.push(pair(first, a, second, b, `on ${model}`));
      }
    }
  }
  for (const prompt of prompts) {
    for (const [index, first] of models.entries()) {
      for (const second of models.slice(index + 1)) {
        const a = cellOf(prompt, first);
        const b = cellOf(prompt, second);
        if (a && b) comparisons.push(pair(first, a, second, b, `with ${prompt}`));
      }
    }
  }
  return comparisons;
}

/** promptfoo's `ResultFailureReason.ERROR`. */
const ERROR_FAILURE = 2;

/**
 * Computes the A/B summary (per prompt x model cell: scenarios passed, mean and max USD per
 * session, write-pass USD, tokens, recording provenance) from promptfoo's JSON output of
 * `promptfooconfig.yaml`.
 *
 * @param output - The parsed `--output` JSON of `promptfoo eval` (0.120.x); validated here.
 * @returns The summary; USD rounded to 1e-9.
 * @throws {z.ZodError} when the JSON is not a promptfoo output file.
 * @example
 * const summary = summarizeAb(JSON.parse(await readFile("evals/out/ab-results.json", "utf8")));
 * summary.cells[0]?.meanSessionUsd; // USD
 */
export function summarizeAb(output: unknown): AbSummaryResult {
  const parsed = PromptfooOutputSchema.parse(output);
  const prompts: string[] = [];
  const models: string[] = [];
  const scenarios: string[] = [];
  const addOnce = (list: string[], value: string) => {
    if (!list.includes(value)) list.push(value);
  };
  type Row = {
    prompt: string;
    model: string;
    scenarioId: string;
    result: AbScenarioResult;
    sessions: SessionCost[];
    provenance: Provenance[];
    recall?: { systemTokens: number; recalledTokens: number };
  };
  // promptfoo writes rows in completion order; the matrix order is prompt index then test index.
  const ordered = [...parsed.results.results].sort(
    (a, b) => (a.promptIdx ?? 0) - (b.promptIdx ?? 0) || (a.testIdx ?? 0) - (b.testIdx ?? 0),
  );
  const rows: Row[] = ordered.map((row) => {
    const metadata = MetadataSchema.safeParse(row.response?.metadata);
    const meta = metadata.success ? metadata.data : undefined;
    const prompt = meta?.extractionPrompt ?? row.prompt.label ?? row.prompt.raw;
    // A broken arm run (a layout arm on a scenario of the other layout) has only `arm` in its metadata.
    const armOnly = (row.response?.metadata as { arm?: unknown } | null | undefined)?.arm;
    const model =
      meta?.arm ??
      (typeof armOnly === "string" ? armOnly : undefined) ??
      meta?.model ??
      row.provider.label ??
      row.provider.id;
    const varScenario = row.vars?.scenario;
    // The test's scenario names the row: a layout arm runs a pair's fact run (`<id>@fact`) under
    // the pair's id, so both layouts of one seed test line up in one row.
    const scenarioId =
      typeof varScenario === "string" ? varScenario : (meta?.scenarioId ?? "(unknown)");
    const broken =
      row.failureReason === ERROR_FAILURE ||
      Boolean(row.response?.error) ||
      meta?.runError !== undefined ||
      (row.failureReason === undefined && !row.success && !row.gradingResult && Boolean(row.error));
    const errorText = row.response?.error ?? row.error ?? meta?.runError?.message;
    const outcome: AbOutcome = broken ? "error" : row.success ? "pass" : "fail";
    const failedChecks = meta?.checks.filter((check) => !check.pass) ?? [];
    const reason =
      outcome === "error"
        ? (errorText ?? "the run broke")
        : outcome === "fail"
          ? failedChecks.length > 0
            ? failedChecks.map((check) => `${check.name}: ${check.reason}`).join("; ")
            : (row.gradingResult?.reason ?? "failed")
          : "";
    const sessions = outcome === "error" ? [] : (meta?.sessions ?? []);
    // Each epoch's recordings, as the eval report counts a cell's epochs.
    const epochRuns = meta?.epochProvenance ?? [meta?.provenance ?? []];
    addOnce(prompts, prompt);
    addOnce(models, model);
    addOnce(scenarios, scenarioId);
    return {
      prompt,
      model,
      scenarioId,
      result: {
        scenarioId,
        outcome,
        reason,
        usd: roundUsd(sessions.reduce((sum, session) => sum + session.usd, 0)),
        sessions: sessions.length,
        epochs: meta?.epochs ?? 1,
        passes: meta?.passes ?? (outcome === "pass" ? 1 : 0),
        provenance: provenanceKinds(epochRuns.flat()),
        sources: countProvenance(epochRuns),
      },
      sessions,
      provenance: epochRuns.flat(),
      ...(meta?.recall && outcome !== "error" ? { recall: meta.recall } : {}),
    };
  });

  const cells: AbCell[] = [];
  for (const prompt of prompts) {
    for (const model of models) {
      const inCell = rows.filter((row) => row.prompt === prompt && row.model === model);
      if (inCell.length === 0) continue;
      const sessions = inCell.flatMap((row) => row.sessions);
      const epochs = inCell.reduce((sum, row) => sum + row.result.epochs, 0);
      const epochPasses = inCell.reduce((sum, row) => sum + row.result.passes, 0);
      cells.push({
        prompt,
        model,
        scenarios: inCell.length,
        passed: inCell.filter((row) => row.result.outcome === "pass").length,
        failed: inCell.filter((row) => row.result.outcome === "fail").length,
        errors: inCell.filter((row) => row.result.outcome === "error").length,
        epochs,
        epochPasses,
        interval: wilsonInterval(epochPasses, epochs),
        sessions: sessions.length,
        meanSessionUsd: roundUsd(
          meanUsdPerSession(
            inCell.map((row) => ({ ...row.result, broken: row.result.outcome === "error" })),
          ) ?? 0,
        ),
        maxSessionUsd: roundUsd(Math.max(0, ...sessions.map((session) => session.usd))),
        writeUsd: roundUsd(sessions.reduce((sum, session) => sum + session.write, 0)),
        totalUsd: roundUsd(sessions.reduce((sum, session) => sum + session.usd, 0)),
        stageUsdPerSession: {
          write: stageUsdPerSession(inCell, "write"),
          consolidate: stageUsdPerSession(inCell, "consolidate"),
          chat: stageUsdPerSession(inCell, "chat"),
          ...(sessions.some((session) => session.recall !== undefined)
            ? { recall: stageUsdPerSession(inCell, "recall") }
            : {}),
        },
        usage: sumUsage(ZERO_USAGE, ...sessions.map((session) => session.usage)),
        provenance: provenanceKinds(inCell.flatMap((row) => row.provenance)),
        sources: mergeProvenanceCounts(...inCell.map((row) => row.result.sources)),
        results: inCell.map((row) => row.result),
        ...recallOfCell(inCell),
      });
    }
  }

  const allProvenance = rows.flatMap((row) => row.provenance);
  const recorded = dedupe(
    allProvenance.flatMap((entry) =>
      entry.kind === "recorded"
        ? [
            {
              model: entry.model,
              date: entry.date,
              ...(entry.host === undefined ? {} : { host: entry.host }),
            },
          ]
        : [],
    ),
  );
  const authoredUsageMethods = [
    ...new Set(
      allProvenance.flatMap((entry) => (entry.kind === "authored" ? [entry.usageMethod] : [])),
    ),
  ];
  const recordings =
    allProvenance.length === 0
      ? "none"
      : recorded.length === 0
        ? "authored"
        : authoredUsageMethods.length === 0
          ? "recorded"
          : "mixed";
  const arm = memoryToolArm(
    rows.map((row) => ({
      prompt: row.prompt,
      model: row.model,
      scenarioId: row.scenarioId,
      passed: row.result.outcome === "pass",
      sessions: row.sessions,
      broken: row.result.outcome === "error",
    })),
  );
  return {
    prompts,
    models,
    scenarios,
    cells,
    recordings,
    recorded,
    authoredUsageMethods,
    ...(arm.length === 0 ? {} : { memoryToolArm: arm }),
    comparisons: comparisonsOf(cells, prompts, models),
  };
}

/** A cell's mean USD per session of one stage, on the rule of every cost per session. */
function stageUsdPerSession(
  rows: readonly { sessions: SessionCost[]; result: AbScenarioResult }[],
  stage: "write" | "consolidate" | "chat" | "recall",
): number {
  const runs = rows.map((row) =>
    runCostOfSessions(row.sessions, { broken: row.result.outcome === "error" }, stage),
  );
  return roundUsd(meanUsdPerSession(runs) ?? 0);
}

/** A `recorded` provenance without its kind: model, date, and the host when not the API. */
export type RecordedProvenance = Omit<Extract<Provenance, { kind: "recorded" }>, "kind">;

function dedupe(entries: RecordedProvenance[]): RecordedProvenance[] {
  const seen = new Map(
    entries.map((entry) => [`${entry.model} ${entry.date} ${entry.host ?? ""}`, entry]),
  );
  return [...seen.values()];
}
