import { MODELS } from "@memfiles/core";
import { PRICES_SOURCE } from "@memfiles/core/internal";
import { formatTable, formatTokens, formatUsd } from "../internal/text-table.js";
import {
  describeMixedProvenance,
  describeProvenance,
  markMixed,
  mergeProvenanceCounts,
} from "../report/describe-provenance.js";
import { CELL_MEANING, formatRunCounts, type RunCounts } from "../report/run-counts.js";
import { meanUsdPerSession, SESSION_COST_BASIS } from "./session-costs.js";
import { type AbCell, type AbOutcome, type AbSummaryResult, sharedScenarios } from "./summary.js";

/** What the header says about authored recordings (decision 0002). */
export const AUTHORED_WARNING =
  "Authored recordings show the pipeline works (requests, guards, graders, cost arithmetic), not which prompt or model is better: the replies were written by hand and their usage estimated from text length. To compare for real, record each prompt on each model with an API key (`pnpm eval --record --prompt extraction@1`, then `@2` and `@3`; ANTHROPIC_API_KEY set), then run `pnpm eval:ab` again.";

/** Options of `formatAbSummary`. */
export type FormatAbSummaryOptions = {
  summary: AbSummaryResult;
  /** promptfoo's JSON file, named in the footer. */
  resultsFile?: string;
};

const OUTCOME_TEXT: Record<AbOutcome, string> = { pass: "pass", fail: "FAIL", error: "ERROR" };

/** The recorded provenances in the label every report prints (`describeProvenance`). */
function recordedList(summary: AbSummaryResult): string {
  return summary.recorded
    .map((entry) => describeProvenance({ kind: "recorded", ...entry }))
    .join("; ");
}

function recordingsLine(summary: AbSummaryResult): string[] {
  switch (summary.recordings) {
    case "authored":
      return [`**Recordings: authored** (every run). ${AUTHORED_WARNING}`];
    case "recorded":
      return [
        `**Recordings: recorded**: ${recordedList(summary)}. The figures compare recorded model replies.`,
      ];
    case "mixed":
      return [
        `**Recordings: mixed**: some runs replay recorded replies (${recordedList(summary)}), others authored ones; see the recordings column. ${AUTHORED_WARNING}`,
      ];
    case "none":
      return [
        "**Recordings: unknown** (no run reported its recordings; every run may have broken).",
      ];
  }
}

/** One line per prompt with the Opus/Haiku mean-cost-per-session ratio, when both models ran. */
function ratioLines(
  summary: AbSummaryResult,
  cellOf: (prompt: string, model: string) => AbCell | undefined,
): string[] {
  const lines = summary.prompts.flatMap((prompt) => {
    const opus = cellOf(prompt, MODELS.opus);
    const haiku = cellOf(prompt, MODELS.haiku);
    if (!opus || !haiku) return [];
    // Like for like: a scenario one arm broke on priced no session there.
    const { shared, leftOut } = sharedScenarios(opus, haiku);
    const over = (cell: AbCell) =>
      meanUsdPerSession(
        cell.results
          .filter((result) => shared.includes(result.scenarioId))
          .map((result) => ({ ...result, broken: result.outcome === "error" })),
      );
    const o = over(opus);
    const h = over(haiku);
    if (o === undefined || h === undefined || h <= 0) return [];
    const ratio = (o / h).toFixed(1);
    const left =
      leftOut.length === 0 ? "" : `; left out, broken or missing in one arm: ${leftOut.join(", ")}`;
    return [
      `- ${prompt}: Opus/Haiku cost ratio (${MODELS.opus} / ${MODELS.haiku}) ${markMixed(`${ratio}x`, mergeProvenanceCounts(opus.sources, haiku.sources))} (mean USD per session over the ${shared.length} scenarios both ran to the end${left})`,
    ];
  });
  return lines.length === 0 ? [] : ["", ...lines];
}

/** The cells and epochs of some A/B cells (each a prompt on a model over every scenario). */
function abCounts(cells: readonly AbCell[]): RunCounts {
  return {
    cells: cells.reduce((sum, cell) => sum + cell.scenarios, 0),
    passedCells: cells.reduce((sum, cell) => sum + cell.passed, 0),
    epochs: cells.reduce((sum, cell) => sum + cell.epochs, 0),
    passedEpochs: cells.reduce((sum, cell) => sum + cell.epochPasses, 0),
  };
}

/**
 * Every arm's pass rate over its epochs with its 95% Wilson interval, then each pair of arms
 * (prompts on one model, models on one prompt) tested with Fisher's exact test, in one sentence
 * each. With authored recordings the test says how the authored replies differ, not the models.
 */
