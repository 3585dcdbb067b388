import { MODELS } from "@memfiles/core";
import { formatTable } from "../internal/text-table.js";
import {
  BROKEN_CHECK,
  type CostFigures,
  type EvalReport,
  formatInterval,
} from "./build-eval-report.js";
import { describeProvenance, markMixed, mergeProvenanceCounts } from "./describe-provenance.js";
import { CELL_MEANING, formatRunCounts } from "./run-counts.js";

/** Longest failure reason shown inside the check table; the full text follows the table. */
const REASON_IN_TABLE = 70;
/** Longest check name shown inside the check table (long `mentions_none(...)` lists are cut). */
const CHECK_IN_TABLE = 60;
/** Width the usage method is wrapped to. */
const WRAP = 100;

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** Wraps text at spaces to lines of at most `width` chars, each prefixed with `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && indent.length + line.length + 1 + word.length > width) {
      lines.push(`${indent}${line}`);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(`${indent}${line}`);
  return lines;
}

function usd(value: number): string {
  return `$${value.toFixed(6)}`;
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}

function costCells(row: CostFigures): string[] {
  return [
    String(row.calls),
    count(row.input),
    count(row.output),
    count(row.thinking),
    count(row.cacheWrite),
    count(row.cacheRead),
    usd(row.usd),
  ];
}

const COST_HEADERS = [
  "calls",
  "input",
  "output",
  "of it thinking",
  "cache write",
  "cache read",
  "USD",
];
const COST_ALIGN = ["right", "right", "right", "right", "right", "right", "right"] as const;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Options of `formatEvalReport`. */
export type FormatEvalReportOptions = {
  /** Print the full usage-estimation method of authored recordings (default: one line). */
  verbose?: boolean;
};

/**
 * Formats the eval report for a terminal (and a CI job page: the tables are markdown): the
 * provenance of the recordings, the scenario x check table (PASS, or FAIL with the reason), the
 * cost per session and stage, totals per scenario and model and per model, and the broken runs.
 *
 * @param report - From `buildEvalReport`.
 * @param options - `{ verbose? }`: the full usage method instead of a one-line pointer to it.
 * @returns The text, ending with a newline.
 * @example process.stdout.write(formatEvalReport(buildEvalReport(results, "extraction@1")));
 */
export function formatEvalReport(
  report: EvalReport,
  options: FormatEvalReportOptions = {},
): string {
  const out: string[] = [];
  out.push(`memfiles eval — ${report.extractionPrompt}, models: ${report.models.join(", ")}`);
  for (const provenance of report.provenance) {
    if (provenance.kind === "recorded") {
      out.push(`recordings: ${describeProvenance(provenance)}`);
    } else if (options.verbose) {
      out.push("recordings: authored by hand. Usage method:");
      out.push(...wrap(provenance.usageMethod, WRAP, "  "));
    } else {
      out.push(
        "recordings: authored — usage estimated from characters (method: see --verbose or the JSON report)",
      );
    }
  }
  if (report.provenance.some((provenance) => provenance.kind === "authored")) {
    out.push(
      "note: authored recordings show the pipeline works (requests, guards, graders, cost arithmetic), " +
        "not how good a model or prompt is.",
    );
  }
  out.push("", "## Checks", "");
  out.push(
    formatTable({
      headers: ["scenario", "check", ...report.models],
      rows: report.checks.map((row) => [
        row.scenarioId,
        cut(row.check, CHECK_IN_TABLE),
        ...report.models.map((model) => {
          const outcome = row.outcomes[model];
          if (outcome === undefined) return "-";
          const counts = outcome.epochs === undefined ? "" : ` ${outcome.passes}/${outcome.epochs}`;
          if (outcome.pass) return `PASS${counts}`;
          const reason = cut(oneLine(outcome.reason), REASON_IN_TABLE);
          return row.check === BROKEN_CHECK ? reason : `FAIL${counts}: ${reason}`;
        }),
      ]),
    }),
  );
  const failures = report.results.flatMap((result) =>
    result.checks
      .filter((check) => !check.pass)
      .map(
        (check) =>
          `- ${result.scenarioId} [${result.model}]${result.epochs > 1 ? ` epoch ${result.epoch}` : ""} ${check.name}: ${oneLine(check.reason)}`,
      ),
  );
  if (failures.length > 0) out.push("", "### Failed checks", "", ...failures);
  out.push(...formatEpochs(report));
  out.push(...formatJudged(report));
  if (report.refused.length > 0) {
    out.push("", "### Refused by code (runs that did not pass)", "");
    for (const row of report.refused) {
      const what =
        row.fact === undefined ? `rewrite of ${row.path}` : `"${row.fact}" -> ${row.path}`;
      out.push(
        `- ${row.scenarioId} [${row.model}] session ${row.session} ${row.stage}: ${what} (${row.code}): ${oneLine(row.message)}`,
      );
    }
  }
  if (report.broken.length > 0) {
    out.push("", "### Broken runs (no grade: the run itself failed)", "");
    for (const run of report.broken) {
      out.push(
        `- ${run.scenarioId} [${run.model}] ${run.name}:`,
        ...run.message.split("\n").map((line) => `    ${line}`),
      );
    }
  }

  out.push("", "## Cost per session", "");
  out.push(
    formatTable({
      headers: ["scenario", "model", "session", "stage", ...COST_HEADERS],
      align: ["left", "left", "left", "left", ...COST_ALIGN],
      rows: report.sessionCosts.map((row) => [
        row.epoch === undefined ? row.scenarioId : `${row.scenarioId} (epoch ${row.epoch})`,
        row.model,
        String(row.session),
        row.stage,
        ...costCells(row),
      ]),
    }),
  );
  if (report.writeRates.length > 0) {
    out.push(
      "",
      "## Write pass: sync vs batch",
      "",
      "The same tokens at the Messages API rate and at the Message Batches rate (every part at 50%, cache writes and reads included).",
      "",
      formatTable({
        headers: ["scenario", "model", "session", "sync", "batch"],
        align: ["left", "left", "left", "right", "right"],
        rows: report.writeRates.map((row) => [
          row.scenarioId,
          row.model,
          String(row.session),
          usd(row.sync),
          usd(row.batch),
        ]),
      }),
    );
  }
  out.push("", "## Cost per scenario", "");
  out.push(
    formatTable({
      headers: ["scenario", "model", ...COST_HEADERS],
      align: ["left", "left", ...COST_ALIGN],
      rows: report.scenarioCosts.map((row) => [
        row.epoch === undefined ? row.scenarioId : `${row.scenarioId} (epoch ${row.epoch})`,
        row.model,
        ...costCells(row),
      ]),
    }),
  );
  out.push("", "## Cost per model (all scenarios)", "");
  out.push(
    formatTable({
      headers: ["model", ...COST_HEADERS],
      align: ["left", ...COST_ALIGN],
      rows: report.modelCosts.map((row) => {
        const cells = costCells(row);
        cells[cells.length - 1] = markMixed(cells.at(-1) ?? "", row.provenance);
        return [row.model, ...cells];
      }),
    }),
  );
  const opus = report.modelCosts.find((row) => row.model === MODELS.opus);
  const haiku = report.modelCosts.find((row) => row.model === MODELS.haiku);
  if (opus && haiku && haiku.usd > 0) {
    out.push(
      "",
      `Opus/Haiku cost ratio (${MODELS.opus} / ${MODELS.haiku}, all scenarios): ` +
        markMixed(
          `${(opus.usd / haiku.usd).toFixed(1)}x`,
          mergeProvenanceCounts(opus.provenance, haiku.provenance),
        ),
    );
  }
  if (report.cacheWarnings.length > 0) {
    out.push(
      "",
      "Cache breakpoints below the model's minimum cacheable length (not cached, paid in full each request):",
    );
    for (const warning of report.cacheWarnings) {
      out.push(
        `- ${warning.model}: "${warning.breakpoint}" prefix up to ~${count(warning.tokens)} tokens < ` +
          `${count(warning.minimum)} minimum (${warning.scenarios.length} scenario(s))`,
      );
    }
  }
  const { failedCells, brokenCells } = report.summary;
  out.push(
    "",
    `Result: ${formatRunCounts(report.summary)}; ${failedCells} cells with failed checks, ${brokenCells} broken (${CELL_MEANING}).`,
  );
  return `${out.join("\n")}\n`;
}

/**
 * Where the judge and the keyword answer checks disagree; one line when they agree everywhere.
 * Nothing when no scenario asked for a judge.
 */
function formatJudged(report: EvalReport): string[] {
  const { answers, disagreements } = report.judged;
  if (answers === 0) return [];
  if (disagreements.length === 0) {
    return ["", `Judge vs keyword checks: they agree on all ${answers} judged answer(s).`];
  }
  return [
    "",
    `### Judge vs keyword checks: ${disagreements.length} of ${answers} judged answer(s) disagree`,
    "",
    ...disagreements.map((row) => {
      const epoch = row.epoch > 1 ? ` epoch ${row.epoch}` : "";
      const keywords = row.keywords.pass
        ? "keyword checks PASS"
        : `keyword checks FAIL (${row.keywords.failed.map(oneLine).join("; ")})`;
      return `- ${row.scenarioId} [${row.model}]${epoch}: judge ${row.judge.pass ? "PASS" : "FAIL"} (${oneLine(row.judge.reason)}), ${keywords}`;
    }),
  ];
}