function passRateLines(summary: AbSummaryResult): string[] {
  const percent = (value: number) => Math.round(value * 100);
  const lines = [
    "## Pass rates and pairwise tests",
    "",
    `Cells and epochs passed (${CELL_MEANING}); the rate and its 95% Wilson interval are over the epochs:`,
    "",
    ...summary.cells.map(
      (cell) =>
        `- ${cell.prompt} on ${cell.model}: ${formatRunCounts(abCounts([cell]))} ` +
        `(${percent(cell.epochs === 0 ? 0 : cell.epochPasses / cell.epochs)}%, 95% CI ` +
        `${percent(cell.interval[0])}-${percent(cell.interval[1])}%)`,
    ),
  ];
  if (summary.comparisons.length > 0) {
    lines.push(
      "",
      "Each pair of arms (difference at the 5% level, two-sided):",
      "",
      ...summary.comparisons.map((comparison) => `- ${comparison.sentence}`),
    );
    if (summary.recordings === "authored" || summary.recordings === "mixed") {
      lines.push(
        "",
        "These tests compare authored replies, not models: record real answers with several epochs (`pnpm eval --record --epochs 5`) before acting on them.",
      );
    }
  }
  return [...lines, ""];
}

/**
 * The recall and layout arms side by side, over every prompt: pass rate, estimated
 * tokens in the question's system prompt and of the files side-query recall added after it, the
 * side queries' USD, mean USD per question and per session. Only when some run asked a question.
 */
function recallLines(summary: AbSummaryResult): string[] {
  const arms = summary.models.flatMap((model) => {
    const cells = summary.cells.filter((cell) => cell.model === model);
    const withRecall = cells.flatMap((cell) => (cell.recall ? [cell.recall] : []));
    if (withRecall.length === 0) return [];
    const sessions = cells.reduce((sum, cell) => sum + cell.sessions, 0);
    const total = cells.reduce((sum, cell) => sum + cell.totalUsd, 0);
    const questions = withRecall.reduce((sum, entry) => sum + entry.questions, 0);
    const weighted = (pick: (entry: NonNullable<AbCell["recall"]>) => number) =>
      withRecall.reduce((sum, entry) => sum + pick(entry) * entry.questions, 0) / questions;
    return [
      [
        model,
        formatRunCounts(abCounts(cells)),
        formatTokens(Math.round(weighted((entry) => entry.meanSystemTokens))),
        formatTokens(Math.round(weighted((entry) => entry.meanRecalledTokens))),
        formatUsd(withRecall.reduce((sum, entry) => sum + entry.sideQueryUsd, 0)),
        formatUsd(weighted((entry) => entry.meanQuestionUsd)),
        sessions > 0 ? formatUsd(total / sessions) : "-",
      ],
    ];
  });
  if (arms.length === 0) return [];
  return [
    "## Recall and layout arms (all prompts)",
    "",
    formatTable({
      headers: [
        "arm",
        "passed",
        "system prompt tokens (question, est.)",
        "recalled tokens after the prefix (est.)",
        "side query USD",
        "mean USD/question",
        "mean USD/session",
      ],
      align: ["left", ...Array<"right">(6).fill("right")],
      rows: arms,
    }),
    "",
  ];
}

function passedText(cell: AbCell): string {
  const extra = cell.errors > 0 ? `, ${cell.errors} error${cell.errors === 1 ? "" : "s"}` : "";
  return `${cell.passed}/${cell.scenarios} passed${extra}`;
}

/**
 * Formats the A/B summary as markdown: the recordings header, a grid (prompt x model) with the
 * Opus/Haiku cost ratio per prompt when both are present, one row
 * per cell with costs and tokens, the per-scenario outcomes, and every failure and error.
 *
 * @param options - The summary and the promptfoo results file name.
 * @returns Markdown text ending in a newline; printed by `pnpm eval:ab` and written to
 *   `evals/out/ab-summary.md`.
 * @example process.stdout.write(formatAbSummary({ summary }));
 */
export function formatAbSummary(options: FormatAbSummaryOptions): string {
  const { summary } = options;
  const out: string[] = [
    "# memfiles A/B: extraction prompt x model",
    "",
    ...recordingsLine(summary),
    "",
  ];
  const cellOf = (prompt: string, model: string) =>
    summary.cells.find((cell) => cell.prompt === prompt && cell.model === model);

  out.push(
    "## Scenarios passed and mean cost per session",
    "",
    `USD per session: ${SESSION_COST_BASIS}.`,
    "",
    formatTable({
      headers: ["prompt \\ model", ...summary.models],
      rows: summary.prompts.map((prompt) => [
        prompt,
        ...summary.models.map((model) => {
          const cell = cellOf(prompt, model);
          if (!cell) return "-";
          const cost = cell.sessions > 0 ? `${formatUsd(cell.meanSessionUsd)}/session` : "no cost";
          return markMixed(`${passedText(cell)}, ${cost}`, cell.sources);
        }),
      ]),
    }),
    ...ratioLines(summary, cellOf),
    "",
    "## Per cell",
    "",
    `Mean USD/session: ${SESSION_COST_BASIS}; the other USD and token columns add up each run's first epoch.`,
    "",
    formatTable({
      headers: [
        "prompt",
        "model",
        "passed",
        "failed",
        "errors",
        "sessions",
        "mean USD/session",
        "max USD/session",
        "write pass USD",
        "total USD",
        "input tokens",
        "cache write",
        "cache read",
        "output tokens",
        "recordings",
      ],
      align: ["left", "left", ...Array<"right">(12).fill("right"), "left"],
      rows: summary.cells.map((cell) => [
        cell.prompt,
        cell.model,
        `${cell.passed}/${cell.scenarios}`,
        String(cell.failed),
        String(cell.errors),
        String(cell.sessions),
        formatUsd(cell.meanSessionUsd),
        formatUsd(cell.maxSessionUsd),
        formatUsd(cell.writeUsd),
        formatUsd(cell.totalUsd),
        formatTokens(cell.usage.input),
        formatTokens(cell.usage.cacheWrite5m + cell.usage.cacheWrite1h),
        formatTokens(cell.usage.cacheRead),
        formatTokens(cell.usage.output),
        describeMixedProvenance(cell.sources) ?? cell.sources[0]?.source ?? "-",
      ]),
    }),
    "",
    ...passRateLines(summary),
    ...recallLines(summary),
    "## Scenarios",
    "",
    formatTable({
      headers: ["scenario", ...summary.cells.map((cell) => `${cell.prompt} / ${cell.model}`)],
      rows: summary.scenarios.map((scenarioId) => [
        scenarioId,
        ...summary.cells.map((cell) => {
          const result = cell.results.find((entry) => entry.scenarioId === scenarioId);
          if (!result) return "-";
          const epochs = result.epochs > 1 ? ` ${result.passes}/${result.epochs}` : "";
          return result.outcome === "error"
            ? "ERROR"
            : `${OUTCOME_TEXT[result.outcome]}${epochs} ${formatUsd(result.usd)}`;
        }),
      ]),
    }),
    "",
  );

  if (summary.memoryToolArm) {
    out.push(
      "## Memory tool vs memfiles' tools",
      "",
      "The scenarios that have a `memory-tool-` twin, run with memfiles' `memory_read` / `memory_write` and with Claude's memory tool (`memory_20250818`) over the same store and guards.",
      "",
      formatTable({
        headers: [
          "prompt",
          "model",
          "arm",
          "passed",
          "pass rate",
          "sessions",
          "tokens",
          "USD/session",
        ],
        align: ["left", "left", "left", "right", "right", "right", "right", "right"],
        rows: summary.memoryToolArm.map((row) => [
          row.prompt,
          row.model,
          row.arm,
          `${row.passed}/${row.scenarios}`,
          `${Math.round((100 * row.passed) / row.scenarios)}%`,
          String(row.sessions),
          formatTokens(
            row.usage.input +
              row.usage.output +
              row.usage.cacheWrite5m +
              row.usage.cacheWrite1h +
              row.usage.cacheRead,
          ),
          formatUsd(row.usdPerSession),
        ]),
      }),
      "",
    );
  }

  const problems = summary.cells.flatMap((cell) =>
    cell.results
      .filter((result) => result.outcome !== "pass")
      .map((result) => {
        const [first = "", ...rest] = result.reason.split("\n");
        const head = `- ${OUTCOME_TEXT[result.outcome]} ${cell.prompt} / ${cell.model} / ${result.scenarioId}: ${first}`;
        // The rest of an error message (recording file, nearest request, how to fix) as a block.
        return rest.length > 0
          ? [head, "", ...rest.map((line) => `      ${line}`)].join("\n")
          : head;
      }),
  );
  if (problems.length > 0) out.push("## Failures and errors", "", ...problems, "");

  out.push(
    "## How to read it",
    "",
    `- Costs are USD from memfiles' price table (${PRICES_SOURCE.url}, read ${PRICES_SOURCE.read}), cache writes and reads included; the runner prices every call, so a cell's figures match \`pnpm eval --model <model> --prompt <prompt>\`.`,
    "- A session is one scenario session (its turns and the stages after it); the final question counts as a session of its own. Mean and max are over the sessions of every run in the cell that did not break.",
    "- Input tokens are uncached input; cache write and cache read are the cached prompt parts (the memory block).",
    "- ERROR is a broken run (for example a missing recording): it fails its cell's scenario, not the whole A/B.",
  );
  if (summary.authoredUsageMethods.length > 0) {
    out.push(`- Authored usage estimate: ${summary.authoredUsageMethods.join(" / ")}`);
  }
  if (options.resultsFile) out.push(`- promptfoo's full results: \`${options.resultsFile}\`.`);
  return `${out.join("\n")}\n`;
}