/**
 * The epochs section: every cell with more than one epoch (passes / epochs, interval, the pass
 * rate it needs, the notes of authored slips), then every model's pass rate over all its epochs.
 * Nothing when every cell ran once, so a one-epoch report reads as before.
 *
 * @param report - From `buildEvalReport`.
 * @returns Lines (empty when every cell ran once), each without its newline.
 */
export function formatEpochs(report: EvalReport): string[] {
  const several = report.cells.filter((cell) => cell.epochs > 1);
  if (several.length === 0) return [];
  const out = [
    "",
    "## Epochs of the cells that have several (passing epochs / epochs, 95% Wilson interval; the verdict is the cell's)",
    "",
  ];
  out.push(
    formatTable({
      headers: ["scenario", "model", "epochs passed", "needs", "verdict"],
      rows: several.map((cell) => [
        cell.scenarioId,
        cell.model,
        markMixed(formatInterval(cell.passes, cell.epochs, cell.interval), cell.provenance),
        cell.minPassRate === 1 ? "every epoch" : `${Math.round(cell.minPassRate * 100)}%`,
        cell.pass ? "PASS" : cell.broken > 0 ? "BROKEN" : "FAIL",
      ]),
    }),
  );
  const notes = several.flatMap((cell) =>
    cell.notes.map(
      (item) => `- ${cell.scenarioId} [${cell.model}] epoch ${item.epoch}: ${item.note}`,
    ),
  );
  if (notes.length > 0) out.push("", ...notes);
  out.push("", "Per model, every epoch of every scenario:");
  for (const arm of report.arms) {
    out.push(
      `- ${arm.model}: ${markMixed(formatInterval(arm.passes, arm.epochs, arm.interval), arm.provenance)}`,
    );
  }
  return out;
}
